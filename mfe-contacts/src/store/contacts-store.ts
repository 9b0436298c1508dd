import {
  CONTACTS_SCREEN_PAGE_SIZE,
  daysOverdue,
  daysSince,
  effectiveReminderDays,
  isOverdue,
  lastContactOf,
  NO_LIST_ID,
  type Contact,
  type ContactInput,
  type ContactListSummary,
  type ContactSortBy,
  type LogCommunicationRequest,
  type LogContactRequest,
  type SortOrder,
} from '@kith/contracts';
import { getErrorMessage, isApiError, notify } from '@kith/web-kit';
import { createStore, useStore } from 'zustand';
import { contactsApi, type ContactPageRequest, type ContactsApi } from '../api/contacts-api.js';
import { matchesSearch, type ContactSortKey, type ContactsScope } from '../logic/contact-view.js';

const LISTS_LOAD_FAILED = 'Failed to load contact lists';

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

/** What the screen asks the server for: scope, search, sort, and whether it groups by list. */
export interface ContactsView {
  scope: ContactsScope;
  search: string;
  sortBy: ContactSortKey;
  sortOrder: SortOrder;
  grouped: boolean;
}

/**
 * A run of contacts the server pages on its own: everything in the view (flat), or one list
 * section of the grouped view. Only some pages are held at a time; the rest load as the user
 * scrolls to them. `pending` are contacts created here and not yet in a page from the server.
 */
export interface Segment {
  key: string;
  /** The `listId` of this segment's requests: a list id, NO_LIST_ID, or none (the whole view). */
  listId?: string;
  name: string | null;
  color: string | null;
  /** Contacts of the segment on the server (the last answer, minus optimistic deletes). */
  total: number;
  overdueCount: number | null;
  pending: Contact[];
  pages: Record<number, Contact[]>;
}

export interface ContactsState {
  /** The view asked for last (pages load for it). */
  view: ContactsView | null;
  /** The view the segments answer (the screen's count and ' matching search' describe it). */
  answered: ContactsView | null;
  segments: Segment[];
  lists: ContactListSummary[];
  /** Whether the lists have been loaded once (a list scope can then tell an unknown list). */
  listsLoaded: boolean;
  /** The list scope asked for a list the server does not know for this user (its pages answer 404). */
  listMissing: boolean;
  status: LoadStatus;
  error: string | null;
  /** Shows a view: a new scope, search or sort supersedes whatever was still on its way. */
  setView: (view: ContactsView) => Promise<void>;
  /**
   * What is on screen now: the contacts `from`..`to` (inclusive) of some segments. Their pages
   * load if they are not held or on their way, and a refresh reloads exactly these.
   */
  loadRanges: (ranges: VisibleRange[]) => void;
  /** Loads the view again in place (the screen keeps showing what it has until the answer). */
  refresh: () => Promise<void>;
  /** Loads lists and the current view again; `silent` keeps the screen instead of the loader. */
  load: (options?: { silent?: boolean }) => Promise<void>;
  loadLists: () => Promise<void>;
  create: (input: ContactInput) => Promise<Contact | null>;
  update: (id: string, input: ContactInput) => Promise<Contact | null>;
  remove: (id: string) => Promise<boolean>;
  /** Puts a contact the server returned (after logging or scheduling) in place of the old copy. */
  replace: (contact: Contact) => void;
  /** Update Status: when they were last contacted and their list, shown at once, rolled back on failure. */
  updateStatus: (id: string, status: ContactStatus) => Promise<Contact | null>;
  /**
   * Log Contact (POST /communications/log), Log Interaction (now) and Mark as Contacted: the
   * contact shows as contacted at once, with the overdue counts of its view and list, and is put
   * back on failure. They answer the saved contact or rethrow, so the dialog keeps its own messages.
   */
  logContact: (request: LogCommunicationRequest) => Promise<Contact>;
  logNow: (id: string, request: LogContactRequest) => Promise<Contact>;
  markContacted: (id: string) => Promise<Contact>;
}

