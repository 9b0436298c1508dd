import type { ContactBasics, ContactDetails } from '@kith/contracts';

/**
 * One contact read from a vCard, before duplicate detection: given and family name trimmed ('' when
 * the card has none), the preferred EMAIL and TEL (else the first; a `tel:` prefix removed), every
 * NOTE joined by a blank line, and the list its CATEGORIES name.
 */
export interface ParsedCard extends ContactBasics, ContactDetails {
  /** The first category that is not a Google system group ('My Contacts', 'starred'), or null. */
  listName: string | null;
  /** False when the card cannot become a Kith contact; `reason` then says why. */
  isValid: boolean;
  reason?: string;
}

export interface VCardParseOutcome {
  /** Person cards in file order; group cards (Apple, vCard 4 KIND:group) are left out. */
  cards: ParsedCard[];
  /** Human-readable problems that did not stop the rest of the file, e.g. "Card 3 (line 40): missing END:VCARD". */
  errors: string[];
}

/** A property parameter; names are upper-cased, values are unquoted and split on commas. */
export interface VCardParam {
  name: string;
  values: string[];
}

/**
 * One unfolded property line. `value` is still encoded: a "byte string" (one char per byte,
 * code points 0-255) so that charsets can be applied per value after QUOTED-PRINTABLE.
 */
export interface RawProperty {
  group: string | null;
  name: string;
  params: VCardParam[];
  value: string;
  /** The physical lines it was read from, as written (only when the tokenizer is asked to keep them). */
  source?: string;
}

export interface RawCard {
  /** 1-based position of the card's BEGIN:VCARD among all cards of the file. */
  number: number;
  /** 1-based line of its BEGIN:VCARD. */
  line: number;
  properties: RawProperty[];
}
