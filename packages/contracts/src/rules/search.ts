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
}

/** Between two fields of the searched text, so that a term never matches across them. */
export const CONTACT_SEARCH_SEPARATOR = '\u001f';

/**
 * The text a contacts search looks in: the full name ("first last"), e-mail, phone number, notes,
 * company, then the additional phones' and e-mails' values, lower-cased. The database keeps the
 * same text in contacts.search_text (a generated column of the migrations) and the server's
 * search is a substring of it; the contacts service's tests hold the column to this function.
 */
export function contactSearchText(contact: SearchableContact): string {
  const values = (entries: LabeledValue[]) => entries.map((entry) => entry.value).join(CONTACT_SEARCH_SEPARATOR);
  return [
    `${contact.firstName} ${contact.lastName}`,
    contact.email ?? '',
    contact.phoneNumber ?? '',
    contact.notes ?? '',
    contact.company ?? '',
    values(contact.phones),
    values(contact.emails),
  ]
    .join(CONTACT_SEARCH_SEPARATOR)
    .toLowerCase();
}

/** Whether a search for `term` (trimmed, any case, as GET /contacts?search= takes it) finds the contact. */
export function matchesContactSearch(contact: SearchableContact, term: string): boolean {
  return contactSearchText(contact).includes(term.trim().toLowerCase());
}