export interface ContactStatus {
  lastContactDate: string;
  listId: string | null;
}

export interface VisibleRange {
  segmentKey: string;
  from: number;
  to: number;
}

interface Feedback {
  success: (message: string) => void;
  error: (message: string) => void;
}

/** Pages held at once across all segments: the DOM shows a window, memory keeps a little more. */
export const MAX_PAGES_KEPT = 24;

/** The screen's 'Last Contact' sort is the last contact date; name and date added map as named. */
const SERVER_SORT: Record<ContactSortKey, ContactSortBy> = { name: 'name', updated: 'lastContact', created: 'created' };

export const segmentLength = (segment: Segment) => segment.pending.length + segment.total;

/** The contact at `index` of a segment, or undefined while its page is not loaded. */
export function contactAt(segment: Segment, index: number): Contact | undefined {
  if (index < segment.pending.length) return segment.pending[index];
  const serverIndex = index - segment.pending.length;
  return segment.pages[Math.floor(serverIndex / CONTACTS_SCREEN_PAGE_SIZE)]?.[serverIndex % CONTACTS_SCREEN_PAGE_SIZE];
}

export const totalInView = (segments: Segment[]) => segments.reduce((sum, segment) => sum + segmentLength(segment), 0);

const scopeKey = (scope: ContactsScope) => (scope.kind === 'list' ? `list:${scope.listId}` : scope.kind);

export function viewKey(view: ContactsView): string {
  return JSON.stringify([
    scopeKey(view.scope),
    view.search.trim(),
    view.sortBy,
    view.sortOrder,
    view.grouped && view.scope.kind !== 'list',
  ]);
}

const isGrouped = (view: ContactsView) => view.grouped && view.scope.kind !== 'list';

function pageRequest(view: ContactsView, segment: Pick<Segment, 'listId'>, page: number): ContactPageRequest {
  const search = view.search.trim();
  return {
    page: page + 1,
    limit: CONTACTS_SCREEN_PAGE_SIZE,
    ...(search ? { search } : {}),
    ...(segment.listId ? { listId: segment.listId } : {}),
    ...(view.scope.kind === 'overdue' ? { filter: 'overdue' as const } : {}),
    sortBy: SERVER_SORT[view.sortBy],
    sortOrder: view.sortOrder,
  };
}

/** Whether a contact belongs in the view at all (for showing an optimistic create). */
function belongsToView(view: ContactsView, contact: Contact): boolean {
  if (view.scope.kind === 'overdue' && !contact.isOverdue) return false;
  if (view.scope.kind === 'list' && contact.listId !== view.scope.listId) return false;
  return matchesSearch(contact, view.search);
}

const sectionKey = (listId: string | null) => `list:${listId ?? NO_LIST_ID}`;

/** A contact as it will probably look once saved, shown at once while the call runs. */
export function provisionalContact(input: ContactInput, lists: ContactListSummary[], base?: Contact): Contact {
  const now = new Date().toISOString();
  const listId = input.listId || null;
  const list = listId ? lists.find((candidate) => candidate._id === listId) : undefined;
  const customReminderDays = input.customReminderDays ?? null;
  const lastContactDate = input.lastContactDate ?? base?.lastContactDate ?? null;
  const subject = { lastContactDate, customReminderDays, listReminderDays: list?.reminderDays ?? null };
  const blank = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);
  return {
    _id: base?._id ?? `provisional-${Math.random().toString(36).slice(2)}`,
    userId: base?.userId ?? '',
    firstName: input.firstName.trim(),
    lastName: input.lastName.trim(),
    email: blank(input.email),
    phoneNumber: blank(input.phoneNumber),
    notes: blank(input.notes),
    birthday: blank(input.birthday),
    company: blank(input.company),
    jobTitle: blank(input.jobTitle),
    phones: (input.phones ?? []).map(({ label, value }) => ({ label: label?.toLowerCase() || 'other', value })),
    emails: (input.emails ?? []).map(({ label, value }) => ({ label: label?.toLowerCase() || 'other', value })),
    address: blank(input.address),
    website: blank(input.website),
    listId,
    list: list ? { _id: list._id, name: list.name, color: list.color, description: list.description } : null,
    customReminderDays,
    reminderDays: effectiveReminderDays(customReminderDays, list?.reminderDays ?? null),
    lastContactDate,
    daysSinceLastContact: daysSince(lastContactDate),
    isOverdue: isOverdue(subject),
    daysOverdue: daysOverdue(subject),
    reminderDate: base?.reminderDate ?? null,
    reminderNotes: base?.reminderNotes ?? null,
    snoozedUntil: base?.snoozedUntil ?? null,
    createdAt: base?.createdAt ?? now,
    updatedAt: now,
  };
}

