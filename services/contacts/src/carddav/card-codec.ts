/**
 * The vCard side of a synced contact. Reading uses the import's tokenizer and mapper (one
 * mapping for import and sync); writing patches Kith's current values into the card the client
 * last wrote, so every property Kith does not model comes back verbatim.
 */
import { randomUUID } from 'node:crypto';
import { stripControlCharacters, type SyncedCard, syncedCardSchema } from '@kith/contracts';
import { isGroupCard, mapCard } from '../import/vcard/card-mapper.js';
import { decodeValue, splitComponents, unescapeText } from '../import/vcard/decoding.js';
import { parsePropertyLine, tokenize } from '../import/vcard/tokenizer.js';
import type { RawCard, RawProperty } from '../import/vcard/types.js';

/** What Kith keeps of a card, plus the card's identity and categories. */
export interface CardFields extends SyncedCard {
  uid: string | null;
  categories: string[];
}

/** A contact as the card writer needs it. */
export interface ContactCardValues {
  id: string;
  uid: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phoneNumber: string | null;
  notes: string | null;
  /** Its list's name, carried as a category. */
  listName: string | null;
  /** The card the client last wrote, or null for a contact made in Kith. */
  storedCard: string | null;
}

export class CardRejectedError extends Error {}

/** Reads a card a client PUT; throws CardRejectedError (naming the problem) for one Kith cannot store. */
export function readCard(text: string): CardFields {
  const raw = onlyCard(text);
  if (isGroupCard(raw))
    throw new CardRejectedError('Group cards are not stored: Kith keeps people, and groups as lists');
  const mapped = mapCard(raw, false);
  const parsed = syncedCardSchema.safeParse({ ...mapped, notes: firstText(raw, 'NOTE') });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new CardRejectedError(`${String(issue.path[0] ?? 'card')}: ${issue.message}`);
  }
  return { ...parsed.data, uid: firstText(raw, 'UID'), categories: categoriesOf(raw) };
}

/**
 * The card served for a contact: the stored card with Kith's values patched in (byte for byte
 * the stored card when Kith changed nothing), or a new vCard 3.0 for a contact made in Kith.
 * `listNames` are all the user's list names: categories naming another list are not kept.
 */
export function writeCard(contact: ContactCardValues, listNames: ReadonlySet<string>): string {
  if (!contact.storedCard) return freshCard(contact);
  const stored = readStoredCard(contact.storedCard);
  if (!stored) return freshCard(contact);
  const { fields, lines } = stored;
  const categories = keptCategories(fields.categories, listNames, contact.listName);
  const wanted = {
    email: contact.email,
    phoneNumber: contact.phoneNumber,
    notes: contact.notes,
    namesChanged: fields.firstName !== contact.firstName || fields.lastName !== contact.lastName,
    categoriesChanged: categories.join('\u0000') !== fields.categories.join('\u0000'),
    uidChanged: fields.uid !== contact.uid,
  };
  if (
    !wanted.namesChanged &&
    !wanted.categoriesChanged &&
    !wanted.uidChanged &&
    fields.email === contact.email &&
    fields.phoneNumber === contact.phoneNumber &&
    fields.notes === contact.notes
  ) {
    return contact.storedCard;
  }
  const out: string[] = [];
  const seen = new Set<string>();
  for (const line of lines) {
    const property = parsePropertyLine(line);
    const name = property?.name;
    if (!property || !name) {
      out.push(line);
      continue;
    }
    if (name === 'END') {
      appendMissing(out, seen, contact, categories);
      out.push(line);
      continue;
    }
    const first = !seen.has(name);
    seen.add(name);
    if (name === 'N' && first && wanted.namesChanged) out.push(withValue(property, nameValue(property, contact)));
    else if (name === 'FN' && first && wanted.namesChanged)
      out.push(withValue(property, escapeText(fullName(contact))));
    else if (name === 'UID' && first) out.push(withValue(property, escapeText(contact.uid)));
    else if (name === 'CATEGORIES') {
      if (first && categories.length) out.push(withValue(property, categories.map(escapeText).join(',')));
    } else if (name === 'NOTE' && first && fields.notes !== contact.notes) {
      if (contact.notes) out.push(withValue(property, escapeText(contact.notes)));
    } else if (name === 'EMAIL' && isPrimary(property, fields.email, 'mailto:') && fields.email !== contact.email) {
      if (contact.email) out.push(withValue(property, escapeText(contact.email)));
      fields.email = null; // one primary line only
    } else if (
      name === 'TEL' &&
      isPrimary(property, fields.phoneNumber, 'tel:') &&
      fields.phoneNumber !== contact.phoneNumber
    ) {
      if (contact.phoneNumber) out.push(withValue(property, escapeText(contact.phoneNumber)));
      fields.phoneNumber = null;
    } else out.push(line);
  }
  return foldCard(out);
}

