import {
  CONTACTS_SCREEN_PAGE_SIZE,
  daysOverdue,
  daysSince,
  effectiveReminderDays,
  keepsInTouch,
  isOverdue,
  lastContactOf,
  NO_LIST_ID,
  type Contact,
  type ContactListSummary,
  type ContactSortBy,
  type ContactUpdateInput,
  type SortOrder,
} from '@kith/contracts';
import { queryKeys } from '@kith/web-kit/data';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { ContactPageRequest } from '../api/contacts-api.js';
import { matchesSearch, type ContactSortKey, type ContactsScope } from '../logic/contact-view.js';

/** What the screen asks the server for: scope, search, sort, and whether it groups by list. */
export interface ContactsView {
  scope: ContactsScope;
  search: string;
  sortBy: ContactSortKey;
  sortOrder: SortOrder;
  grouped: boolean;
}

/** A view as its cache key: what the server is asked, not what is only shown (a list's name). */
export type ViewParams = Omit<ContactsView, 'scope'> & { scope: ContactsScope['kind']; listId?: string };

export const viewParams = ({ scope, search, grouped, ...sort }: ContactsView): ViewParams => ({
  ...sort,
  scope: scope.kind,
  ...(scope.kind === 'list' ? { listId: scope.listId } : {}),
  search: search.trim(),
  grouped: grouped && scope.kind !== 'list',
});

/**
 * A run of contacts the server pages on its own: the whole view, or one list's section of a
 * grouped view (`listId` a list id or NO_LIST_ID). `pending` are contacts created here since.
 */
export interface Segment {
  key: string;
  listId?: string;
  name: string | null;
  color: string | null;
  total: number;
  overdueCount: number | null;
  pending: Contact[];
}

/** A view's answer: its segments with their counts (the pages are queries of their own). */
export interface ContactsFrame {
  params: ViewParams;
  segments: Segment[];
}

export const frameKey = (params: ViewParams) => [...queryKeys.contactViews, params] as const;
/** Under the view's key, so invalidating a view reaches its pages. */
export const pageKey = (params: ViewParams, listId: string | undefined, page: number) =>
  [...frameKey(params), listId ?? null, page] as const;
export const isPageKey = (key: QueryKey) => key[1] === 'view' && key.length === 5;
export const segmentLength = (segment: Segment) => segment.pending.length + segment.total;
export const sectionKey = (listId: string | null) => `list:${listId ?? NO_LIST_ID}`;
const segmentKeyOf = (params: ViewParams, contact: Contact) => (params.grouped ? sectionKey(contact.listId) : 'all');

/** The screen's 'Last Contact' sort is the last contact date; name and date added map as named. */
const SERVER_SORT: Record<ContactSortKey, ContactSortBy> = {
  name: 'name',
  updated: 'lastContact',
  created: 'created',
  priority: 'priority',
};

export const pageRequest = (params: ViewParams, listId: string | undefined, page: number): ContactPageRequest => ({
  page: page + 1,
  limit: CONTACTS_SCREEN_PAGE_SIZE,
  ...(params.search ? { search: params.search } : {}),
  ...(listId ? { listId } : {}),
  ...(params.scope === 'overdue' ? { filter: 'overdue' as const } : {}),
  sortBy: SERVER_SORT[params.sortBy],
  sortOrder: params.sortOrder,
});

/** Whether the server counts a contact in a view (to show a new one, or count one that leaves). */
const belongsToView = (params: ViewParams, contact: Contact) =>
  (params.scope !== 'overdue' || contact.isOverdue) &&
  (params.scope !== 'list' || contact.listId === params.listId) &&
  matchesSearch(contact, params.search);

/** A contact with its status as the server derives it from `lastContactDate` and its interval. */
function withLastContact(contact: Contact, lastContactDate: string | null, now = new Date()): Contact {
  // The list's switch is not on a contact: the server's answer corrects a contact of a list switched off.
  const subject = {
    lastContactDate,
    customReminderDays: contact.reminderDays,
    listReminderDays: null,
    keepInTouch: contact.keptInTouch,
  };
  const overdue = { isOverdue: isOverdue(subject, now), daysOverdue: daysOverdue(subject, now) };
  return { ...contact, lastContactDate, daysSinceLastContact: daysSince(lastContactDate, now), ...overdue };
}

const NEW_CONTACT = {
  ...{ userId: '', email: null, phoneNumber: null, notes: null, birthday: null, company: null, jobTitle: null },
  ...{ phones: [], emails: [], address: null, website: null, reminderDate: null, reminderNotes: null },
  ...{
    listId: null,
    customReminderDays: null,
    lastContactDate: null,
    snoozedUntil: null,
    keepInTouch: true,
    keptInTouch: true,
  },
};

