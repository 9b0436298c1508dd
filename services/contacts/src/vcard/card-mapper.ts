/**
 * Mapper: one tokenized card to the contact Kith would import. Validity is decided by the same
 * schema that the import confirmation applies, so the preview never offers a row that the
 * confirmation would reject.
 */
import {
  formatBirthdayValue,
  importedContactSchema,
  type LabeledValue,
  LOOSE_EMAIL_PATTERN,
  MAX_EXTRA_CONTACT_VALUES,
  parseBirthday,
  stripControlCharacters,
} from '@kith/contracts';
import { decodeValue, paramValue, splitComponents, unescapeText } from './decoding.js';
import type { ParsedCard, RawCard, RawProperty } from './types.js';

/** The only properties the mapper reads; the tokenizer skips every other one. */
export const MAPPED_PROPERTIES: ReadonlySet<string> = new Set([
  'N',
  'FN',
  'EMAIL',
  'TEL',
  'NOTE',
  'ORG',
  'TITLE',
  'ADR',
  // vCard 2.1/3.0 delivery label: the address as printed, used when a card has no ADR.
  'LABEL',
  'URL',
  'BDAY',
  'CATEGORIES',
  // Apple writes custom labels as a grouped property beside the value: item1.TEL + item1.X-ABLABEL.
  'X-ABLABEL',
  'KIND',
  'X-ADDRESSBOOKSERVER-KIND',
  // Apple's mark of a company's card, written beside N and FN.
  'X-ABSHOWAS',
]);

export const NO_NAME_REASON = 'Nothing to know them by: the card has no name, company or phone number';

/** Group cards list members, they are not people. */
export function isGroupCard(card: RawCard): boolean {
  return card.properties.some(
    (property) =>
      (property.name === 'KIND' || property.name === 'X-ADDRESSBOOKSERVER-KIND') &&
      property.value.trim().toLowerCase() === 'group',
  );
}

/** A one-line field's value: tabs and line breaks (allowed in notes and addresses) become one space. */
const oneLine = (value: string) => value.replace(/[\t\n\r]+/g, ' ').trim();
const oneLineOrNull = (value: string | null) => (value === null ? null : oneLine(value) || null);
const cleanEmail = (value: string) => oneLine(value.replace(/^mailto:/i, ''));
const cleanPhone = (value: string) => oneLine(value.replace(/^tel:/i, ''));

/** A property's decoded value without control characters (a NUL byte, `=00` in quoted-printable). */
const cleanText = (property: RawProperty, fileWasUtf16: boolean) =>
  stripControlCharacters(decodeValue(property, fileWasUtf16), 'multiLine');

/**
 * `onControlCharacters` hears the names of the properties whose values held control characters:
 * they are removed from the values, never stored.
 */
export function mapCard(
  card: RawCard,
  fileWasUtf16: boolean,
  onControlCharacters: (propertyNames: string[]) => void = () => {},
): ParsedCard {
  const cleaned = new Set<string>();
  const text = (property: RawProperty) => {
    const clean = cleanText(property, fileWasUtf16);
    if (clean !== decodeValue(property, fileWasUtf16)) cleaned.add(property.name);
    return clean;
  };
  const company = clip(organizationOf(card, text), 200);
  const { firstName, lastName, namePrefix } = nameOf(card, text, company);
  const email = preferredSource(card, 'EMAIL', text, cleanEmail)?.value ?? null;
  const phoneNumber = preferredSource(card, 'TEL', text, cleanPhone)?.value ?? null;
  const contact = {
    firstName,
    lastName,
    email,
    phoneNumber,
    notes: clip(joinedText(card, 'NOTE', text, '\n\n'), 5000),
    birthday: birthdayOf(card, text),
    company,
    namePrefix: clip(namePrefix, 50),
    jobTitle: clip(oneLineOrNull(joinedText(card, 'TITLE', text, ', ')), 200),
    phones: additionalSources(card, 'TEL', text, cleanPhone, phoneNumber, acceptablePhone).map(labeled),
    emails: additionalSources(card, 'EMAIL', text, cleanEmail, email, acceptableEmail).map(labeled),
    ...addressOf(card, text),
    website: clip(preferredSource(card, 'URL', text, cleanUrl)?.value ?? null, 500),
    listName: listNameOf(categoriesOf(card, fileWasUtf16)),
  };
  if (cleaned.size) onControlCharacters([...cleaned]);
  return { ...contact, ...validity(contact) };
}