/** Every segment with `change` applied to the contact of that id, wherever it is held. */
function mapContact(segments: Segment[], id: string, change: (contact: Contact) => Contact): Segment[] {
  return segments.map((segment) => {
    let touched = false;
    const swap = (contacts: Contact[]) =>
      contacts.some((contact) => contact._id === id)
        ? ((touched = true), contacts.map((contact) => (contact._id === id ? change(contact) : contact)))
        : contacts;
    const pending = swap(segment.pending);
    const pages = Object.fromEntries(Object.entries(segment.pages).map(([page, contacts]) => [page, swap(contacts)]));
    return touched ? { ...segment, pending, pages } : segment;
  });
}

/** Where a contact is held: its segment, and its page and position (page -1 = pending). */
interface Place {
  segmentKey: string;
  page: number;
  index: number;
  contact: Contact;
}

function findPlaces(segments: Segment[], id: string): Place[] {
  const places: Place[] = [];
  for (const segment of segments) {
    segment.pending.forEach(
      (contact, index) => contact._id === id && places.push({ segmentKey: segment.key, page: -1, index, contact }),
    );
    for (const [page, contacts] of Object.entries(segment.pages)) {
      contacts.forEach(
        (contact, index) =>
          contact._id === id && places.push({ segmentKey: segment.key, page: Number(page), index, contact }),
      );
    }
  }
  return places;
}

function withoutPlaces(segments: Segment[], places: Place[]): Segment[] {
  return segments.map((segment) => {
    const here = places.filter((place) => place.segmentKey === segment.key);
    if (!here.length) return segment;
    const pages = { ...segment.pages };
    let pending = segment.pending;
    let removedFromServer = 0;
    for (const place of here) {
      if (place.page === -1) pending = pending.filter((contact) => contact._id !== place.contact._id);
      else {
        pages[place.page] = pages[place.page].filter((contact) => contact._id !== place.contact._id);
        removedFromServer += 1;
      }
    }
    const overdueCount =
      segment.overdueCount == null
        ? null
        : segment.overdueCount - here.filter((place) => place.contact.isOverdue).length;
    return { ...segment, pending, pages, total: segment.total - removedFromServer, overdueCount };
  });
}

function withPlacesRestored(segments: Segment[], places: Place[]): Segment[] {
  return segments.map((segment) => {
    const here = places.filter((place) => place.segmentKey === segment.key);
    if (!here.length) return segment;
    const pages = { ...segment.pages };
    const pending = [...segment.pending];
    let restoredToServer = 0;
    for (const place of here) {
      if (place.page === -1) pending.splice(Math.min(place.index, pending.length), 0, place.contact);
      else if (pages[place.page]) {
        const contacts = [...pages[place.page]];
        contacts.splice(Math.min(place.index, contacts.length), 0, place.contact);
        pages[place.page] = contacts;
        restoredToServer += 1;
      } else restoredToServer += 1;
    }
    const overdueCount =
      segment.overdueCount == null
        ? null
        : segment.overdueCount + here.filter((place) => place.contact.isOverdue).length;
    return { ...segment, pending, pages, total: segment.total + restoredToServer, overdueCount };
  });
}

