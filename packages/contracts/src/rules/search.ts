import type { LabeledValue } from '../entities.js';

/** What a contacts search reads of a contact. */
export interface SearchableContact {
  firstName: string;
  lastName: string;
  email: string | null;
  phoneNumber: string | null;
  notes: string | null;
  company: string | null;
  phones: LabeledValue[];
  emails: LabeledValue[];
  namePrefix: string | null;
  jobTitle: string | null;
  address: string | null;
  city: string | null;
  region: string | null;
  postalCode: string | null;
  country: string | null;
}

/** Between two fields of the searched text, so that a term never matches across them. */
export const CONTACT_SEARCH_SEPARATOR = '\u001f';

/**
 * Letters (and the typographic punctuation) PostgreSQL's `unaccent` rewrites that are not a base
 * letter with combining marks.
 * Stripping combining marks alone would also take the breve off Cyrillic "й" and the voicing
 * marks off Japanese kana, which unaccent keeps: marks are only stripped from Latin and Greek
 * letters (below U+0400, and U+1E00–U+1FFF), as unaccent does.
 */
const FOLDED_LETTERS: Readonly<Record<string, string>> = {
  ß: 'ss',
  ẞ: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
  ħ: 'h',
  ŧ: 't',
  ŀ: 'l',
  ĳ: 'ij',
  ŉ: "'n",
  ŋ: 'n',
  Ŋ: 'n',
  ĸ: 'q',
  ſ: 's',
  ƀ: 'b',
  ƈ: 'c',
  ƌ: 'd',
  ƒ: 'f',
  ƙ: 'k',
  ƚ: 'l',
  ƞ: 'n',
  ƥ: 'p',
  ƫ: 't',
  ƭ: 't',
  ƴ: 'y',
  ƶ: 'z',
  ȥ: 'z',
  ȼ: 'c',
  ȿ: 's',
  ɀ: 'z',
  ё: 'е',
  Ё: 'е',
  ﬀ: 'ff',
  ﬁ: 'fi',
  ﬂ: 'fl',
  ﬃ: 'ffi',
  ﬄ: 'ffl',
  ﬆ: 'st',
  // Typographic punctuation phones and word processors put in names and notes ("O’Brien").
  '‐': '-',
  '‑': '-',
  '‒': '-',
  '–': '-',
  '—': '-',
  '―': '-',
  '‘': "'",
  '’': "'",
  '‚': ',',
  '‛': "'",
  '“': '"',
  '”': '"',
  '„': ',,',
  '‟': '"',
  '′': "'",
  '″': '"',
  '…': '...',
  '«': '<<',
  '»': '>>',
  '‹': '<',
  '›': '>',
  '×': '*',
};

const foldsMarks = (base: string) => {
  const code = base.codePointAt(0)!;
  return code < 0x0400 || (code >= 0x1e00 && code < 0x2000);
};

/**
 * Text as a search compares it: accents off and lower-cased, as the database's
 * `search_fold` (0046_search_as_people_write.sql: `lower(unaccent(…))`) does for the letters
 * people write names and places in; `rules-sql.integration-spec.ts` holds the two together.
 */
export function foldForSearch(text: string): string {
  let folded = '';
  for (const written of text.normalize('NFC')) {
    const code = written.codePointAt(0)!;
    // Full-width forms (Japanese and Chinese keyboards) are their ASCII letters, digits and signs.
    const character = code >= 0xff01 && code <= 0xff5e ? String.fromCodePoint(code - 0xfee0) : written;
    const special = FOLDED_LETTERS[character];
    if (special) {
      folded += special;
      continue;
    }
    const decomposed = character.normalize('NFD');
    folded += foldsMarks(decomposed) ? decomposed.replace(/[\u0300-\u036f]/g, '') : character;
  }
  const lower = folded.toLowerCase();
  // A lower-cased capital may be one of the letters above ("Ø" → "ø").
  return [...lower].map((character) => FOLDED_LETTERS[character] ?? character).join('');
}

