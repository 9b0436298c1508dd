import { fullName, type Contact, type SortOrder } from '@kith/contracts';

export type OverdueSortKey = 'name' | 'daysOverdue' | 'listName';

export const OVERDUE_SORT_OPTIONS: { value: OverdueSortKey; label: string }[] = [
  { value: 'name', label: 'Name' },
  { value: 'daysOverdue', label: 'Days Overdue' },
  { value: 'listName', label: 'List Name' },
];

const isOffered = (sortBy: string): sortBy is OverdueSortKey =>
  OVERDUE_SORT_OPTIONS.some((option) => option.value === sortBy);

/**
 * The dashboard's stored default sort is 'updated', which is not one of its options:
 * until the user picks a sort, the most overdue contacts come first.
 */
export function effectiveOverdueSort(stored: { sortBy: string; sortOrder: SortOrder }): {
  sortBy: OverdueSortKey;
  sortOrder: SortOrder;
} {
  return isOffered(stored.sortBy)
    ? { sortBy: stored.sortBy, sortOrder: stored.sortOrder }
    : { sortBy: 'daysOverdue', sortOrder: 'desc' };
}

export const NO_LIST_GROUP_NAME = 'No List';

const compareText = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base' });
/** Never contacted is the most overdue of all. */
const overdueDays = (contact: Contact) => contact.daysOverdue ?? Number.POSITIVE_INFINITY;
const listName = (contact: Contact) => contact.list?.name ?? null;

const comparators: Record<OverdueSortKey, (a: Contact, b: Contact) => number> = {
  name: (a, b) => compareText(fullName(a), fullName(b)),
  daysOverdue: (a, b) => {
    const difference = overdueDays(a) - overdueDays(b);
    return (Number.isNaN(difference) ? 0 : difference) || compareText(fullName(a), fullName(b));
  },
  listName: (a, b) => {
    const [nameA, nameB] = [listName(a), listName(b)];
    if (nameA !== nameB && (nameA === null || nameB === null)) return nameA === null ? 1 : -1;
    return compareText(nameA ?? '', nameB ?? '') || compareText(fullName(a), fullName(b));
  },
};

export function sortOverdue(contacts: Contact[], sortBy: OverdueSortKey, order: SortOrder): Contact[] {
  const direction = order === 'desc' ? -1 : 1;
  return [...contacts].sort((a, b) => direction * comparators[sortBy](a, b));
}

export interface OverdueGroup {
  listId: string | null;
  name: string;
  color: string | null;
  contacts: Contact[];
}

/** Groups sorted by list name; contacts with no list fall under 'No List', shown last. */
export function groupOverdueByList(contacts: Contact[]): OverdueGroup[] {
  const groups = new Map<string | null, OverdueGroup>();
  for (const contact of contacts) {
    const key = contact.listId && contact.list ? contact.listId : null;
    let group = groups.get(key);
    if (!group) {
      group = {
        listId: key,
        name: key ? contact.list!.name : NO_LIST_GROUP_NAME,
        color: key ? contact.list!.color : null,
        contacts: [],
      };
      groups.set(key, group);
    }
    group.contacts.push(contact);
  }
  return [...groups.values()].sort((a, b) => {
    if (a.listId === null) return 1;
    if (b.listId === null) return -1;
    return compareText(a.name, b.name);
  });
}

/** 'Never contacted' or 'N day(s) overdue'. */
export function overdueLabel(contact: Contact): string {
  if (contact.lastContactDate == null || contact.daysOverdue == null) return 'Never contacted';
  const days = contact.daysOverdue;
  return `${days} ${days === 1 ? 'day' : 'days'} overdue`;
}
