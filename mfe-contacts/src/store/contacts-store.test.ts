import { jest } from '@jest/globals';
import {
  CONTACTS_SCREEN_PAGE_SIZE,
  type Contact,
  type ContactInput,
  type ContactListSummary,
  type ContactSectionsResponse,
  type ContactResponse,
  type LogContactResponse,
  type Paged,
} from '@kith/contracts';
import { ApiError } from '@kith/web-kit';
import type { ContactPageRequest, ContactsApi } from '../api/contacts-api.js';
import {
  contactAt,
  contactedAt,
  type ContactsStore,
  createContactsStore,
  MAX_PAGES_KEPT,
  provisionalContact,
  segmentLength,
  totalInView,
  type ContactsView,
} from './contacts-store.js';

const family: ContactListSummary = {
  _id: 'l1',
  userId: 'u',
  name: 'Family',
  description: null,
  color: '#ef4444',
  reminderDays: 7,
  contactCount: 1,
  overdueCount: 0,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};

const saved = (input: ContactInput, id: string): Contact => ({
  ...provisionalContact(input, [family]),
  _id: id,
  userId: 'u',
});

/** A deferred promise, so a test can look at the store while a call is still running. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** `count` people named Person0000… (every third in Family), served in pages like GET /contacts. */
function fakeServer(count: number) {
  const people = Array.from({ length: count }, (_, i) =>
    saved(
      { firstName: `Person${String(i).padStart(4, '0')}`, lastName: 'Test', listId: i % 3 === 0 ? 'l1' : null },
      `c${i}`,
    ),
  );
  const requests: ContactPageRequest[] = [];
  const matching = (request: { search?: string; listId?: string; filter?: string }) =>
    people.filter(
      (person) =>
        (!request.search || person.firstName.toLowerCase().includes(request.search.toLowerCase())) &&
        (!request.listId || (request.listId === 'none' ? person.listId === null : person.listId === request.listId)) &&
        (request.filter !== 'overdue' || person.isOverdue),
    );
  const page = jest.fn(async (request: ContactPageRequest): Promise<Paged<Contact>> => {
    requests.push(request);
    const all = matching(request);
    const items = all.slice((request.page - 1) * request.limit, request.page * request.limit);
    return {
      items,
      totalItems: all.length,
      page: request.page,
      limit: request.limit,
      totalPages: Math.ceil(all.length / request.limit),
    };
  });
  const sections = jest.fn(
    async (request: { search?: string; filter?: 'overdue' }): Promise<ContactSectionsResponse> => {
      const all = matching(request);
      const inFamily = all.filter((person) => person.listId === 'l1');
      const sections = [
        {
          listId: 'l1',
          name: 'Family',
          color: '#ef4444',
          totalItems: inFamily.length,
          overdueCount: inFamily.filter((p) => p.isOverdue).length,
        },
        {
          listId: null,
          name: 'No List',
          color: null,
          totalItems: all.length - inFamily.length,
          overdueCount: all.length - inFamily.length,
        },
      ].filter((section) => section.totalItems > 0);
      return { sections, totalItems: all.length };
    },
  );
  return { people, requests, page, sections };
}

function setup(count: number, overrides: Partial<ContactsApi> = {}) {
  const server = fakeServer(count);
  const messages: string[] = [];
  const api = {
    page: server.page,
    sections: server.sections,
    lists: jest.fn(async () => [family]),
    ...overrides,
  } as unknown as ContactsApi;
  const store = createContactsStore({
    api,
    feedback: { success: (m) => messages.push(`ok: ${m}`), error: (m) => messages.push(`error: ${m}`) },
  });
  return { store, api, server, messages };
}

const allView: ContactsView = { scope: { kind: 'all' }, search: '', sortBy: 'name', sortOrder: 'asc', grouped: false };
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const shownIds = (store: ContactsStore, count = 3) => {
  const [segment] = store.getState().segments;
  return Array.from({ length: count }, (_, i) => contactAt(segment!, i)?._id);
};

