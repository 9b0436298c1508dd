/**
 * The vCard side of a synced contact, on the import/export mapping: reading is the import's
 * tokenizer and mapper (card-mapper.ts), writing is the export's writer (write-vcard.ts). A card
 * made in Kith is the export's card. A card a client wrote is served back as written, with only
 * the properties of the fields Kith changed replaced by the writer's, so everything Kith does not
 * model (photos, second addresses, IMPP, X- properties, a TEL's TYPE…) comes back verbatim.
 */
import { randomUUID } from 'node:crypto';
import { type LabeledValue, type SyncedCard, syncedCardSchema, type VCardVersion } from '@kith/contracts';
import { CRLF, foldLine } from '../common/content-lines.js';
import { categoriesOf, isGroupCard, mapCard, propertyRoles } from './card-mapper.js';
import { decodeValue, splitComponents, unescapeText } from './decoding.js';
import { parsePropertyLine, tokenize } from './tokenizer.js';
import type { RawCard, RawProperty, VCardParam } from './types.js';
import { type CardField, cardProperties, type VCardContact, writeVCard, type WrittenProperty } from './write-vcard.js';

/** What Kith keeps of a card (every field the import reads), plus the card's identity and categories. */
export interface CardFields extends SyncedCard {
  uid: string | null;
  categories: string[];
}

/** A contact as the card writer needs it. */
export interface ContactCardValues extends Omit<VCardContact, 'updatedAt' | 'categories'> {
  id: string;
  /** Its list's name, carried as the first category. */
  listName: string | null;
  /** The card the client last wrote, or null for a contact made in Kith. */
  storedCard: string | null;
}

export class CardRejectedError extends Error {}

/** Reads a card a client PUT; throws CardRejectedError (naming the problem) for one Kith cannot store. */
export function readCard(text: string): CardFields {
  return fieldsOf(onlyCard(text, false));
}

function fieldsOf(raw: RawCard): CardFields {
  if (isGroupCard(raw))
    throw new CardRejectedError('Group cards are not stored: Kith keeps people, and groups as lists');
  const { listName: _listName, isValid: _isValid, reason: _reason, ...mapped } = mapCard(raw, false);
  const parsed = syncedCardSchema.safeParse(mapped);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new CardRejectedError(`${String(issue.path[0] ?? 'card')}: ${issue.message}`);
  }
  return { ...parsed.data, uid: firstText(raw, 'UID'), categories: categoriesOf(raw) };
}

/**
 * The card served for a contact. Made in Kith: the export's vCard 3.0 (without REV). Written by
 * a client: that card byte for byte when Kith changed none of its fields, else that card with
 * the changed fields' properties replaced by the writer's, in place.
 * `listNames` are all the user's list names: categories naming another list are not kept.
 */
export function writeCard(contact: ContactCardValues, listNames: ReadonlySet<string>): string {
  const stored = contact.storedCard ? readStoredCard(contact.storedCard) : null;
  if (!stored)
    return writeVCard({ ...contact, categories: contact.listName ? [contact.listName] : [], updatedAt: null });
  const { raw, fields } = stored;
  const categories = keptCategories(fields.categories, listNames, contact.listName);
  const changed = changedFields(fields, contact, categories);
  if (changed.size === 0) return contact.storedCard!;
  return patchCard(raw, contact, categories, changed);
}

/** A new card's UID when the client sent none (RFC 6352 requires one; Kith then keeps it). */
export function newCardUid(): string {
  return randomUUID();
}

function onlyCard(text: string, withSource: boolean): RawCard {
  const cards: RawCard[] = [];
  tokenize(Buffer.from(text, 'utf8').toString('latin1'), (card) => cards.push(card), { withSource });
  if (cards.length !== 1)
    throw new CardRejectedError(
      cards.length === 0
        ? 'The body is not a vCard (no BEGIN:VCARD … END:VCARD)'
        : 'One vCard per resource, this body has several',
    );
  return cards[0]!;
}

function readStoredCard(text: string): { raw: RawCard; fields: CardFields } | null {
  try {
    const raw = onlyCard(text, true);
    return { raw, fields: fieldsOf(raw) };
  } catch {
    return null;
  }
}