/**
 * A contact as it will look once contacted at `at`: its last contact becomes the newer of the two
 * (as the server derives it, contracts' lastContactOf), its status follows, and a snooze ends.
 */
export function contactedAt(contact: Contact, at: string, now: Date = new Date()): Contact {
  const before = contact.lastContactDate ? new Date(contact.lastContactDate) : null;
  const last = lastContactOf(new Date(at), before);
  if (!last || (before && last <= before)) return contact;
  const lastContactDate = last.toISOString();
  // reminderDays is already the effective interval (custom, else the list's, else the default).
  const subject = { lastContactDate, customReminderDays: contact.reminderDays, listReminderDays: null };
  return {
    ...contact,
    lastContactDate,
    daysSinceLastContact: daysSince(lastContactDate, now),
    isOverdue: isOverdue(subject, now),
    daysOverdue: daysOverdue(subject, now),
    snoozedUntil: null,
  };
}

/** Adds `delta` to the overdue count of the segments holding a contact (the grouped view's sections). */
function withOverdueDelta(segments: Segment[], places: Place[], delta: number): Segment[] {
  if (!delta) return segments;
  const keys = new Set(places.map((place) => place.segmentKey));
  return segments.map((segment) =>
    keys.has(segment.key) && segment.overdueCount != null
      ? { ...segment, overdueCount: Math.max(0, segment.overdueCount + delta) }
      : segment,
  );
}

/** Adds `delta` to the overdue count of one list (the list option counts and list cards read them). */
function withListOverdueDelta(lists: ContactListSummary[], listId: string | null, delta: number): ContactListSummary[] {
  if (!delta || !listId) return lists;
  return lists.map((list) =>
    list._id === listId ? { ...list, overdueCount: Math.max(0, list.overdueCount + delta) } : list,
  );
}

/**
 * The contacts screen's data: the server answers every question (scope, search, sort, counts,
 * per-list sections) and the store holds only the pages near what is on screen. Create, update
 * and delete show at once and roll back if the server refuses; the view then reloads in place so
 * positions and counts are the server's again. An answer to a superseded view is dropped.
 */
