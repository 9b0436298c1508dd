import { fullName, matchesContactSearch, pluralize, type Contact } from '@kith/contracts';

/** What the contacts screen shows: one list, only overdue contacts, or everything. */
export type ContactsScope =
  { kind: 'all' } | { kind: 'overdue' } | { kind: 'list'; listId: string; listName: string | null };

export type ContactSortKey = 'name' | 'updated' | 'created' | 'priority';

export const CONTACT_SORT_OPTIONS: { value: ContactSortKey; label: string }[] = [
  { value: 'name', label: 'Name' },
  { value: 'updated', label: 'Last Contact' },
  { value: 'created', label: 'Date Added' },
];

/**
 * The sorts a screen offers: the spec's three, and on the overdue screen also Priority (how late
 * each person is for their own interval; ascending is most important first).
 */
export function sortOptionsFor(scope: ContactsScope): { value: ContactSortKey; label: string }[] {
  return scope.kind === 'overdue'
    ? [...CONTACT_SORT_OPTIONS, { value: 'priority', label: 'Priority' }]
    : CONTACT_SORT_OPTIONS;
}

export function contactsTitle(scope: ContactsScope): string {
  if (scope.kind === 'overdue') return 'Overdue Contacts';
  if (scope.kind === 'list') return scope.listName ? `${scope.listName} Contacts` : 'Contacts';
  return 'Contacts';
}

/** 'N overdue contact(s)', 'N contact(s) in this list' or 'N contact(s) found', plus ' matching search'. */
export function contactsSubtitle(scope: ContactsScope, count: number, searching: boolean): string {
  const base =
    scope.kind === 'overdue'
      ? pluralize(count, 'overdue contact')
      : scope.kind === 'list'
        ? `${pluralize(count, 'contact')} in this list`
        : `${pluralize(count, 'contact')} found`;
  return searching ? `${base} matching search` : base;
}

/** The server's search (GET /contacts?search=), used here only to place a contact created optimistically. */
export function matchesSearch(contact: Contact, query: string): boolean {
  return matchesContactSearch(contact, query);
}

/** 'Last contact: N days ago' or 'Last contact: Never'. */
export function lastContactLabel(daysSinceLastContact: number | null): string {
  if (daysSinceLastContact == null) return 'Last contact: Never';
  if (daysSinceLastContact === 0) return 'Last contact: today';
  return `Last contact: ${pluralize(daysSinceLastContact, 'day')} ago`;
}

/** The empty state a screen shows when it has nothing to list. */
export function emptyStateFor(
  scope: ContactsScope,
  searching: boolean,
): { title: string; message: string; tone: 'success' | 'neutral'; offerAdd: boolean } {
  if (searching) {
    return {
      title: 'No matching contacts',
      message: 'No contacts match your search. Try a different name, email, phone number or note.',
      tone: 'neutral',
      offerAdd: false,
    };
  }
  if (scope.kind === 'overdue') {
    return {
      title: 'No overdue contacts',
      message: 'Great job! All your contacts are up to date.',
      tone: 'success',
      offerAdd: false,
    };
  }
  return {
    title: 'No contacts found',
    message:
      scope.kind === 'list' && scope.listName
        ? `No contacts in "${scope.listName}" yet.`
        : 'Add your first contact to get started with relationship management.',
    tone: 'neutral',
    offerAdd: true,
  };
}

/** Typing exactly DELETE or the contact's full name enables the delete button. */
export function canConfirmDelete(typed: string, contact: { firstName: string; lastName: string }): boolean {
  return typed === 'DELETE' || typed === fullName(contact);
}