/** A new card's UID when the client sent none (RFC 6352 requires one; Kith then keeps it). */
export function newCardUid(): string {
  return randomUUID();
}

function onlyCard(text: string): RawCard {
  const cards: RawCard[] = [];
  tokenize(Buffer.from(text, 'utf8').toString('latin1'), (card) => cards.push(card));
  if (cards.length !== 1)
    throw new CardRejectedError(
      cards.length === 0
        ? 'The body is not a vCard (no BEGIN:VCARD … END:VCARD)'
        : 'One vCard per resource, this body has several',
    );
  return cards[0]!;
}

function readStoredCard(text: string): { fields: CardFields; lines: string[] } | null {
  try {
    return { fields: readCard(text), lines: unfold(text) };
  } catch {
    return null;
  }
}

/** A value as text; control characters (say `=00` in quoted-printable) are dropped as the import drops them. */
const textOf = (property: RawProperty) =>
  unescapeText(stripControlCharacters(decodeValue(property, false), 'multiLine'));

function firstText(card: RawCard, name: string): string | null {
  const property = card.properties.find((candidate) => candidate.name === name);
  const value = property ? textOf(property).trim() : '';
  return value || null;
}

function categoriesOf(card: RawCard): string[] {
  return card.properties
    .filter((property) => property.name === 'CATEGORIES')
    .flatMap((property) => splitList(stripControlCharacters(decodeValue(property, false), 'singleLine')))
    .map((category) => category.trim())
    .filter(Boolean);
}

/** Splits a comma list on unescaped commas, then unescapes each part. */
function splitList(text: string): string[] {
  const parts: string[] = [];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === ',') {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map(unescapeText);
}

/** The card's own categories that are not list names, after the contact's list (if any). */
function keptCategories(categories: string[], listNames: ReadonlySet<string>, listName: string | null): string[] {
  const lists = new Set([...listNames].map((name) => name.toLowerCase()));
  const own = categories.filter((category) => !lists.has(category.toLowerCase()));
  if (!listName) return own;
  const listFirst = [listName, ...own];
  // Keep the card's order when it already had this list among its categories.
  const sameSet =
    categories.length === listFirst.length && categories.every((category) => listFirst.includes(category));
  return sameSet ? categories : listFirst;
}

function isPrimary(property: RawProperty, primaryValue: string | null, scheme: string): boolean {
  if (primaryValue === null) return false;
  // A line of the stored text (not a byte string): its value is already text.
  const value = unescapeText(property.value).trim();
  return (value.toLowerCase().startsWith(scheme) ? value.slice(scheme.length).trim() : value) === primaryValue;
}