export function createContactsStore(dependencies: { api?: ContactsApi; feedback?: Feedback } = {}) {
  const client = dependencies.api ?? contactsApi;
  const feedback = dependencies.feedback ?? notify;
  /** Bumped by every new view and refresh; answers carry the generation they were asked in. */
  let generation = 0;
  let controller = new AbortController();
  let inFlight = new Set<string>();
  /** Pages by recent use ("segmentKey:page" → tick), for dropping the least recently seen ones. */
  let lastUsed = new Map<string, number>();
  let tick = 0;
  /** The pages of the last reported screen ("segmentKey:page"). */
  let visible = new Set<string>();

  return createStore<ContactsState>()((set, get) => {
    const supersede = () => {
      generation += 1;
      controller.abort();
      controller = new AbortController();
      inFlight = new Set();
      return { current: generation, signal: controller.signal };
    };

    /** The view's segments with their totals, and the first page when the view is flat. */
    const fetchSegments = async (view: ContactsView, signal: AbortSignal): Promise<Segment[]> => {
      if (isGrouped(view)) {
        const filter = view.scope.kind === 'overdue' ? { filter: 'overdue' as const } : {};
        const search = view.search.trim();
        const { sections } = await client.sections({ ...(search ? { search } : {}), ...filter }, signal);
        return sections.map((section) => ({
          key: sectionKey(section.listId),
          listId: section.listId ?? NO_LIST_ID,
          name: section.name,
          color: section.color,
          total: section.totalItems,
          overdueCount: section.overdueCount,
          pending: [],
          pages: {},
        }));
      }
      const segment: Segment = {
        key: 'all',
        name: null,
        color: null,
        total: 0,
        overdueCount: null,
        pending: [],
        pages: {},
      };
      if (view.scope.kind === 'list') segment.listId = view.scope.listId;
      const first = await client.page(pageRequest(view, segment, 0), signal);
      return [{ ...segment, total: first.totalItems, pages: { 0: first.items } }];
    };

    const evict = (segments: Segment[]): Segment[] => {
      const held = segments.flatMap((segment) => Object.keys(segment.pages).map((page) => `${segment.key}:${page}`));
      if (held.length <= MAX_PAGES_KEPT) return segments;
      const dropped = new Set(
        held.sort((a, b) => (lastUsed.get(a) ?? 0) - (lastUsed.get(b) ?? 0)).slice(0, held.length - MAX_PAGES_KEPT),
      );
      for (const key of dropped) lastUsed.delete(key);
      return segments.map((segment) => {
        const pages = Object.fromEntries(
          Object.entries(segment.pages).filter(([page]) => !dropped.has(`${segment.key}:${page}`)),
        );
        return Object.keys(pages).length === Object.keys(segment.pages).length ? segment : { ...segment, pages };
      });
    };

    const loadPage = async (segmentKey: string, page: number) => {
      const { view, segments } = get();
      const segment = segments.find((candidate) => candidate.key === segmentKey);
      if (!view || !segment) return;
      const asked = generation;
      const flight = `${segmentKey}:${page}`;
      inFlight.add(flight);
      try {
        const answer = await client.page(pageRequest(view, segment, page), controller.signal);
        if (asked !== generation) return;
        set((state) => ({
          segments: evict(
            state.segments.map((candidate) =>
              candidate.key === segmentKey
                ? { ...candidate, pages: { ...candidate.pages, [page]: answer.items } }
                : candidate,
            ),
          ),
        }));
      } catch (error) {
        if (asked === generation && !controller.signal.aborted) feedback.error(getErrorMessage(error));
      } finally {
        if (asked === generation) inFlight.delete(flight);
      }
    };

    /**
     * Shows a contact as contacted at `at` while `save` runs: on the overdue screen it leaves the
     * view (the total drops), elsewhere its card and the overdue counts change in place; the
     * server's answer then takes its place, or everything is put back if the call fails.
     */
    const contacted = async (id: string, at: string, save: () => Promise<Contact>): Promise<Contact> => {
      const places = findPlaces(get().segments, id);
      const previous = places[0]?.contact;
      const next = previous && contactedAt(previous, at);
      const delta = previous && next ? Number(next.isOverdue) - Number(previous.isOverdue) : 0;
      const leaves = get().view?.scope.kind === 'overdue' && next !== undefined && !next.isOverdue;
      /** Shows `shown` in the window (`sign` 1: the change, -1: its rollback), with the counts it moves. */
      const show = (shown: Contact, listId: string | null, sign: 1 | -1) =>
        set((state) => ({
          segments: leaves
            ? sign > 0
              ? withoutPlaces(state.segments, places)
              : withPlacesRestored(state.segments, places)
            : withOverdueDelta(
                mapContact(state.segments, id, () => shown),
                places,
                sign * delta,
              ),
          lists: withListOverdueDelta(state.lists, listId, sign * delta),
        }));
      if (previous && next) show(next, previous.listId, 1);
      try {
        const saved = await save();
        set((state) => ({ segments: mapContact(state.segments, id, () => saved) }));
        // The lists' overdue counts are the server's again.
        if (delta) void get().loadLists();
        return saved;
      } catch (error) {
        if (previous) show(previous, previous.listId, -1);
        throw error;
      }
    };

    return {
      view: null,
      answered: null,
      segments: [],
      lists: [],
      listsLoaded: false,
      listMissing: false,
      status: 'idle',
      error: null,

      setView: async (view) => {
        const previous = get().view;
        if (previous && viewKey(previous) === viewKey(view) && get().status === 'ready') return;
        const { current, signal } = supersede();
        lastUsed = new Map();
        // A new search or sort keeps the old answer on screen until the new one arrives; a first
        // visit or a new scope shows the loader.
        const sameScope = previous && scopeKey(previous.scope) === scopeKey(view.scope) && get().status === 'ready';
        set(
          sameScope
            ? { view }
            : { view, answered: null, status: 'loading', error: null, segments: [], listMissing: false },
        );
        try {
          const segments = await fetchSegments(view, signal);
          if (current !== generation) return;
          set({ segments, answered: view, status: 'ready', error: null });
        } catch (error) {
          if (current !== generation) return;
          // Known from this answer alone, so the screen never depends on which of pages and lists answers first.
          const listMissing = view.scope.kind === 'list' && isApiError(error) && error.status === 404;
          set({ status: 'error', error: getErrorMessage(error), listMissing });
        }
      },

      loadRanges: (ranges) => {
        if (get().status !== 'ready') return;
        tick += 1;
        visible = new Set();
        for (const { segmentKey, from, to } of ranges) {
          const segment = get().segments.find((candidate) => candidate.key === segmentKey);
          if (!segment) continue;
          const first = Math.max(0, Math.floor((from - segment.pending.length) / CONTACTS_SCREEN_PAGE_SIZE));
          const lastPage = Math.ceil(segment.total / CONTACTS_SCREEN_PAGE_SIZE) - 1;
          const last = Math.min(lastPage, Math.floor((to - segment.pending.length) / CONTACTS_SCREEN_PAGE_SIZE));
          for (let page = first; page <= last; page += 1) {
            const key = `${segmentKey}:${page}`;
            lastUsed.set(key, tick);
            visible.add(key);
            if (!segment.pages[page] && !inFlight.has(key)) void loadPage(segmentKey, page);
          }
        }
      },

      refresh: async () => {
        const { view, segments: before } = get();
        if (!view) return;
        const { current, signal } = supersede();
        try {
          const segments = await fetchSegments(view, signal);
          // The pages the user was looking at come back with the new answer, so nothing flickers.
          const wanted = before.flatMap((segment) =>
            Object.keys(segment.pages)
              .map(Number)
              .filter((page) => visible.has(`${segment.key}:${page}`))
              .map((page) => ({ key: segment.key, page })),
          );
          const reloaded = await Promise.all(
            wanted.map(async ({ key, page }) => {
              const segment = segments.find((candidate) => candidate.key === key);
              if (!segment || segment.pages[page]) return null;
              return { key, page, answer: await client.page(pageRequest(view, segment, page), signal) };
            }),
          );
          if (current !== generation) return;
          for (const entry of reloaded) {
            const segment = entry && segments.find((candidate) => candidate.key === entry.key);
            if (entry && segment) segment.pages[entry.page] = entry.answer.items;
          }
          set({ segments: evict(segments), status: 'ready', error: null });
        } catch (error) {
          if (current !== generation || signal.aborted) return;
          feedback.error(getErrorMessage(error));
        }
      },

      load: async ({ silent = false } = {}) => {
        const view = get().view;
        if (!silent) set({ status: 'loading', error: null });
        await get().loadLists();
        if (!view) return;
        if (silent && get().status === 'ready') return get().refresh();
        set({ view: null });
        return get().setView(view);
      },

      loadLists: async () => {
        try {
          set({ lists: await client.lists(), listsLoaded: true });
        } catch {
          // The contacts on screen stay right; list names and counts refresh on the next load.
          feedback.error(LISTS_LOAD_FAILED);
        }
      },

      create: async (input) => {
        const provisional = provisionalContact(input, get().lists);
        const view = get().view;
        const addTo = (segments: Segment[]): Segment[] => {
          if (!view || !belongsToView(view, provisional)) return segments;
          const key = isGrouped(view) ? sectionKey(provisional.listId) : 'all';
          const show = (segment: Segment) => ({
            ...segment,
            pending: [provisional, ...segment.pending],
            overdueCount: segment.overdueCount == null ? null : segment.overdueCount + (provisional.isOverdue ? 1 : 0),
          });
          if (segments.some((segment) => segment.key === key))
            return segments.map((segment) => (segment.key === key ? show(segment) : segment));
          if (!isGrouped(view)) return segments;
          const section: Segment = {
            key,
            listId: provisional.listId ?? NO_LIST_ID,
            name: provisional.list?.name ?? null,
            color: provisional.list?.color ?? null,
            total: 0,
            overdueCount: 0,
            pending: [],
            pages: {},
          };
          return [...segments, show(section)];
        };
        set((state) => ({ segments: addTo(state.segments) }));
        try {
          const saved = await client.create(input);
          set((state) => ({ segments: mapContact(state.segments, provisional._id, () => saved) }));
          feedback.success('Contact created successfully');
          if (saved.listId) void get().loadLists();
          void get().refresh();
          return saved;
        } catch (error) {
          set((state) => ({ segments: withoutPlaces(state.segments, findPlaces(state.segments, provisional._id)) }));
          feedback.error(getErrorMessage(error, 'Failed to create contact'));
          return null;
        }
      },

      update: async (id, input) => {
        const previous = findPlaces(get().segments, id)[0]?.contact;
        if (!previous) return null;
        set((state) => ({
          segments: mapContact(state.segments, id, () => provisionalContact(input, state.lists, previous)),
        }));
        try {
          const saved = await client.update(id, input);
          set((state) => ({ segments: mapContact(state.segments, id, () => saved) }));
          feedback.success('Contact updated successfully');
          if ((previous.listId ?? null) !== (saved.listId ?? null)) void get().loadLists();
          void get().refresh();
          return saved;
        } catch (error) {
          set((state) => ({ segments: mapContact(state.segments, id, () => previous) }));
          feedback.error(getErrorMessage(error, 'Failed to update contact'));
          return null;
        }
      },

      remove: async (id) => {
        const places = findPlaces(get().segments, id);
        if (!places.length) return false;
        set((state) => ({ segments: withoutPlaces(state.segments, places) }));
        try {
          await client.remove(id);
          feedback.success('Contact deleted successfully');
          void get().loadLists();
          void get().refresh();
          return true;
        } catch (error) {
          set((state) => ({ segments: withPlacesRestored(state.segments, places) }));
          feedback.error(getErrorMessage(error, 'Failed to delete contact'));
          return false;
        }
      },

      replace: (contact) => set((state) => ({ segments: mapContact(state.segments, contact._id, () => contact) })),

      updateStatus: async (id, status) => {
        const previous = findPlaces(get().segments, id)[0]?.contact;
        if (!previous) return null;
        const list = get().lists.find((candidate) => candidate._id === status.listId);
        const summary = list
          ? { _id: list._id, name: list.name, color: list.color, description: list.description }
          : null;
        set((state) => ({
          segments: mapContact(state.segments, id, (contact) => ({ ...contact, ...status, list: summary })),
        }));
        try {
          const saved = await client.update(id, status);
          set((state) => ({ segments: mapContact(state.segments, id, () => saved) }));
          feedback.success('Contact status updated successfully');
          if ((previous.listId ?? null) !== (saved.listId ?? null)) void get().loadLists();
          void get().refresh();
          return saved;
        } catch (error) {
          set((state) => ({ segments: mapContact(state.segments, id, () => previous) }));
          feedback.error(getErrorMessage(error, 'Failed to update contact status'));
          return null;
        }
      },

      logContact: (request) =>
        contacted(request.contactId, request.timestamp, async () => (await client.logCommunication(request)).contact),

      logNow: (id, request) =>
        contacted(id, new Date().toISOString(), async () => (await client.logNow(id, request)).contact),

      markContacted: (id) =>
        contacted(id, new Date().toISOString(), async () => (await client.markContacted(id)).contact),
    };
  });
}

export type ContactsStore = ReturnType<typeof createContactsStore>;

/** The remote's one store; tests build their own with `createContactsStore`. */
export const contactsStore = createContactsStore();

export function useContactsStore<T>(selector: (state: ContactsState) => T): T {
  return useStore(contactsStore, selector);
}
