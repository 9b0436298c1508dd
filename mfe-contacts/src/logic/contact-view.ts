import { fullName, pluralize, type Contact, type ContactList } from '@kith/contracts';

/** What the contacts screen shows: one list, only overdue contacts, or everything. */
export type ContactsScope =
  { kind: 'all' } | { kind: 'overdue' } | { kind: 'list'; listId: string; listName: string | null };

export type ContactSortKey = 'name' | 'updated' | 'created';
export type SortDirection = 'asc' | 'desc';

export const CONTACT_SORT_OPTIONS: { value: ContactSortKey; label: string }[] = [
  { value: 'name', label: 'Name' },
  { value: 'updated', label: 'Last Contact' },
  { value: 'created', label: 'Date Added' },
];

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

/** Case-insensitive substring match on full name, email, phone number and notes. */
export function matchesSearch(contact: Contact, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  return [fullName(contact), contact.email, contact.phoneNumber, contact.notes].some(
    (field) => field != null && field.toLowerCase().includes(needle),
  );
}

/** The contacts of a scope, before search. */
export function contactsInScope(contacts: Contact[], scope: ContactsScope): Contact[] {
  if (scope.kind === 'overdue') return contacts.filter((contact) => contact.isOverdue);
  if (scope.kind === 'list') return contacts.filter((contact) => contact.listId === scope.listId);
  return contacts;
}

const byName = (a: Contact, b: Contact) => fullName(a).localeCompare(fullName(b), undefined, { sensitivity: 'base' });

/** Never contacted sorts as the oldest possible contact. */
const lastContactTime = (contact: Contact) =>
  contact.lastContactDate ? Date.parse(contact.lastContactDate) : Number.NEGATIVE_INFINITY;

const comparators: Record<ContactSortKey, (a: Contact, b: Contact) => number> = {
  name: byName,
  updated: (a, b) => lastContactTime(a) - lastContactTime(b) || byName(a, b),
  created: (a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || byName(a, b),
};

export function sortContacts(contacts: Contact[], sortBy: ContactSortKey, order: SortDirection): Contact[] {
  const compare = comparators[sortBy] ?? comparators.name;
  const direction = order === 'desc' ? -1 : 1;
  return [...contacts].sort((a, b) => direction * compare(a, b));
}

export interface ContactGroup {
  /** The list id, or null for contacts without a list. */
  listId: string | null;
  name: string;
  color: string | null;
  contacts: Contact[];
  overdueCount: number;
}

export const NO_LIST_GROUP_NAME = 'No List';

/**
 * Per-list sections sorted by list name, 'No List' last. Each keeps the order of `contacts`
 * (so sort first, then group). Names come from the lists when known, else the contact's own copy.
 */
export function groupContactsByList(contacts: Contact[], lists: ContactList[] = []): ContactGroup[] {
  const listsById = new Map(lists.map((list) => [list._id, list]));
  const groups = new Map<string | null, ContactGroup>();
  for (const contact of contacts) {
    const key = contact.listId ?? null;
    let group = groups.get(key);
    if (!group) {
      const list = key ? listsById.get(key) : undefined;
      group = {
        listId: key,
        name: key ? (list?.name ?? contact.list?.name ?? NO_LIST_GROUP_NAME) : NO_LIST_GROUP_NAME,
        color: key ? (list?.color ?? contact.list?.color ?? null) : null,
        contacts: [],
        overdueCount: 0,
      };
      groups.set(key, group);
    }
    group.contacts.push(contact);
    if (contact.isOverdue) group.overdueCount += 1;
  }
  return [...groups.values()].sort((a, b) => {
    if (a.listId === null) return 1;
    if (b.listId === null) return -1;
    return a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });
  });
}

/** 'Last contact: N days ago' or 'Last contact: Never'. */
export function lastContactLabel(daysSinceLastContact: number | null): string {
  if (daysSinceLastContact == null) return 'Last contact: Never';
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
