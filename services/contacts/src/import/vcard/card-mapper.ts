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
  'URL',
  'BDAY',
  // Apple writes custom labels as a grouped property beside the value: item1.TEL + item1.X-ABLABEL.
  'X-ABLABEL',
  'KIND',
  'X-ADDRESSBOOKSERVER-KIND',
]);

export const NO_NAME_REASON = 'No name: the card has neither an N nor an FN value';

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
const cleanEmail = (value: string) => oneLine(value.replace(/^mailto:/i, ''));
const cleanPhone = (value: string) => oneLine(value.replace(/^tel:/i, ''));

/**
 * `onControlCharacters` hears the names of the properties whose values held control characters
 * (a NUL byte, or `=00` in quoted-printable): they are removed from the values, never stored.
 */
export function mapCard(
  card: RawCard,
  fileWasUtf16: boolean,
  onControlCharacters: (propertyNames: string[]) => void = () => {},
): ParsedCard {
  const cleaned = new Set<string>();
  const text = (property: RawProperty) => {
    const decoded = decodeValue(property, fileWasUtf16);
    const clean = stripControlCharacters(decoded, 'multiLine');
    if (clean !== decoded) cleaned.add(property.name);
    return clean;
  };
  const { firstName, lastName } = nameOf(card, text);
  const email = preferredValue(card, 'EMAIL', text, cleanEmail);
  const phoneNumber = preferredValue(card, 'TEL', text, cleanPhone);
  const contact = {
    firstName,
    lastName,
    email,
    phoneNumber,
    notes: clip(joinedText(card, 'NOTE', text, '\n\n'), 5000),
    birthday: birthdayOf(card, text),
    company: clip(organizationOf(card, text), 200),
    jobTitle: clip(oneLineOrNull(joinedText(card, 'TITLE', text, ', ')), 200),
    phones: additionalValues(card, 'TEL', text, cleanPhone, phoneNumber, (value) => value.length <= 50),
    emails: additionalValues(
      card,
      'EMAIL',
      text,
      cleanEmail,
      email,
      (value) => value.length <= 254 && LOOSE_EMAIL_PATTERN.test(value),
    ),
    address: clip(addressOf(card, text), 1000),
    website: clip(preferredValue(card, 'URL', text, oneLine), 500),
  };
  if (cleaned.size) onControlCharacters([...cleaned]);
  return { ...contact, ...validity(contact) };
}

const oneLineOrNull = (value: string | null) => (value === null ? null : oneLine(value) || null);

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

/**
 * The preferred ADR as lines: post office box, extended and street address, then
 * "locality region postal-code", then the country.
 */
function addressOf(card: RawCard, text: TextOf): string | null {
  const adr = preferredProperty(card, 'ADR', (property) =>
    splitComponents(text(property)).some((part) => unescapeText(part).trim()),
  );
  if (!adr) return null;
  const [poBox = '', extended = '', street = '', locality = '', region = '', postalCode = '', country = ''] =
    splitComponents(text(adr)).map((part) => unescapeText(part).trim());
  const lines = [poBox, extended, street, [locality, region, postalCode].filter(Boolean).join(' '), country];
  const address = lines
    .flatMap((line) => line.split(/\r\n?|\n/))
    .map((line) => line.trim())
    .filter(Boolean)
    .join('\n');
  return address || null;
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

/** The TEL or EMAIL values besides the primary one, in file order, each once, labelled by its TYPE. */
function additionalValues(
  card: RawCard,
  name: string,
  text: TextOf,
  clean: (value: string) => string,
  primary: string | null,
  acceptable: (value: string) => boolean,
): LabeledValue[] {
  const seen = new Set(primary ? [primary.toLowerCase()] : []);
  const values: LabeledValue[] = [];
  for (const property of card.properties) {
    if (property.name !== name) continue;
    const value = clean(unescapeText(text(property)));
    if (!value || seen.has(value.toLowerCase()) || !acceptable(value)) continue;
    seen.add(value.toLowerCase());
    values.push({ label: labelOf(card, property, text), value });
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

/** N's family and given parts; only when both are empty, FN split at its first whitespace. */
function nameOf(card: RawCard, text: TextOf): { firstName: string; lastName: string } {
  const n = card.properties.find((property) => property.name === 'N');
  if (n) {
    const [family = '', given = ''] = splitComponents(text(n)).map((part) => oneLine(unescapeText(part)));
    if (family || given) return { firstName: given, lastName: family };
  }
  for (const property of card.properties) {
    if (property.name !== 'FN') continue;
    const fullName = oneLine(unescapeText(text(property)));
    if (!fullName) continue;
    const [firstName = '', ...rest] = fullName.split(/\s+/);
    return { firstName, lastName: rest.join(' ') };
  }
  return { firstName: '', lastName: '' };
}

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

function preferredValue(card: RawCard, name: string, text: TextOf, clean: (value: string) => string): string | null {
  let best: string | null = null;
  let bestRank = NOT_PREFERRED;
  for (const property of card.properties) {
    if (property.name !== name) continue;
    const rank = preferenceRank(property);
    if (best !== null && rank >= bestRank) continue;
    const value = clean(unescapeText(text(property)));
    if (!value) continue;
    best = value;
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
  website: 'Website',
};

function validity(contact: Omit<ParsedCard, 'isValid' | 'reason'>): Pick<ParsedCard, 'isValid' | 'reason'> {
  if (!contact.firstName && !contact.lastName) return { isValid: false, reason: NO_NAME_REASON };
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
