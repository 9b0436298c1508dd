/**
 * Duplicate detection for imports. A row is a duplicate when its email matches, or its phone
 * matches, or — only when it has neither — its full name matches, either one of the user's
 * existing contacts or an earlier row of the same import. Everything compares normalised keys,
 * so the caller can store the same keys in indexed columns and load only the matching contacts.
 */

export interface ContactIdentity {
  firstName: string;
  lastName: string;
  email: string | null;
  phoneNumber: string | null;
}

/** A row to check; rows with `isValid: false` are never flagged and never shadow later rows. */
export interface DuplicateCandidate extends ContactIdentity {
  isValid?: boolean;
  reason?: string;
}

/** Keys of the user's existing contacts that matter to an import (see `duplicateLookupKeys`). */
export interface DuplicateIndex {
  emails: ReadonlySet<string>;
  phones: ReadonlySet<string>;
  names: ReadonlySet<string>;
}

export interface DuplicateLookupKeys {
  emails: string[];
  phones: string[];
  names: string[];
}

export type DuplicateMatch = 'email' | 'phone' | 'name';

/** Trimmed and lower-cased; null when empty. */
export function emailKey(email: string | null | undefined): string | null {
  const key = email?.trim().toLowerCase();
  return key ? key : null;
}

/**
 * Digits only, with a leading `+` kept for international numbers (`00` as the international
 * prefix counts as `+`), so "+1 (905) 555-1234" and "+1 905 555 1234" match. Null without digits.
 */
export function phoneKey(phone: string | null | undefined): string | null {
  const trimmed = phone?.trim() ?? '';
  const digits = trimmed.replace(/\D/g, '');
  if (!digits) return null;
  if (trimmed.startsWith('+')) return `+${digits}`;
  if (digits.startsWith('00') && digits.length > 2) return `+${digits.slice(2)}`;
  return digits;
}

/** "first last", lower-cased, Unicode-normalised, with runs of whitespace collapsed; null when empty. */
export function nameKey(firstName: string | null | undefined, lastName: string | null | undefined): string | null {
  const key = `${firstName ?? ''} ${lastName ?? ''}`.normalize('NFC').replace(/\s+/g, ' ').trim().toLowerCase();
  return key ? key : null;
}

interface Keys {
  email: string | null;
  phone: string | null;
  /** Only set when the row has neither email nor phone: names alone decide then. */
  name: string | null;
}

function keysOf(contact: ContactIdentity): Keys {
  const email = emailKey(contact.email);
  const phone = phoneKey(contact.phoneNumber);
  return { email, phone, name: email || phone ? null : nameKey(contact.firstName, contact.lastName) };
}

/**
 * The keys to look up among the user's contacts before `markDuplicates`, e.g.
 * `WHERE user_id = $1 AND (email_key = ANY($emails) OR phone_key = ANY($phones) OR name_key = ANY($names))`.
 */
export function duplicateLookupKeys(rows: readonly DuplicateCandidate[]): DuplicateLookupKeys {
  const emails = new Set<string>();
  const phones = new Set<string>();
  const names = new Set<string>();
  for (const row of rows) {
    if (row.isValid === false) continue;
    const keys = keysOf(row);
    if (keys.email) emails.add(keys.email);
    if (keys.phone) phones.add(keys.phone);
    if (keys.name) names.add(keys.name);
  }
  return { emails: [...emails], phones: [...phones], names: [...names] };
}

/** Builds the index from the existing contacts the caller loaded (every name is indexed). */
export function buildDuplicateIndex(contacts: Iterable<ContactIdentity>): DuplicateIndex {
  const emails = new Set<string>();
  const phones = new Set<string>();
  const names = new Set<string>();
  for (const contact of contacts) {
    const email = emailKey(contact.email);
    const phone = phoneKey(contact.phoneNumber);
    const name = nameKey(contact.firstName, contact.lastName);
    if (email) emails.add(email);
    if (phone) phones.add(phone);
    if (name) names.add(name);
  }
  return { emails, phones, names };
}

const EXISTING_REASON: Record<DuplicateMatch, string> = {
  email: 'Duplicate: a contact with this email already exists',
  phone: 'Duplicate: a contact with this phone number already exists',
  name: 'Duplicate: a contact with this name already exists',
};

const IN_FILE_REASON: Record<DuplicateMatch, string> = {
  email: 'Duplicate: an earlier contact in this file has the same email',
  phone: 'Duplicate: an earlier contact in this file has the same phone number',
  name: 'Duplicate: an earlier contact in this file has the same name',
};

/**
 * Flags each valid row that duplicates an existing contact or an earlier valid, non-duplicate
 * row; a flagged row gets `isDuplicate: true` and a `reason`. Rows keep their order.
 */
export function markDuplicates<T extends DuplicateCandidate>(
  rows: readonly T[],
  existing: DuplicateIndex,
): Array<T & { isDuplicate: boolean }> {
  const seen = { emails: new Set<string>(), phones: new Set<string>(), names: new Set<string>() };
  return rows.map((row) => {
    if (row.isValid === false) return { ...row, isDuplicate: false };
    const keys = keysOf(row);
    const existingMatch = matchIn(keys, existing);
    if (existingMatch) return { ...row, isDuplicate: true, reason: EXISTING_REASON[existingMatch] };
    const inFileMatch = matchIn(keys, seen);
    if (inFileMatch) return { ...row, isDuplicate: true, reason: IN_FILE_REASON[inFileMatch] };
    if (keys.email) seen.emails.add(keys.email);
    if (keys.phone) seen.phones.add(keys.phone);
    const name = nameKey(row.firstName, row.lastName);
    if (name) seen.names.add(name);
    return { ...row, isDuplicate: false };
  });
}

function matchIn(keys: Keys, index: DuplicateIndex): DuplicateMatch | null {
  if (keys.email && index.emails.has(keys.email)) return 'email';
  if (keys.phone && index.phones.has(keys.phone)) return 'phone';
  if (keys.name && index.names.has(keys.name)) return 'name';
  return null;
}