/** The digits of a phone number, whatever its spacing, brackets or dashes. */
export const phoneDigits = (value: string | null) => (value ?? '').replace(/[^0-9]/g, '');

/**
 * The text a contacts search looks in, folded (foldForSearch): the full name ("first last"),
 * e-mail, phone number, notes, company, the additional phones' and e-mails' values, the name
 * prefix, job title and each part of the address; then, unfolded, the digits of the phone number
 * and of each additional phone. The database keeps the same text in contacts.search_text (a
 * generated column of the migrations); the contacts service's tests hold the column to this function.
 */
export function contactSearchText(contact: SearchableContact): string {
  const values = (entries: LabeledValue[]) => entries.map((entry) => entry.value).join(CONTACT_SEARCH_SEPARATOR);
  const folded = foldForSearch(
    [
      `${contact.firstName} ${contact.lastName}`,
      contact.email ?? '',
      contact.phoneNumber ?? '',
      contact.notes ?? '',
      contact.company ?? '',
      values(contact.phones),
      values(contact.emails),
      contact.namePrefix ?? '',
      contact.jobTitle ?? '',
      contact.address ?? '',
      contact.city ?? '',
      contact.region ?? '',
      contact.postalCode ?? '',
      contact.country ?? '',
    ].join(CONTACT_SEARCH_SEPARATOR),
  );
  const digits = [
    phoneDigits(contact.phoneNumber),
    contact.phones.map((phone) => phoneDigits(phone.value)).join(CONTACT_SEARCH_SEPARATOR),
  ];
  return [folded, ...digits].join(CONTACT_SEARCH_SEPARATOR);
}

/** A term that is written like a phone number: digits with spaces, dashes, dots, brackets, slashes, a leading +. */
const PHONE_LIKE = /^\+?[\d\s().\-/]+$/;
/** Fewer digits than this after a trunk or international prefix is dropped would find too much. */
const MIN_PREFIXLESS_DIGITS = 4;

/**
 * What a search for `term` looks for in the searched text, any one of them found being a match:
 * the term as written, folded; and when it is written like a phone number, its digits, so that
 * "06 11 22 33 44", "06-11-22-33-44" and "0611223344" are one search. A number is kept in the
 * form its person gave it (international "+33 6 11 22 33 44" or national "06 11 22 33 44"), so
 * the search reaches from one form to the other: without the national trunk prefix (a leading
 * "0": "0611223344" finds "+33 6 11 22 33 44" by "611223344") and without the international
 * call prefix ("0033 6…" finds "+33 6…"). A "+33 6…" search finds the international form; which
 * country a national number belongs to is not known, so it does not reach "06…".
 */
export function contactSearchTerms(term: string): string[] {
  const trimmed = term.trim();
  return [...new Set([foldForSearch(trimmed), ...phoneSearchTerms(trimmed)])];
}

/** The digit forms contactSearchTerms adds for a term written like a phone number; none for other terms. */
export function phoneSearchTerms(term: string): string[] {
  const trimmed = term.trim();
  if (!PHONE_LIKE.test(trimmed)) return [];
  const digits = phoneDigits(trimmed);
  if (!digits) return [];
  const international = !trimmed.startsWith('+') && /^00[1-9]/.test(digits);
  const trunk = !trimmed.startsWith('+') && /^0[1-9]/.test(digits);
  const prefixless = international ? digits.slice(2) : trunk ? digits.slice(1) : null;
  return prefixless && prefixless.length >= MIN_PREFIXLESS_DIGITS ? [digits, prefixless] : [digits];
}

/** Whether a search for `term` (trimmed, any case or accents, as GET /contacts?search= takes it) finds the contact. */
export function matchesContactSearch(contact: SearchableContact, term: string): boolean {
  const text = contactSearchText(contact);
  return contactSearchTerms(term).some((candidate) => text.includes(candidate));
}