const cleanUrl = oneLine;
const acceptablePhone = (value: string) => value.length <= 50;
const acceptableEmail = (value: string) => value.length <= 254 && LOOSE_EMAIL_PATTERN.test(value);
const labeled = ({ label, value }: LabeledSource): LabeledValue => ({ label, value });

/**
 * What a card's property stands for in the mapping: one of the contact's fields (for TEL and
 * EMAIL, which value: the primary one, or an additional one with its label), or nothing.
 */
export type PropertyRole =
  | { field: 'name' | 'notes' | 'company' | 'jobTitle' | 'birthday' | 'address' | 'website' | 'categories' | 'uid' }
  | { field: 'phones' | 'emails'; value: string; label: string | null };

/**
 * The role of each property the mapping reads, decided by the same helpers mapCard uses, so a
 * writer that patches a card (CardDAV) knows which lines hold which field. Properties absent from
 * the map are not modelled — a second address, a photo, a value mapCard refused — and stay as written.
 */
export function propertyRoles(card: RawCard, fileWasUtf16 = false): Map<RawProperty, PropertyRole> {
  const text = (property: RawProperty) => cleanText(property, fileWasUtf16);
  const roles = new Map<RawProperty, PropertyRole>();
  const byName: Record<string, PropertyRole> = {
    N: { field: 'name' },
    FN: { field: 'name' },
    KIND: { field: 'name' },
    'X-ABSHOWAS': { field: 'name' },
    NOTE: { field: 'notes' },
    ORG: { field: 'company' },
    TITLE: { field: 'jobTitle' },
    BDAY: { field: 'birthday' },
    CATEGORIES: { field: 'categories' },
    UID: { field: 'uid' },
  };
  for (const property of card.properties) {
    const role = byName[property.name];
    if (role) roles.set(property, role);
  }
  const address = preferredAddress(card, text) ?? preferredLabel(card, text);
  if (address) roles.set(address, { field: 'address' });
  const website = preferredSource(card, 'URL', text, cleanUrl);
  if (website) roles.set(website.property, { field: 'website' });
  for (const [name, field, clean, acceptable] of [
    ['TEL', 'phones', cleanPhone, acceptablePhone],
    ['EMAIL', 'emails', cleanEmail, acceptableEmail],
  ] as const) {
    const primary = preferredSource(card, name, text, clean)?.value ?? null;
    const byValue = new Map<string, PropertyRole>();
    if (primary) byValue.set(primary.toLowerCase(), { field, value: primary, label: null });
    for (const extra of additionalSources(card, name, text, clean, primary, acceptable))
      byValue.set(extra.value.toLowerCase(), { field, value: extra.value, label: extra.label });
    // A repeat of a value (the mapping keeps it once) goes with that value.
    for (const property of card.properties) {
      if (property.name !== name) continue;
      const role = byValue.get(clean(unescapeText(text(property))).toLowerCase());
      if (role) roles.set(property, role);
    }
  }
  return roles;
}

/** Every category of the card, in order (commas inside a category are escaped). */
export function categoriesOf(card: RawCard, fileWasUtf16 = false): string[] {
  return card.properties
    .filter((property) => property.name === 'CATEGORIES')
    .flatMap((property) => splitList(stripControlCharacters(decodeValue(property, fileWasUtf16), 'singleLine')))
    .map((category) => category.trim())
    .filter(Boolean);
}

/**
 * Google puts every contact in its system groups ("My Contacts", "starred"): a list of everyone
 * is no list, so these never become one.
 */
const SYSTEM_CATEGORIES = new Set([
  'my contacts',
  'mycontacts',
  '* my contacts',
  '* mycontacts',
  'starred',
  '* starred',
]);
const MAX_LIST_NAME = 100;

