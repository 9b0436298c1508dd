/**
 * Mapper: one tokenized card to the contact Kith would import. Validity is decided by the same
 * schema that the import confirmation applies, so the preview never offers a row that the
 * confirmation would reject.
 */
import { importedContactSchema } from '@kith/contracts';
import { decodeValue, splitComponents, unescapeText } from './decoding.js';
import type { ParsedCard, RawCard, RawProperty } from './types.js';

/** The only properties the mapper reads; the tokenizer skips every other one. */
export const MAPPED_PROPERTIES: ReadonlySet<string> = new Set([
  'N',
  'FN',
  'EMAIL',
  'TEL',
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

export function mapCard(card: RawCard, fileWasUtf16: boolean): ParsedCard {
  const text = (property: RawProperty) => decodeValue(property, fileWasUtf16);
  const { firstName, lastName } = nameOf(card, text);
  const email = preferredValue(card, 'EMAIL', text, (value) => value.replace(/^mailto:/i, '').trim());
  const phoneNumber = preferredValue(card, 'TEL', text, (value) => value.replace(/^tel:/i, '').trim());
  return { firstName, lastName, email, phoneNumber, ...validity({ firstName, lastName, email, phoneNumber }) };
}

type TextOf = (property: RawProperty) => string;

/** N's family and given parts; only when both are empty, FN split at its first whitespace. */
function nameOf(card: RawCard, text: TextOf): { firstName: string; lastName: string } {
  const n = card.properties.find((property) => property.name === 'N');
  if (n) {
    const [family = '', given = ''] = splitComponents(text(n)).map((part) => unescapeText(part).trim());
    if (family || given) return { firstName: given, lastName: family };
  }
  for (const property of card.properties) {
    if (property.name !== 'FN') continue;
    const fullName = unescapeText(text(property)).trim();
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