function firstText(card: RawCard, name: string): string | null {
  const property = card.properties.find((candidate) => candidate.name === name);
  const value = property ? unescapeText(decodeValue(property, false)).trim() : '';
  return value || null;
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

const sameValues = (a: LabeledValue[], b: LabeledValue[]) =>
  a.length === b.length &&
  a.every((entry, index) => entry.value === b[index]!.value && entry.label === b[index]!.label.toLowerCase());

/** The fields whose value in Kith differs from what the stored card reads as. */
function changedFields(fields: CardFields, contact: ContactCardValues, categories: string[]): Set<CardField> {
  const changed = new Set<CardField>();
  const differs: [CardField, boolean][] = [
    ['uid', fields.uid !== contact.uid],
    [
      'name',
      fields.firstName !== contact.firstName ||
        fields.lastName !== contact.lastName ||
        fields.namePrefix !== contact.namePrefix ||
        // FN and a company card's kind follow the company when there is no person's name.
        (!contact.firstName && !contact.lastName && fields.company !== contact.company),
    ],
    ['emails', fields.email !== contact.email || !sameValues(fields.emails, contact.emails)],
    ['phones', fields.phoneNumber !== contact.phoneNumber || !sameValues(fields.phones, contact.phones)],
    ['company', fields.company !== contact.company],
    ['jobTitle', fields.jobTitle !== contact.jobTitle],
    [
      'address',
      fields.address !== contact.address ||
        fields.city !== contact.city ||
        fields.region !== contact.region ||
        fields.postalCode !== contact.postalCode ||
        fields.country !== contact.country,
    ],
    ['website', fields.website !== contact.website],
    ['birthday', fields.birthday !== contact.birthday],
    ['notes', fields.notes !== contact.notes],
    ['categories', categories.join('\u0000') !== fields.categories.join('\u0000')],
  ];
  for (const [field, isChanged] of differs) if (isChanged) changed.add(field);
  return changed;
}

/** One entry of the card being rebuilt: a stored property as written, a new line, or where a field's new values go. */
type Piece =
  { kind: 'stored'; property: RawProperty } | { kind: 'line'; line: string } | { kind: 'slot'; field: CardField };

/**
 * The stored card with the changed fields rewritten. Each changed field's properties are replaced
 * where they stood; a replaced TEL, EMAIL, ADR, URL, N, FN, NOTE… keeps its group and parameters
 * (TYPE=CELL, PREF, an Apple label), only its value comes from the writer. A TEL or EMAIL Kith
 * still has stays as written. New values go where their field's first dropped line was, else
 * before END.
 */
function patchCard(raw: RawCard, contact: ContactCardValues, categories: string[], changed: Set<CardField>): string {
  const version: VCardVersion = firstText(raw, 'VERSION') === '4.0' ? '4.0' : '3.0';
  const written = cardProperties({ ...contact, categories }, version);
  const roles = propertyRoles(raw);
  const placed = new Set<string>();
  const covered = new Set<WrittenProperty>();
  const kept = new Set<RawProperty>();
  const pieces: Piece[] = [];
  const slotted = new Set<CardField>();
  const slot = (field: CardField) => {
    if (slotted.has(field)) return;
    slotted.add(field);
    pieces.push({ kind: 'slot', field });
  };

  for (const property of raw.properties) {
    if (property.name === 'REV') continue; // the client's revision no longer describes this card
    const role = roles.get(property);
    const outcome =
      !role || !changed.has(role.field)
        ? 'keep'
        : 'value' in role
          ? valueOutcome(property, role, written, covered)
          : fieldOutcome(property, role.field, written, placed);
    if (outcome === 'keep') {
      pieces.push({ kind: 'stored', property });
      kept.add(property);
    } else if (outcome !== null) {
      pieces.push({ kind: 'line', line: outcome });
      kept.add(property);
    } else {
      slot(role!.field);
    }
  }
  for (const field of changed) slot(field);

  const renameGroups = groupRenamer(raw);
  const out = [`BEGIN:VCARD${CRLF}`];
  for (const piece of pieces) {
    if (piece.kind === 'stored') {
      // A label whose value went goes with it; every other stored line stays as written.
      if (piece.property.name !== 'X-ABLABEL' || groupKept(raw, piece.property.group, kept))
        out.push(`${fromBytes(piece.property.source ?? '')}${CRLF}`);
    } else if (piece.kind === 'line') {
      out.push(foldLine(piece.line));
    } else if (piece.field === 'phones' || piece.field === 'emails') {
      for (const property of written)
        if (property.field === piece.field && !covered.has(property))
          out.push(...renameGroups(property.lines).map(foldLine));
    } else {
      for (const property of written)
        if (property.field === piece.field)
          out.push(...property.lines.filter((line) => !placed.has(line)).map(foldLine));
    }
  }
  out.push(`END:VCARD${CRLF}`);
  return out.join('');
}

/**
 * A stored TEL or EMAIL of a changed field: kept when Kith still has its value in the same role
 * (primary, or additional with the same label); a primary Kith changed takes the new value;
 * otherwise dropped (null).
 */
function valueOutcome(
  property: RawProperty,
  role: { field: 'phones' | 'emails'; value: string; label: string | null },
  written: WrittenProperty[],
  covered: Set<WrittenProperty>,
): 'keep' | string | null {
  const match = written.find(
    (candidate) =>
      candidate.field === role.field &&
      !covered.has(candidate) &&
      (role.label === null
        ? candidate.label === null
        : candidate.label?.toLowerCase() === role.label && candidate.value === role.value),
  );
  if (!match) return null;
  covered.add(match);
  return match.value === role.value ? 'keep' : withValueOf(property, match.lines[0]!);
}

/**
 * A stored property of a changed single-valued field (name, UID, company, title, address,
 * website, birthday, note, categories): the first takes the writer's value, later ones go.
 */
function fieldOutcome(property: RawProperty, field: CardField, written: WrittenProperty[], placed: Set<string>) {
  const lines = written.filter((candidate) => candidate.field === field).flatMap((candidate) => candidate.lines);
  const line = field === 'name' ? lines.find((candidate) => candidate.startsWith(`${property.name}:`)) : lines[0];
  if (!line || placed.has(line)) return null;
  placed.add(line);
  // A year-less birthday's X-APPLE-OMIT-YEAR must not linger on one with a year: the writer's line as is.
  if (field === 'birthday') return line;
  return property.name === 'N' ? withNameOf(property, line) : withValueOf(property, line);
}

/** Parameters that described the old value and must not stay on a new one. */
const STALE_PARAMS = new Set(['ENCODING', 'CHARSET', 'VALUE', 'LABEL']);

/** The stored property (its group and parameters) with the writer's value (and value type). */
function withValueOf(stored: RawProperty, writerLine: string, value?: string): string {
  const written = parsePropertyLine(writerLine)!;
  const params = [
    ...stored.params.filter((param) => !STALE_PARAMS.has(param.name)),
    ...written.params.filter((param) => param.name === 'VALUE'),
  ];
  const group = stored.group ? `${fromBytes(stored.group)}.` : '';
  return `${group}${stored.name}${params.map(paramText).join('')}:${value ?? written.value}`;
}

/** N with the new family and given names and prefix; the client's additional names and suffixes stay. */
function withNameOf(stored: RawProperty, writerLine: string): string {
  const [family = '', given = '', , prefix = ''] = splitComponents(parsePropertyLine(writerLine)!.value);
  const [, , additional = '', , suffix = ''] = splitComponents(decodeValue(stored, false));
  return withValueOf(stored, writerLine, [family, given, additional, prefix, suffix].join(';'));
}

function paramText(param: VCardParam): string {
  const values = param.values.map((value) => {
    const text = fromBytes(value);
    return /[:;,]/.test(text) ? `"${text.replace(/"/g, '')}"` : text;
  });
  return `;${param.name}=${values.join(',')}`;
}

/** True when the group still has a property besides its labels (or never had one). */
function groupKept(raw: RawCard, group: string | null, kept: Set<RawProperty>): boolean {
  if (!group) return true;
  const members = raw.properties.filter(
    (property) => property.name !== 'X-ABLABEL' && property.group?.toLowerCase() === group.toLowerCase(),
  );
  return members.length === 0 || members.some((property) => kept.has(property));
}

/** Renames the writer's item groups (item1, item2…) to ones the stored card does not use. */
function groupRenamer(raw: RawCard): (lines: string[]) => string[] {
  const used = new Set(raw.properties.flatMap((property) => (property.group ? [property.group.toLowerCase()] : [])));
  let next = 1;
  return (lines) => {
    while (used.has(`item${next}`)) next++;
    const group = `item${next}`;
    used.add(group);
    return lines.map((line) => line.replace(/^item\d+\./, `${group}.`));
  };
}

/** The tokenizer's byte strings (see decoding.ts) back to text. */
const fromBytes = (bytes: string) => Buffer.from(bytes, 'latin1').toString('utf8');

/** RFC 6350 §3.2: logical lines, continuation lines (starting with a space or tab) joined back. */
export function unfold(text: string): string[] {
  return text
    .replace(/\r\n[ \t]|\n[ \t]|\r[ \t]/g, '')
    .split(/\r\n|\n|\r/)
    .filter((line) => line.trim() !== '');
}