function appendMissing(out: string[], seen: Set<string>, contact: ContactCardValues, categories: string[]): void {
  const missing = [
    !seen.has('FN') && `FN:${escapeText(fullName(contact))}`,
    !seen.has('N') && `N:${escapeText(contact.lastName)};${escapeText(contact.firstName)};;;`,
    !seen.has('UID') && `UID:${escapeText(contact.uid)}`,
    !seen.has('NOTE') && contact.notes && `NOTE:${escapeText(contact.notes)}`,
    !seen.has('CATEGORIES') && categories.length > 0 && `CATEGORIES:${categories.map(escapeText).join(',')}`,
  ];
  out.push(...missing.filter((line): line is string => typeof line === 'string'));
  if (
    contact.email &&
    !out.some((line) => parsePropertyLine(line)?.name === 'EMAIL' && line.includes(escapeText(contact.email!)))
  ) {
    out.push(`EMAIL;TYPE=INTERNET:${escapeText(contact.email)}`);
  }
  if (
    contact.phoneNumber &&
    !out.some((line) => parsePropertyLine(line)?.name === 'TEL' && line.includes(escapeText(contact.phoneNumber!)))
  ) {
    out.push(`TEL:${escapeText(contact.phoneNumber)}`);
  }
}

function freshCard(contact: ContactCardValues): string {
  const lines = ['BEGIN:VCARD', 'VERSION:3.0', 'PRODID:-//Kith//CardDAV//EN', `UID:${escapeText(contact.uid)}`];
  lines.push(
    `FN:${escapeText(fullName(contact))}`,
    `N:${escapeText(contact.lastName)};${escapeText(contact.firstName)};;;`,
  );
  if (contact.email) lines.push(`EMAIL;TYPE=INTERNET:${escapeText(contact.email)}`);
  if (contact.phoneNumber) lines.push(`TEL:${escapeText(contact.phoneNumber)}`);
  if (contact.notes) lines.push(`NOTE:${escapeText(contact.notes)}`);
  if (contact.listName) lines.push(`CATEGORIES:${escapeText(contact.listName)}`);
  lines.push('END:VCARD');
  return foldCard(lines);
}

function fullName(contact: Pick<ContactCardValues, 'firstName' | 'lastName'>): string {
  return [contact.firstName, contact.lastName].filter(Boolean).join(' ');
}

/** N with the new family and given names; middle names, prefixes and suffixes stay as written. */
function nameValue(property: RawProperty, contact: ContactCardValues): string {
  const components = splitComponents(property.value);
  while (components.length < 5) components.push('');
  components[0] = escapeText(contact.lastName);
  components[1] = escapeText(contact.firstName);
  return components.join(';');
}

/** The property line with a new value; its group and parameters stay (encodings no longer apply). */
function withValue(property: RawProperty, value: string): string {
  const params = property.params
    .filter((param) => param.name !== 'ENCODING' && param.name !== 'CHARSET')
    .map((param) => `;${param.name}=${param.values.map(quoteParam).join(',')}`)
    .join('');
  return `${property.group ? `${property.group}.` : ''}${property.name}${params}:${value}`;
}

function quoteParam(value: string): string {
  return /[:;,]/.test(value) ? `"${value.replace(/"/g, '')}"` : value;
}

export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/\r\n|\r|\n/g, '\\n')
    .replace(/,/g, '\\,')
    .replace(/;/g, '\\;');
}

/** RFC 6350 §3.2: logical lines, continuation lines (starting with a space or tab) joined back. */
export function unfold(text: string): string[] {
  return text
    .replace(/\r\n[ \t]|\n[ \t]|\r[ \t]/g, '')
    .split(/\r\n|\n|\r/)
    .filter((line) => line.trim() !== '');
}

/** CRLF lines folded at 75 octets, never inside a UTF-8 character. */
export function foldCard(lines: string[]): string {
  return lines.map(foldLine).join('\r\n') + '\r\n';
}

function foldLine(line: string): string {
  if (Buffer.byteLength(line, 'utf8') <= 75) return line;
  const pieces: string[] = [];
  let current = '';
  let currentBytes = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    const limit = pieces.length === 0 ? 75 : 74;
    if (currentBytes + size > limit) {
      pieces.push(current);
      current = '';
      currentBytes = 0;
    }
    current += char;
    currentBytes += size;
  }
  pieces.push(current);
  return pieces.join('\r\n ');
}