/** The list a card's categories name: the first that is not a system group, cut to a list name's length. */
function listNameOf(categories: string[]): string | null {
  const name = categories.find((category) => !SYSTEM_CATEGORIES.has(category.toLowerCase()));
  return name ? name.slice(0, MAX_LIST_NAME).trim() : null;
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

const clip = (value: string | null, max: number): string | null =>
  value && value.length > max ? value.slice(0, max).trimEnd() : value;

/** Multi-line text as the app stores it: \n line ends (Outlook's quoted-printable =0D=0A becomes \r\n), no trailing blanks. */
const multiline = (value: string) =>
  value
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t]+\n/g, '\n')
    .trim();

/** Every non-empty value of a text property, in file order, joined. */
function joinedText(card: RawCard, name: string, text: TextOf, separator: string): string | null {
  const values = card.properties
    .filter((property) => property.name === name)
    .map((property) => multiline(unescapeText(text(property))))
    .filter(Boolean);
  return values.length ? values.join(separator) : null;
}

/** ORG's organisation and units ("Acme;Research" → "Acme, Research"). */
function organizationOf(card: RawCard, text: TextOf): string | null {
  const org = card.properties.find((property) => property.name === 'ORG' && text(property).trim());
  if (!org) return null;
  const parts = splitComponents(text(org))
    .map((part) => oneLine(unescapeText(part)))
    .filter(Boolean);
  return parts.length ? parts.join(', ') : null;
}

/** The postal address in its parts, as the contact keeps it. */
export interface AddressParts {
  address: string | null;
  city: string | null;
  region: string | null;
  postalCode: string | null;
  country: string | null;
}

/**
 * The preferred ADR in its parts: post office box, extended and street address as the street
 * lines, then locality, region, postal code and country each in its own field. A card with only
 * a LABEL (the address as printed) keeps it as the street lines.
 */
function addressOf(card: RawCard, text: TextOf): AddressParts {
  const adr = preferredAddress(card, text);
  if (!adr) {
    const label = preferredLabel(card, text);
    const address = label ? clip(asLines([unescapeText(text(label))]), 1000) : null;
    return { address, city: null, region: null, postalCode: null, country: null };
  }
  const [poBox = '', extended = '', street = '', locality = '', region = '', postalCode = '', country = ''] =
    splitComponents(text(adr)).map((part) => unescapeText(part).trim());
  const part = (value: string, max: number) => clip(oneLineOrNull(value), max);
  return {
    address: clip(asLines([poBox, extended, street]), 1000),
    city: part(locality, 200),
    region: part(region, 200),
    postalCode: part(postalCode, 40),
    country: part(country, 200),
  };
}

/** Non-empty lines, trimmed, joined with newlines; null when nothing is left. */
function asLines(lines: string[]): string | null {
  const address = lines
    .flatMap((line) => line.split(/\r\n?|\n/))
    .map((line) => line.trim())
    .filter(Boolean)
    .join('\n');
  return address || null;
}

function preferredAddress(card: RawCard, text: TextOf): RawProperty | null {
  return preferredProperty(card, 'ADR', (property) =>
    splitComponents(text(property)).some((part) => unescapeText(part).trim()),
  );
}

function preferredLabel(card: RawCard, text: TextOf): RawProperty | null {
  return preferredProperty(card, 'LABEL', (property) => Boolean(unescapeText(text(property)).trim()));
}

/**
 * BDAY in every form exporters write: 1985-03-12, 19850312, with a time after it, --03-12 and
 * --0312 without a year (vCard 4.0, Android), and Apple's X-APPLE-OMIT-YEAR placeholder year.
 * A value that is not a calendar day (text like "circa 1800") is left out.
 */
function birthdayOf(card: RawCard, text: TextOf): string | null {
  for (const property of card.properties) {
    if (property.name !== 'BDAY') continue;
    const value = text(property).trim().split('T')[0]!;
    const dated = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(value);
    const yearless = /^--(\d{2})-?(\d{2})$/.exec(value);
    if (!dated && !yearless) continue;
    const omittedYear = paramValue(property, 'X-APPLE-OMIT-YEAR');
    const year = dated && dated[1] !== '0000' && dated[1] !== omittedYear ? Number(dated[1]) : null;
    const month = Number(dated ? dated[2] : yearless![1]);
    const day = Number(dated ? dated[3] : yearless![2]);
    const birthday = formatBirthdayValue({ year, month, day });
    if (parseBirthday(birthday)) return birthday;
  }
  return null;
}