describe('contacts store: a window over the server', () => {
  it('asks the server for the first page only and counts with its total', async () => {
    const { store, server } = setup(2_500);
    await store.getState().setView(allView);
    expect(store.getState().status).toBe('ready');
    expect(totalInView(store.getState().segments)).toBe(2_500);
    expect(server.requests).toEqual([{ page: 1, limit: CONTACTS_SCREEN_PAGE_SIZE, sortBy: 'name', sortOrder: 'asc' }]);
  });

  it("says 'Failed to load contact lists' when the lists cannot load, and still shows the contacts", async () => {
    const { store, messages } = setup(3, {
      lists: jest.fn(async () => Promise.reject(new Error('Service temporarily unavailable'))) as ContactsApi['lists'],
    });
    await store.getState().setView(allView);
    await store.getState().load();
    expect(store.getState()).toMatchObject({ status: 'ready', lists: [] });
    expect(shownIds(store)).toEqual(['c0', 'c1', 'c2']);
    await store.getState().loadLists();
    expect(messages).toEqual(['error: Failed to load contact lists', 'error: Failed to load contact lists']);
  });

  it('loads the pages of what is on screen, once, and reaches the last contact', async () => {
    const { store, server } = setup(2_500);
    await store.getState().setView(allView);
    store.getState().loadRanges([{ segmentKey: 'all', from: 2_480, to: 2_499 }]);
    store.getState().loadRanges([{ segmentKey: 'all', from: 2_480, to: 2_499 }]);
    await flush();
    expect(server.requests.map((request) => request.page)).toEqual([1, 2_500 / CONTACTS_SCREEN_PAGE_SIZE]);
    expect(contactAt(store.getState().segments[0]!, 2_499)?.firstName).toBe('Person2499');
  });

  it('holds a bounded number of pages however far the user scrolls', async () => {
    const { store } = setup(20_000);
    await store.getState().setView(allView);
    for (let from = 0; from < 20_000; from += 500) {
      store.getState().loadRanges([{ segmentKey: 'all', from, to: from + 99 }]);
      await flush();
    }
    store.getState().loadRanges([{ segmentKey: 'all', from: 19_900, to: 19_999 }]);
    await flush();
    const held = Object.keys(store.getState().segments[0]!.pages).length;
    expect(held).toBeLessThanOrEqual(MAX_PAGES_KEPT);
    expect(contactAt(store.getState().segments[0]!, 19_999)?.firstName).toBe('Person19999');
  });

  it('sends scope, search and sort to the server; the screen sort "Last Contact" is the last contact date', async () => {
    const { store, server } = setup(10);
    await store.getState().setView({
      scope: { kind: 'list', listId: 'l1', listName: 'Family' },
      search: ' person ',
      sortBy: 'updated',
      sortOrder: 'desc',
      grouped: true,
    });
    expect(server.requests.at(-1)).toEqual({
      page: 1,
      limit: CONTACTS_SCREEN_PAGE_SIZE,
      search: 'person',
      listId: 'l1',
      sortBy: 'lastContact',
      sortOrder: 'desc',
    });
    await store.getState().setView({ ...allView, scope: { kind: 'overdue' }, sortBy: 'created' });
    expect(server.requests.at(-1)).toMatchObject({ filter: 'overdue', sortBy: 'created' });
  });

  it('never lets an older answer overwrite a newer one', async () => {
    const slow = deferred<Paged<Contact>>();
    const { server } = setup(50);
    const page = server.page;
    let first = true;
    const api = {
      page: async (request: ContactPageRequest) => {
        if (first) {
          first = false;
          return slow.promise;
        }
        return page(request);
      },
      sections: server.sections,
      lists: async () => [family],
    } as unknown as ContactsApi;
    const racing = createContactsStore({ api, feedback: { success: () => undefined, error: () => undefined } });
    const older = racing.getState().setView({ ...allView, search: 'person001' });
    await racing.getState().setView({ ...allView, search: 'person002' });
    slow.resolve({
      items: [saved({ firstName: 'Stale', lastName: 'Answer' }, 'stale')],
      totalItems: 1,
      page: 1,
      limit: 100,
      totalPages: 1,
    });
    await older;
    expect(racing.getState().view?.search).toBe('person002');
    expect(totalInView(racing.getState().segments)).toBe(10);
    expect(shownIds(racing, 1)).toEqual(['c20']);
  });

  it('groups by list from the server sections, with full counts, each section paging on its own', async () => {
    const { store, server } = setup(300);
    await store.getState().setView({ ...allView, grouped: true });
    const sections = store.getState().segments;
    expect(sections.map((section) => [section.name, segmentLength(section), section.overdueCount])).toEqual([
      ['Family', 100, 100],
      ['No List', 200, 200],
    ]);
    store.getState().loadRanges([{ segmentKey: 'list:none', from: 150, to: 199 }]);
    await flush();
    expect(server.requests.at(-1)).toMatchObject({
      listId: 'none',
      page: Math.floor(199 / CONTACTS_SCREEN_PAGE_SIZE) + 1,
    });
    expect(contactAt(store.getState().segments[1]!, 199)?.listId).toBeNull();
  });
});

