import { IMPORT_PREVIEW_ERRORS_SHOWN, type ImportParseResult, type ParsedImportContact } from '@kith/contracts';

/** Invalid or duplicate entries can never be selected. */
export function isSelectable(contact: ParsedImportContact): boolean {
  return contact.isValid && !contact.isDuplicate;
}

/** Valid, non-duplicate rows start selected (by their index in the parse result). */
export function initialSelection(result: ImportParseResult): Set<number> {
  const selected = new Set<number>();
  result.contacts.forEach((contact, index) => {
    if (isSelectable(contact)) selected.add(index);
  });
  return selected;
}

export function toggleSelection(selected: Set<number>, index: number, result: ImportParseResult): Set<number> {
  const contact = result.contacts[index];
  if (!contact || !isSelectable(contact)) return selected;
  const next = new Set(selected);
  if (next.has(index)) next.delete(index);
  else next.add(index);
  return next;
}

/** Select every selectable row, or clear the selection when all are already selected. */
export function toggleAll(selected: Set<number>, result: ImportParseResult): Set<number> {
  const all = initialSelection(result);
  return selected.size === all.size ? new Set() : all;
}

/** The first 3 errors, and how many more are hidden ('and N more'). */
export function previewErrors(errors: string[]): { shown: string[]; hiddenCount: number } {
  return {
    shown: errors.slice(0, IMPORT_PREVIEW_ERRORS_SHOWN),
    hiddenCount: Math.max(0, errors.length - IMPORT_PREVIEW_ERRORS_SHOWN),
  };
}

/** The rows to send to POST /contacts/import/confirm, in file order, with every field the card carried. */
export function selectedContacts(result: ImportParseResult, selected: Set<number>) {
  return result.contacts
    .filter((contact, index) => selected.has(index) && isSelectable(contact))
    .map(({ isValid: _isValid, isDuplicate: _isDuplicate, reason: _reason, ...contact }) => contact);
}

/**
 * What of a card the import keeps beyond name, e-mail and phone, for the preview ("Company",
 * "2 more phones", …, "List: Family" — the list its category names, created if missing).
 */
export function keptDetails(contact: ParsedImportContact): string[] {
  const more = (count: number, what: string) => (count === 1 ? `1 more ${what}` : `${count} more ${what}s`);
  return [
    contact.company && 'Company',
    contact.jobTitle && 'Job title',
    contact.birthday && 'Birthday',
    contact.phones.length > 0 && more(contact.phones.length, 'phone'),
    contact.emails.length > 0 && more(contact.emails.length, 'email'),
    contact.address && 'Address',
    contact.website && 'Website',
    contact.notes && 'Notes',
    contact.listName && `List: ${contact.listName}`,
  ].filter((label): label is string => Boolean(label));
}