interface LabeledSource extends LabeledValue {
  property: RawProperty;
}

/** The TEL or EMAIL values besides the primary one, in file order, each once, labelled by its TYPE. */
function additionalSources(
  card: RawCard,
  name: string,
  text: TextOf,
  clean: (value: string) => string,
  primary: string | null,
  acceptable: (value: string) => boolean,
): LabeledSource[] {
  const seen = new Set(primary ? [primary.toLowerCase()] : []);
  const values: LabeledSource[] = [];
  for (const property of card.properties) {
    if (property.name !== name) continue;
    const value = clean(unescapeText(text(property)));
    if (!value || seen.has(value.toLowerCase()) || !acceptable(value)) continue;
    seen.add(value.toLowerCase());
    values.push({ label: labelOf(card, property, text), value, property });
  }
  return values.slice(0, MAX_EXTRA_CONTACT_VALUES);
}

/** TYPE words that say nothing a person would call the number or address by. */
const UNLABELLING_TYPES = new Set(['pref', 'voice', 'internet', 'x400', 'text', 'msg', 'uri']);
const TYPE_LABELS: Record<string, string> = { cell: 'mobile', iphone: 'iphone', 'x-mobile': 'mobile' };

/** The label a person gave (Apple's X-ABLabel), else the TYPE words ("work fax"), else 'other'. */
function labelOf(card: RawCard, property: RawProperty, text: TextOf): string {
  if (property.group) {
    const custom = card.properties.find(
      (candidate) => candidate.name === 'X-ABLABEL' && candidate.group === property.group,
    );
    const label =
      custom &&
      oneLine(unescapeText(text(custom)))
        .replace(/^_\$!<(.*)>!\$_$/, '$1')
        .toLowerCase();
    if (label) return label.slice(0, 30);
  }
  const words = property.params
    .filter((param) => param.name === 'TYPE')
    .flatMap((param) => param.values.flatMap((value) => value.split(',')))
    .map((value) => stripControlCharacters(value, 'singleLine').trim().toLowerCase())
    .filter((value) => value && !UNLABELLING_TYPES.has(value))
    .map((value) => TYPE_LABELS[value] ?? value);
  return [...new Set(words)].join(' ').slice(0, 30) || 'other';
}

type TextOf = (property: RawProperty) => string;

/**
 * Honorifics written before a name in FN ("Dr. Jane Roe"); N's fourth part is the card's own
 * prefix and is taken whatever it says.
 */
const HONORIFICS = new Set([
  'dr',
  'mr',
  'mrs',
  'ms',
  'miss',
  'mx',
  'prof',
  'sir',
  'dame',
  'rev',
  'fr',
  'mme',
  'mlle',
  'm',
  'herr',
  'frau',
  'sr',
  'sra',
  'srta',
  'dott',
  'dssa',
  'ing',
  'mag',
  'dipl',
]);
const isHonorific = (word: string) => HONORIFICS.has(word.toLowerCase().replace(/\.$/, ''));