/** A contact as it will probably look once saved with `input` (the form's, already trimmed), shown while the call runs. */
export function provisionalContact(input: ContactUpdateInput, lists: ContactListSummary[], base?: Contact): Contact {
  const now = new Date().toISOString();
  const merged = { ...NEW_CONTACT, _id: `provisional-${now}-${Math.random()}`, createdAt: now, ...base, ...input };
  const list = lists.find((candidate) => candidate._id === merged.listId);
  const summary = list && { _id: list._id, name: list.name, color: list.color, description: list.description };
  const reminderDays = effectiveReminderDays(merged.customReminderDays ?? null, list?.reminderDays ?? null);
  const keptInTouch = keepsInTouch({
    customReminderDays: merged.customReminderDays ?? null,
    keepInTouch: merged.keepInTouch,
    listKeepInTouch: list?.keepInTouch ?? null,
  });
  const contact = {
    ...merged,
    listId: merged.listId || null,
    list: summary ?? null,
    reminderDays,
    keptInTouch,
    updatedAt: now,
  };
  return withLastContact(contact as Contact, merged.lastContactDate ?? null);
}

/**
 * A contact as it will look once contacted at `at`: its last contact becomes the newer of the two
 * (as the server derives it, contracts' lastContactOf), its status follows, and a snooze ends.
 */
export function contactedAt(contact: Contact, at: string, now: Date = new Date()): Contact {
  const before = contact.lastContactDate ? new Date(contact.lastContactDate) : null;
  const last = lastContactOf(new Date(at), before);
  if (!last || (before && last <= before)) return contact;
  return { ...withLastContact(contact, last.toISOString(), now), snoozedUntil: null };
}

const isFrame = (data: unknown): data is ContactsFrame =>
  typeof data === 'object' && data !== null && 'segments' in data;
type Held = [QueryKey, unknown][];
const restore = (client: QueryClient, held: Held) => () =>
  held.forEach(([key, data]) => client.setQueryData(key, data));
const contactsIn = (data: unknown) =>
  (Array.isArray(data)
    ? data
    : isFrame(data)
      ? data.segments.flatMap((segment) => segment.pending)
      : [data]) as Contact[];

/**
 * Applies `change` to a contact wherever the cache holds it: every view's pages and counts (the
 * section's overdue count, the total when it leaves the view: `change` answers null) and its own
 * query. Answers the contact as it was, and how to put everything back.
 */
export function changeCached(
  client: QueryClient,
  id: string,
  change: (contact: Contact, params?: ViewParams) => Contact | null,
) {
  const held: Held = client.getQueriesData({ queryKey: queryKeys.contacts });
  const before = held.flatMap(([, data]) => contactsIn(data)).find((contact) => contact?._id === id);
  const swap = (contacts: Contact[], params?: ViewParams) =>
    contacts.flatMap((contact) => (contact._id === id ? (change(contact, params) ?? []) : [contact]));
  for (const [key, data] of held) {
    if (!before || data === undefined) continue;
    if (key[1] === 'detail') client.setQueryData(key, key[2] === id ? (change(data as Contact) ?? data) : data);
    else if (Array.isArray(data)) client.setQueryData(key, swap(data, key[2] as ViewParams));
    else if (isFrame(data)) {
      const { params } = data;
      const after = change(before, params);
      const counted = belongsToView(params, before) ? segmentKeyOf(params, before) : null;
      const segments = data.segments.map((segment) => {
        const pending = swap(segment.pending, params);
        if (segment.key !== counted) return { ...segment, pending };
        const left = after === null && pending.length === segment.pending.length ? 1 : 0;
        const overdue = Number(after?.isOverdue ?? false) - Number(before.isOverdue);
        const overdueCount = segment.overdueCount === null ? null : Math.max(0, segment.overdueCount + overdue);
        return { ...segment, pending, total: segment.total - left, overdueCount };
      });
      client.setQueryData(key, { ...data, segments });
    }
  }
  return { before, rollback: restore(client, held) };
}

/** Shows a contact being created, first in every cached view that would hold it; answers how to take it back. */
export function addCached(client: QueryClient, contact: Contact) {
  const held: Held = client.getQueriesData({ queryKey: queryKeys.contactViews });
  for (const [key, frame] of held) {
    if (!isFrame(frame) || !belongsToView(frame.params, contact)) continue;
    const into = segmentKeyOf(frame.params, contact);
    const segment = frame.segments.find((candidate) => candidate.key === into);
    const { list, listId } = contact;
    const section = { key: into, listId: listId ?? NO_LIST_ID, name: list?.name ?? null, color: list?.color ?? null };
    const base = segment ?? { ...section, total: 0, overdueCount: 0, pending: [] };
    const overdueCount = base.overdueCount === null ? null : base.overdueCount + Number(contact.isOverdue);
    const shown = { ...base, pending: [contact, ...base.pending], overdueCount };
    const segments = segment
      ? frame.segments.map((other) => (other === segment ? shown : other))
      : [...frame.segments, shown];
    client.setQueryData(key, { ...frame, segments });
  }
  return restore(client, held);
}

/**
 * Whether a view is still true once `created` is saved: it would not hold it, or it is one flat
 * page held whole (the new contact shown first), so nothing needs asking again.
 */
export function stillTrue(client: QueryClient, frameKeyOf: QueryKey, created: Contact): boolean {
  const frame = client.getQueryData(frameKeyOf);
  if (!isFrame(frame)) return false;
  const [all] = frame.segments;
  const held = client.getQueryData<Contact[]>([...frameKeyOf, all?.listId ?? null, 0]);
  return !belongsToView(frame.params, created) || (!frame.params.grouped && (held?.length ?? -1) >= (all?.total ?? 0));
}