describe('contacts store: optimistic changes', () => {
  it('shows a created contact at once, counts it, and reloads in place after the server saved it', async () => {
    const call = deferred<Contact>();
    const { store, messages, server } = setup(5, { create: () => call.promise });
    await store.getState().loadLists();
    await store.getState().setView(allView);
    const input = { firstName: 'Grace', lastName: 'Hopper', listId: 'l1' };
    const pending = store.getState().create(input);
    expect(contactAt(store.getState().segments[0]!, 0)).toMatchObject({
      firstName: 'Grace',
      list: { name: 'Family' },
      isOverdue: true,
    });
    expect(totalInView(store.getState().segments)).toBe(6);
    server.people.push(saved(input, 'c-new'));
    call.resolve(saved(input, 'c-new'));
    await pending;
    await flush();
    expect(messages).toEqual(['ok: Contact created successfully']);
    expect(totalInView(store.getState().segments)).toBe(6);
    expect(store.getState().segments[0]!.pending).toEqual([]);
  });

  it('rolls back a create the server refuses, total included', async () => {
    const { store, messages } = setup(5, { create: async () => Promise.reject(new Error('boom')) });
    await store.getState().setView(allView);
    expect(await store.getState().create({ firstName: 'Grace', lastName: 'Hopper' })).toBeNull();
    expect(totalInView(store.getState().segments)).toBe(5);
    expect(shownIds(store)).toEqual(['c0', 'c1', 'c2']);
    expect(messages).toEqual(['error: Failed to create contact']);
  });

  it('does not show a created contact the view would not hold (another list, or not matching the search)', async () => {
    const { store } = setup(5, { create: () => new Promise<Contact>(() => undefined) });
    await store.getState().setView({ ...allView, search: 'person' });
    void store.getState().create({ firstName: 'Grace', lastName: 'Hopper' });
    expect(totalInView(store.getState().segments)).toBe(5);
  });

  it('updates in place, rolls back on failure, and reloads lists only when the list changed', async () => {
    const { store, api } = setup(3, {
      update: async (_id: string, input: unknown) => saved(input as ContactInput, 'c1'),
    });
    await store.getState().setView(allView);
    const listCalls = () => (api.lists as jest.Mock).mock.calls.length;
    const before = listCalls();
    await store.getState().update('c1', { firstName: 'Person0001', lastName: 'King', listId: null });
    expect(contactAt(store.getState().segments[0]!, 1)?.lastName).toBe('King');
    expect(listCalls()).toBe(before);
    await store.getState().update('c1', { firstName: 'Person0001', lastName: 'King', listId: 'l1' });
    expect(listCalls()).toBe(before + 1);

    const failing = setup(3, { update: async () => Promise.reject(new Error('nope')) });
    await failing.store.getState().setView(allView);
    const original = contactAt(failing.store.getState().segments[0]!, 1);
    await failing.store.getState().update('c1', { firstName: 'Changed', lastName: 'Name' });
    expect(contactAt(failing.store.getState().segments[0]!, 1)).toEqual(original);
    expect(failing.messages).toEqual(['error: Failed to update contact']);
  });

  it('Update Status shows the new date and list at once, keeps the server answer, and rolls back on failure', async () => {
    const yesterday = new Date(Date.now() - 86_400_000).toISOString();
    const answer = deferred<Contact>();
    const { store, messages } = setup(3, { update: () => answer.promise });
    await store.getState().setView(allView);
    await store.getState().loadLists();
    const pending = store.getState().updateStatus('c1', { lastContactDate: yesterday, listId: 'l1' });
    expect(contactAt(store.getState().segments[0]!, 1)).toMatchObject({
      lastContactDate: yesterday,
      listId: 'l1',
      list: { name: 'Family' },
    });
    const fromServer = { ...contactAt(store.getState().segments[0]!, 1)!, daysSinceLastContact: 1 };
    answer.resolve(fromServer);
    await expect(pending).resolves.toEqual(fromServer);
    expect(contactAt(store.getState().segments[0]!, 1)).toEqual(fromServer);
    expect(messages).toContain('ok: Contact status updated successfully');

    const failing = setup(3, { update: async () => Promise.reject(new Error('nope')) });
    await failing.store.getState().setView(allView);
    const original = contactAt(failing.store.getState().segments[0]!, 1);
    await expect(
      failing.store.getState().updateStatus('c1', { lastContactDate: yesterday, listId: null }),
    ).resolves.toBeNull();
    expect(contactAt(failing.store.getState().segments[0]!, 1)).toEqual(original);
    expect(failing.messages).toEqual(['error: Failed to update contact status']);
  });

  it('removes at once with the total, and puts the contact back where it was on failure', async () => {
    const call = deferred<unknown>();
    const { store, messages } = setup(3, { remove: () => call.promise });
    await store.getState().setView({ ...allView, grouped: true });
    store.getState().loadRanges([{ segmentKey: 'list:l1', from: 0, to: 0 }]);
    await flush();
    const family = () => store.getState().segments.find((segment) => segment.key === 'list:l1')!;
    expect([segmentLength(family()), family().overdueCount]).toEqual([1, 1]);
    const pending = store.getState().remove('c0');
    expect([segmentLength(family()), family().overdueCount]).toEqual([0, 0]);
    expect(totalInView(store.getState().segments)).toBe(2);
    call.reject(new Error('down'));
    expect(await pending).toBe(false);
    expect(contactAt(family(), 0)?._id).toBe('c0');
    expect([segmentLength(family()), family().overdueCount]).toEqual([1, 1]);
    expect(messages).toEqual(['error: Failed to delete contact']);
  });

  it('Log Contact shows the contact as contacted at once, with its section and list counts, then keeps the answer', async () => {
    const yesterday = new Date(Date.now() - 86_400_000).toISOString();
    const call = deferred<LogContactResponse>();
    const { store, api } = setup(3, {
      logCommunication: () => call.promise,
      lists: jest.fn(async () => [{ ...family, overdueCount: 1 }]),
    });
    await store.getState().loadLists();
    await store.getState().setView({ ...allView, grouped: true });
    store.getState().loadRanges([
      { segmentKey: 'list:l1', from: 0, to: 0 },
      { segmentKey: 'list:none', from: 0, to: 1 },
    ]);
    await flush();
    const section = (key: string) => store.getState().segments.find((segment) => segment.key === key)!;
    expect([section('list:l1').overdueCount, section('list:none').overdueCount]).toEqual([1, 2]);
    const listCalls = (api.lists as jest.Mock).mock.calls.length;

    const pending = store.getState().logContact({ contactId: 'c0', type: 'PHONE_CALL', timestamp: yesterday });
    expect(contactAt(section('list:l1'), 0)).toMatchObject({
      _id: 'c0',
      lastContactDate: yesterday,
      daysSinceLastContact: 1,
      isOverdue: false,
      daysOverdue: 0,
    });
    expect([section('list:l1').overdueCount, section('list:none').overdueCount]).toEqual([0, 2]);
    expect(store.getState().lists[0]!.overdueCount).toBe(0);
    expect(totalInView(store.getState().segments)).toBe(3);

    const fromServer = { ...contactAt(section('list:l1'), 0)!, updatedAt: '2026-11-25T10:00:00.000Z' };
    call.resolve({ contact: fromServer, communication: {} as LogContactResponse['communication'] });
    await expect(pending).resolves.toEqual(fromServer);
    expect(contactAt(section('list:l1'), 0)).toEqual(fromServer);
    // The list counts come from the server again.
    expect((api.lists as jest.Mock).mock.calls.length).toBe(listCalls + 1);
  });

  it('Mark as Contacted takes the contact off the overdue screen at once and puts it back on failure', async () => {
    const call = deferred<ContactResponse>();
    const { store } = setup(3, {
      markContacted: () => call.promise,
      lists: jest.fn(async () => [{ ...family, overdueCount: 1 }]),
    });
    await store.getState().loadLists();
    await store.getState().setView({ ...allView, scope: { kind: 'overdue' } });
    expect(shownIds(store)).toEqual(['c0', 'c1', 'c2']);

    const pending = store.getState().markContacted('c0');
    expect(totalInView(store.getState().segments)).toBe(2);
    expect(shownIds(store, 2)).toEqual(['c1', 'c2']);
    expect(store.getState().lists[0]!.overdueCount).toBe(0);

    call.reject(new Error('Service temporarily unavailable'));
    await expect(pending).rejects.toThrow('Service temporarily unavailable');
    expect(totalInView(store.getState().segments)).toBe(3);
    expect(shownIds(store)).toEqual(['c0', 'c1', 'c2']);
    expect(contactAt(store.getState().segments[0]!, 0)).toMatchObject({ isOverdue: true, lastContactDate: null });
    expect(store.getState().lists[0]!.overdueCount).toBe(1);
  });

  it('Log Interaction rolls back the card and the section counts when the server refuses', async () => {
    const call = deferred<LogContactResponse>();
    const { store } = setup(3, { logNow: () => call.promise });
    await store.getState().setView({ ...allView, grouped: true });
    store.getState().loadRanges([{ segmentKey: 'list:none', from: 0, to: 1 }]);
    await flush();
    const noList = () => store.getState().segments.find((segment) => segment.key === 'list:none')!;
    const before = contactAt(noList(), 1);
    const pending = store.getState().logNow('c2', { type: 'EMAIL' });
    expect(contactAt(noList(), 1)).toMatchObject({ _id: 'c2', isOverdue: false, daysSinceLastContact: 0 });
    expect(noList().overdueCount).toBe(1);
    call.reject(new Error('Contact not found'));
    await expect(pending).rejects.toThrow('Contact not found');
    expect(contactAt(noList(), 1)).toEqual(before);
    expect(noList().overdueCount).toBe(2);
  });

  it('a log older than the last contact leaves the contact as it is', () => {
    const recent = new Date(Date.now() - 2 * 86_400_000).toISOString();
    const contact = { ...saved({ firstName: 'Ada', lastName: 'L', lastContactDate: recent }, 'c9') };
    expect(contactedAt(contact, new Date(Date.now() - 10 * 86_400_000).toISOString())).toBe(contact);
    expect(contactedAt({ ...contact, snoozedUntil: '2099-01-01T00:00:00Z' }, new Date().toISOString())).toMatchObject({
      daysSinceLastContact: 0,
      snoozedUntil: null,
    });
  });

  it('tells a list the server does not know (404) from a failed load, whichever of pages and lists answers first', async () => {
    const listView: ContactsView = { ...allView, scope: { kind: 'list', listId: 'foreign', listName: null } };
    const notFound = new ApiError({ message: 'List not found', status: 404, fromServer: true });
    const { store } = setup(3, { page: async () => Promise.reject(notFound) });
    await store.getState().setView(listView);
    expect(store.getState()).toMatchObject({ status: 'error', listMissing: true, listsLoaded: false });

    const down = new ApiError({ message: 'Service temporarily unavailable', status: 503, fromServer: true });
    const failing = setup(3, { page: async () => Promise.reject(down) });
    await failing.store.getState().setView(listView);
    expect(failing.store.getState()).toMatchObject({ status: 'error', listMissing: false });
  });

  it('reports a failed load', async () => {
    const { store } = setup(3, { page: async () => Promise.reject(new Error('Service temporarily unavailable')) });
    await store.getState().setView(allView);
    expect(store.getState()).toMatchObject({ status: 'error', error: 'Service temporarily unavailable' });
  });
});