/** A name that is only a phone number (phones write the number as FN when there is no name). */
const looksLikePhoneNumber = (value: string) =>
  /^[+\d\s().\-/*#]+$/.test(value) && value.replace(/\D/g, '').length >= 3;

interface CardName {
  firstName: string;
  lastName: string;
  namePrefix: string | null;
}

/**
 * N's family and given parts, and its honorific prefix; only when family and given are both
 * empty, FN split at its first whitespace, after an honorific it starts with. An FN that is the
 * card's company (a company's card) or a phone number is not a person's name: the names stay empty.
 */
function nameOf(card: RawCard, text: TextOf, company: string | null): CardName {
  const n = card.properties.find((property) => property.name === 'N');
  let namePrefix: string | null = null;
  if (n) {
    const [family = '', given = '', , prefix = ''] = splitComponents(text(n)).map((part) =>
      oneLine(unescapeText(part)),
    );
    namePrefix = prefix || null;
    if (family || given) {
      // "Dr." typed into the given name's box is a prefix, when a name follows it.
      const [first = '', ...others] = given.split(/\s+/);
      if (!namePrefix && others.length && isHonorific(first))
        return { firstName: others.join(' '), lastName: family, namePrefix: first };
      return { firstName: given, lastName: family, namePrefix };
    }
  }
  for (const property of card.properties) {
    if (property.name !== 'FN') continue;
    const fullName = oneLine(unescapeText(text(property)));
    if (!fullName) continue;
    if (looksLikePhoneNumber(fullName)) break;
    if (company && sameText(fullName, company)) break;
    const words = fullName.split(/\s+/);
    if (words.length > 1 && isHonorific(words[0]!)) namePrefix = namePrefix ?? words.shift()!;
    const [firstName = '', ...rest] = words;
    return { firstName, lastName: rest.join(' '), namePrefix };
  }
  return { firstName: '', lastName: '', namePrefix };
}

const sameText = (a: string, b: string) =>
  a.localeCompare(b, undefined, { sensitivity: 'base' }) === 0 || b.toLowerCase().startsWith(`${a.toLowerCase()},`);

/**
 * The most preferred non-empty value (2.1 bare PREF, 3.0 TYPE=pref, 4.0 PREF=n with the lowest
 * n), the first in file order among equals; the first value when none is preferred.
 */
function preferredProperty(
  card: RawCard,
  name: string,
  usable: (property: RawProperty) => boolean,
): RawProperty | null {
  let best: RawProperty | null = null;
  let bestRank = NOT_PREFERRED;
  for (const property of card.properties) {
    if (property.name !== name) continue;
    const rank = preferenceRank(property);
    if (best !== null && rank >= bestRank) continue;
    if (!usable(property)) continue;
    best = property;
    bestRank = rank;
  }
  return best;
}

function preferredSource(
  card: RawCard,
  name: string,
  text: TextOf,
  clean: (value: string) => string,
): { value: string; property: RawProperty } | null {
  let best: { value: string; property: RawProperty } | null = null;
  let bestRank = NOT_PREFERRED;
  for (const property of card.properties) {
    if (property.name !== name) continue;
    const rank = preferenceRank(property);
    if (best !== null && rank >= bestRank) continue;
    const value = clean(unescapeText(text(property)));
    if (!value) continue;
    best = { value, property };
    bestRank = rank;
  }
  return best;
}

const NOT_PREFERRED = Number.MAX_SAFE_INTEGER;

function preferenceRank(property: RawProperty): number {
  let rank = NOT_PREFERRED;
  for (const param of property.params) {
    if (param.name === 'PREF') {
      const n = Number.parseInt(param.values[0] ?? '', 10);
      rank = Math.min(rank, Number.isNaN(n) ? 1 : n);
    } else if (param.name === 'TYPE' && param.values.some((value) => /(^|,)\s*pref\s*(,|$)/i.test(value))) {
      rank = Math.min(rank, 1);
    }
  }
  return rank;
}

const FIELD_LABELS: Record<string, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  phoneNumber: 'Phone number',
  notes: 'Notes',
  birthday: 'Birthday',
  company: 'Company',
  jobTitle: 'Job title',
  phones: 'Phones',
  emails: 'Emails',
  address: 'Address',
  city: 'City',
  region: 'Region',
  postalCode: 'Postal code',
  country: 'Country',
  namePrefix: 'Prefix',
  website: 'Website',
  listName: 'List',
};

function validity(contact: Omit<ParsedCard, 'isValid' | 'reason'>): Pick<ParsedCard, 'isValid' | 'reason'> {
  if (!contact.firstName && !contact.lastName && !contact.company && !contact.phoneNumber)
    return { isValid: false, reason: NO_NAME_REASON };
  const result = importedContactSchema.safeParse(contact);
  if (result.success) return { isValid: true };
  const reason = result.error.issues
    .map((issue) => {
      const label = FIELD_LABELS[String(issue.path[0])] ?? String(issue.path[0]);
      return issue.message.startsWith(label) ? issue.message : `${label}: ${issue.message}`;
    })
    .join('; ');
  return { isValid: false, reason };
}
