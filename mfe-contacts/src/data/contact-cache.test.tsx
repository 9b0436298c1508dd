import { afterEach, describe, expect, it, jest } from '@jest/globals';
import {
  CONTACTS_SCREEN_PAGE_SIZE,
  type Contact,
  type ContactInput,
  type ContactListSummary,
  type ContactResponse,
  type ContactSectionsResponse,
  type LogContactResponse,
  type Paged,
} from '@kith/contracts';
import { ApiError, notify } from '@kith/web-kit';
import { createQueryClient, queryKeys, useContactActions } from '@kith/web-kit/data';
import { QueryClientProvider, useQuery, type QueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { contactsApi, type ContactPageRequest } from '../api/contacts-api.js';
import { contactedAt, isPageKey, provisionalContact, segmentLength, type ContactsView } from './contact-cache.js';
import { previewContacted, useContactMutations } from './contact-mutations.js';
import { listsQuery, MAX_PAGES_KEPT, useContactsView } from './contact-queries.js';

const family: ContactListSummary = {
  _id: 'l1',
  userId: 'u',
  name: 'Family',
  description: null,
  color: '#ef4444',
  reminderDays: 7,
  keepInTouch: true,
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

/** A deferred promise, so a test can look at the cache while a call is still running. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** `count` people named Person0000… (every third in Family), served by spies on contactsApi like GET /contacts. */
function fakeServer(count: number, lists: ContactListSummary[]) {
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
  const page = jest.spyOn(contactsApi, 'page').mockImplementation(async (request): Promise<Paged<Contact>> => {
    requests.push(request);
    const all = matching(request);
    const items = all.slice((request.page - 1) * request.limit, request.page * request.limit);
    return { items, totalItems: all.length, page: request.page, limit: request.limit, totalPages: 1 };
  });
  jest.spyOn(contactsApi, 'sections').mockImplementation(async (request): Promise<ContactSectionsResponse> => {
    const all = matching(request);
    const inFamily = all.filter((person) => person.listId === 'l1');
    const count = (list: Contact[]) => ({
      totalItems: list.length,
      overdueCount: list.filter((p) => p.isOverdue).length,
    });
    const rest = all.filter((person) => person.listId === null);
    const sections = [
      { listId: 'l1', name: 'Family', color: '#ef4444', ...count(inFamily) },
      { listId: null, name: 'No List', color: null, ...count(rest) },
    ].filter((section) => section.totalItems > 0);
    return { sections, totalItems: all.length };
  });
  return { people, requests, page, lists: jest.spyOn(contactsApi, 'lists').mockResolvedValue(lists) };
}

function setup(count: number, lists: ContactListSummary[]) {
  const server = fakeServer(count, lists);
  const messages: string[] = [];
  jest.spyOn(notify, 'success').mockImplementation((message) => void messages.push(`ok: ${message}`) as never);
  jest.spyOn(notify, 'error').mockImplementation((message) => void messages.push(`error: ${message}`) as never);
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { ...server, client, messages, wrapper };
}

/** The screen's hooks on one cache: the view, the lists, the writes and the dialogs' actions. */
function renderScreen(
  count: number,
  view: ContactsView,
  lists = [family],
  arrange?: (server: ReturnType<typeof setup>) => void,
) {
  const context = setup(count, lists);
  arrange?.(context);
  const hook = renderHook(
    (current: ContactsView) => ({
      view: useContactsView(current),
      lists: useQuery(listsQuery),
      writes: useContactMutations(),
      actions: useContactActions(previewContacted),
    }),
    { initialProps: view, wrapper: context.wrapper },
  );
  const shown = () => hook.result.current.view;
  const segment = (key = 'all') => shown().frame!.segments.find((candidate) => candidate.key === key)!;
  const at = (index: number, key = 'all') => shown().contactAt(segment(key), index);
  const total = () => shown().frame!.segments.reduce((sum, candidate) => sum + segmentLength(candidate), 0);
  const ready = () => waitFor(() => expect(shown().frame).not.toBeNull());
  return { ...context, hook, shown, segment, at, total, ready };
}

const allView: ContactsView = { scope: { kind: 'all' }, search: '', sortBy: 'name', sortOrder: 'asc', grouped: false };
const groupedView = { ...allView, grouped: true };

afterEach(() => {
  jest.restoreAllMocks();
});

describe('contacts cache: a window over the server', () => {
  it('asks the server for the first page only and counts with its total', async () => {
    const screen = renderScreen(2_500, allView);
    await screen.ready();
    expect(screen.total()).toBe(2_500);
    expect(screen.requests).toEqual([{ page: 1, limit: CONTACTS_SCREEN_PAGE_SIZE, sortBy: 'name', sortOrder: 'asc' }]);
  });

  it("says 'Failed to load contact lists' when the lists cannot load, and still shows the contacts", async () => {
    const screen = renderScreen(3, allView, [], ({ lists }) =>
      lists.mockRejectedValue(new Error('Service temporarily unavailable')),
    );
    await screen.ready();
    await waitFor(() => expect(screen.hook.result.current.lists.isError).toBe(true));
    expect([0, 1, 2].map((i) => screen.at(i)?._id)).toEqual(['c0', 'c1', 'c2']);
    expect(screen.messages).toEqual(['error: Failed to load contact lists']);
  });

  it('loads the pages of what is on screen, once, and reaches the last contact', async () => {
    const screen = renderScreen(2_500, allView);
    await screen.ready();
    act(() => screen.shown().onVisibleRanges([{ segmentKey: 'all', from: 2_480, to: 2_499 }]));
    act(() => screen.shown().onVisibleRanges([{ segmentKey: 'all', from: 2_480, to: 2_499 }]));
    await waitFor(() => expect(screen.at(2_499)?.firstName).toBe('Person2499'));
    expect(screen.requests.map((request) => request.page)).toEqual([1, 2_500 / CONTACTS_SCREEN_PAGE_SIZE]);
  });

  it('holds a bounded number of pages however far the user scrolls', async () => {
    const screen = renderScreen(20_000, allView);
    await screen.ready();
    for (let from = 0; from < 20_000; from += 500) {
      act(() => screen.shown().onVisibleRanges([{ segmentKey: 'all', from, to: from + 99 }]));
      await waitFor(() => expect(screen.at(from + 99)).toBeDefined());
    }
    act(() => screen.shown().onVisibleRanges([{ segmentKey: 'all', from: 19_900, to: 19_999 }]));
    await waitFor(() => expect(screen.at(19_999)?.firstName).toBe('Person19999'));
    const held = screen.client.getQueryCache().findAll({ predicate: (query) => isPageKey(query.queryKey) });
    expect(held.length).toBeLessThanOrEqual(MAX_PAGES_KEPT);
  });

  it('sends scope, search and sort to the server; the screen sort "Last Contact" is the last contact date', async () => {
    const screen = renderScreen(10, {
      scope: { kind: 'list', listId: 'l1', listName: 'Family' },
      search: ' person ',
      sortBy: 'updated',
      sortOrder: 'desc',
      grouped: true,
    });
    await screen.ready();
    expect(screen.requests.at(-1)).toEqual({
      page: 1,
      limit: CONTACTS_SCREEN_PAGE_SIZE,
      search: 'person',
      listId: 'l1',
      sortBy: 'lastContact',
      sortOrder: 'desc',
    });
    screen.hook.rerender({ ...allView, scope: { kind: 'overdue' }, sortBy: 'created' });
    await waitFor(() => expect(screen.requests.at(-1)).toMatchObject({ filter: 'overdue', sortBy: 'created' }));
  });

  it('keeps the answer on screen while a new search loads, and never lets an older answer overwrite a newer one', async () => {
    const screen = renderScreen(50, { ...allView, search: 'person001' });
    await screen.ready();
    const slow = deferred<Paged<Contact>>();
    const answer = screen.page.getMockImplementation()!;
    screen.page.mockImplementationOnce(() => slow.promise);
    screen.hook.rerender({ ...allView, search: 'person002' });
    // The old answer (and its search) stays until the new one arrives.
    expect(screen.shown().frame?.params.search).toBe('person001');
    screen.page.mockImplementation(answer);
    screen.hook.rerender({ ...allView, search: 'person003' });
    await waitFor(() => expect(screen.shown().frame?.params.search).toBe('person003'));
    slow.resolve({
      items: [saved({ firstName: 'Stale', lastName: 'Answer' }, 'stale')],
      totalItems: 1,
      page: 1,
      limit: 50,
      totalPages: 1,
    });
    await act(() => slow.promise);
    expect(screen.shown().frame?.params.search).toBe('person003');
    expect([screen.total(), screen.at(0)?._id]).toEqual([10, 'c30']);
  });

  it('groups by list from the server sections, with full counts, each section paging on its own', async () => {
    const screen = renderScreen(300, groupedView);
    await screen.ready();
    const sections = screen.shown().frame!.segments;
    expect(sections.map((section) => [section.name, segmentLength(section), section.overdueCount])).toEqual([
      ['Family', 100, 100],
      ['No List', 200, 200],
    ]);
    act(() => screen.shown().onVisibleRanges([{ segmentKey: 'list:none', from: 150, to: 199 }]));
    await waitFor(() => expect(screen.at(199, 'list:none')?.listId).toBeNull());
    expect(screen.requests.at(-1)).toMatchObject({
      listId: 'none',
      page: Math.floor(199 / CONTACTS_SCREEN_PAGE_SIZE) + 1,
    });
  });

  it('tells a list the server does not know (404) from a failed load', async () => {
    const listView: ContactsView = { ...allView, scope: { kind: 'list', listId: 'foreign', listName: null } };
    const missing = renderScreen(3, listView, [family], ({ page }) =>
      page.mockRejectedValue(new ApiError({ message: 'List not found', status: 404, fromServer: true })),
    );
    await waitFor(() => expect(missing.shown().error).toBe('List not found'));
    expect(missing.shown().listMissing).toBe(true);
    missing.hook.unmount();

    const down = renderScreen(3, listView, [family], ({ page }) =>
      page.mockRejectedValue(
        new ApiError({ message: 'Service temporarily unavailable', status: 503, fromServer: true }),
      ),
    );
    await waitFor(() => expect(down.shown().error).toBe('Service temporarily unavailable'));
    expect(down.shown().listMissing).toBe(false);
  });
});

describe('contacts cache: optimistic writes', () => {
  it('shows a created contact at once and counts it; a small view the answer completes is not asked again', async () => {
    const screen = renderScreen(5, allView);
    await screen.ready();
    await waitFor(() => expect(screen.hook.result.current.lists.data).toEqual([family]));
    const call = deferred<Contact>();
    jest.spyOn(contactsApi, 'create').mockReturnValue(call.promise);
    const input = { firstName: 'Grace', lastName: 'Hopper', listId: 'l1' };
    act(() => screen.hook.result.current.writes.create.mutate(input));
    await waitFor(() => expect(screen.total()).toBe(6));
    expect(screen.at(0)).toMatchObject({ firstName: 'Grace', list: { name: 'Family' }, isOverdue: true });
    const pagesAsked = screen.requests.length;
    await act(async () => call.resolve(saved(input, 'c-new')));
    await waitFor(() => expect(screen.messages).toEqual(['ok: Contact created successfully']));
    expect([screen.total(), screen.at(0)?._id]).toEqual([6, 'c-new']);
    expect(screen.client.getQueryData(queryKeys.contact('c-new'))).toMatchObject({ firstName: 'Grace' });
    // The lists reload (the contact went into one); the view the answer completed does not.
    await waitFor(() => expect(screen.lists).toHaveBeenCalledTimes(2));
    expect(screen.requests).toHaveLength(pagesAsked);
  });

  it('reloads in place a view the new contact shifts beyond what is held', async () => {
    const screen = renderScreen(120, allView);
    await screen.ready();
    jest.spyOn(contactsApi, 'create').mockResolvedValue(saved({ firstName: 'Aaron', lastName: 'A' }, 'c-new'));
    act(() => screen.hook.result.current.writes.create.mutate({ firstName: 'Aaron', lastName: 'A' }));
    await waitFor(() => expect(screen.requests).toHaveLength(2));
  });

  it('rolls back a create the server refuses, total included', async () => {
    const screen = renderScreen(5, allView);
    await screen.ready();
    jest.spyOn(contactsApi, 'create').mockRejectedValue(new Error('boom'));
    act(() => screen.hook.result.current.writes.create.mutate({ firstName: 'Grace', lastName: 'Hopper' }));
    await waitFor(() => expect(screen.messages).toEqual(['error: Failed to create contact']));
    expect(screen.total()).toBe(5);
    expect([0, 1, 2].map((i) => screen.at(i)?._id)).toEqual(['c0', 'c1', 'c2']);
  });

  it('does not show a created contact the view would not hold (not matching the search)', async () => {
    const screen = renderScreen(5, { ...allView, search: 'person' });
    await screen.ready();
    jest.spyOn(contactsApi, 'create').mockReturnValue(new Promise<Contact>(() => undefined));
    act(() => screen.hook.result.current.writes.create.mutate({ firstName: 'Grace', lastName: 'Hopper' }));
    await waitFor(() => expect(contactsApi.create).toHaveBeenCalled());
    expect(screen.total()).toBe(5);
  });

  it('updates in place, reloads lists only when the list changed, and rolls back on failure', async () => {
    const screen = renderScreen(3, allView);
    await screen.ready();
    await waitFor(() => expect(screen.lists).toHaveBeenCalledTimes(1));
    const update = jest
      .spyOn(contactsApi, 'update')
      .mockImplementation(async (_id, input) => (screen.people[1] = saved(input as ContactInput, 'c1')));
    const { writes } = screen.hook.result.current;
    await act(() =>
      writes.update.mutateAsync({ id: 'c1', input: { firstName: 'Person0001', lastName: 'King', listId: null } }),
    );
    await waitFor(() => expect(screen.at(1)?.lastName).toBe('King'));
    expect(screen.lists).toHaveBeenCalledTimes(1);
    await act(() =>
      writes.update.mutateAsync({ id: 'c1', input: { firstName: 'Person0001', lastName: 'King', listId: 'l1' } }),
    );
    await waitFor(() => expect(screen.lists).toHaveBeenCalledTimes(2));

    const original = screen.at(1);
    update.mockRejectedValue(new Error('nope'));
    await act(() =>
      writes.update.mutateAsync({ id: 'c1', input: { firstName: 'Changed', lastName: 'Name' } }).catch(() => null),
    );
    await waitFor(() => expect(screen.at(1)).toEqual(original));
    expect(screen.messages.at(-1)).toBe('error: Failed to update contact');
  });

  it('Update Status shows the new date and list at once, keeps the server answer, and rolls back on failure', async () => {
    const yesterday = new Date(Date.now() - 86_400_000).toISOString();
    const screen = renderScreen(3, allView);
    await screen.ready();
    await waitFor(() => expect(screen.hook.result.current.lists.data).toEqual([family]));
    const answer = deferred<Contact>();
    const update = jest.spyOn(contactsApi, 'update').mockReturnValue(answer.promise);
    let pending!: Promise<Contact>;
    act(() => {
      pending = screen.hook.result.current.writes.updateStatus.mutateAsync({
        id: 'c1',
        input: { lastContactDate: yesterday, listId: 'l1' },
      });
    });
    await waitFor(() =>
      expect(screen.at(1)).toMatchObject({
        lastContactDate: yesterday,
        listId: 'l1',
        list: { name: 'Family' },
        isOverdue: false,
      }),
    );
    const fromServer = { ...screen.at(1)!, daysSinceLastContact: 1 };
    await act(async () => answer.resolve(fromServer));
    await expect(pending).resolves.toEqual(fromServer);
    expect(screen.messages).toContain('ok: Contact status updated successfully');

    const before = screen.at(2);
    update.mockRejectedValue(new Error('nope'));
    await act(() =>
      screen.hook.result.current.writes.updateStatus
        .mutateAsync({ id: 'c2', input: { lastContactDate: yesterday, listId: null } })
        .catch(() => null),
    );
    await waitFor(() => expect(screen.at(2)).toEqual(before));
    expect(screen.messages.at(-1)).toBe('error: Failed to update contact status');
  });

  it('removes at once with the section total, and puts the contact back where it was on failure', async () => {
    const screen = renderScreen(3, groupedView);
    await screen.ready();
    act(() => screen.shown().onVisibleRanges([{ segmentKey: 'list:l1', from: 0, to: 0 }]));
    await waitFor(() => expect(screen.at(0, 'list:l1')?._id).toBe('c0'));
    const family = () => screen.segment('list:l1');
    expect([segmentLength(family()), family().overdueCount]).toEqual([1, 1]);
    const call = deferred<unknown>();
    jest.spyOn(contactsApi, 'remove').mockReturnValue(call.promise);
    act(() => screen.hook.result.current.writes.remove.mutate(screen.at(0, 'list:l1')!));
    await waitFor(() => expect([segmentLength(family()), family().overdueCount]).toEqual([0, 0]));
    expect(screen.total()).toBe(2);
    await act(async () => call.reject(new Error('down')));
    await waitFor(() => expect(screen.messages).toEqual(['error: Failed to delete contact']));
    expect(screen.at(0, 'list:l1')?._id).toBe('c0');
    expect([segmentLength(family()), family().overdueCount]).toEqual([1, 1]);
  });

  it('Log Contact shows the contact as contacted at once, with its section and list counts, then keeps the answer', async () => {
    const yesterday = new Date(Date.now() - 86_400_000).toISOString();
    const screen = renderScreen(3, groupedView, [{ ...family, overdueCount: 1 }]);
    await screen.ready();
    act(() =>
      screen.shown().onVisibleRanges([
        { segmentKey: 'list:l1', from: 0, to: 0 },
        { segmentKey: 'list:none', from: 0, to: 1 },
      ]),
    );
    await waitFor(() => expect(screen.at(0, 'list:l1')?._id).toBe('c0'));
    await waitFor(() => expect(screen.hook.result.current.lists.data?.[0]?.overdueCount).toBe(1));
    const call = deferred<LogContactResponse>();
    jest.spyOn(contactsApi, 'lists').mockReturnValue(new Promise(() => undefined));
    const post = jest.fn(() => call.promise);
    const { api } = await import('@kith/web-kit');
    jest.spyOn(api, 'call').mockImplementation(post as never);

    act(
      () =>
        void screen.hook.result.current.actions.log.mutate({
          contactId: 'c0',
          type: 'PHONE_CALL',
          timestamp: yesterday,
        }),
    );
    await waitFor(() =>
      expect(screen.at(0, 'list:l1')).toMatchObject({
        _id: 'c0',
        lastContactDate: yesterday,
        daysSinceLastContact: 1,
        isOverdue: false,
        daysOverdue: 0,
      }),
    );
    expect([screen.segment('list:l1').overdueCount, screen.segment('list:none').overdueCount]).toEqual([0, 2]);
    expect(screen.hook.result.current.lists.data?.[0]?.overdueCount).toBe(0);
    expect(screen.total()).toBe(3);

    const fromServer = { ...screen.at(0, 'list:l1')!, updatedAt: '2026-11-25T10:00:00.000Z' };
    await act(async () =>
      call.resolve({ contact: fromServer, communication: {} as LogContactResponse['communication'] }),
    );
    expect(screen.client.getQueryData(queryKeys.contact('c0'))).toEqual(fromServer);
    // The view reloads from the server, and the lists' counts too.
    await waitFor(() => expect(screen.client.getQueryState(queryKeys.lists)?.fetchStatus).toBe('fetching'));
  });

  it('Mark as Contacted takes the contact off the overdue screen at once and puts it back on failure', async () => {
    const screen = renderScreen(3, { ...allView, scope: { kind: 'overdue' } }, [{ ...family, overdueCount: 1 }]);
    await screen.ready();
    await waitFor(() => expect(screen.hook.result.current.lists.data?.[0]?.overdueCount).toBe(1));
    const call = deferred<ContactResponse>();
    const { api } = await import('@kith/web-kit');
    jest.spyOn(api, 'call').mockReturnValue(call.promise as never);

    act(() => void screen.hook.result.current.actions.markContacted.mutate('c0'));
    await waitFor(() => expect(screen.total()).toBe(2));
    expect([0, 1].map((i) => screen.at(i)?._id)).toEqual(['c1', 'c2']);
    expect(screen.hook.result.current.lists.data?.[0]?.overdueCount).toBe(0);

    await act(async () => call.reject(new Error('Service temporarily unavailable')));
    await waitFor(() => expect(screen.total()).toBe(3));
    expect([0, 1, 2].map((i) => screen.at(i)?._id)).toEqual(['c0', 'c1', 'c2']);
    expect(screen.at(0)).toMatchObject({ isOverdue: true, lastContactDate: null });
    expect(screen.hook.result.current.lists.data?.[0]?.overdueCount).toBe(1);
  });

  it('a log older than the last contact leaves the contact as it is; a newer one ends a snooze', () => {
    const recent = new Date(Date.now() - 2 * 86_400_000).toISOString();
    const contact = saved({ firstName: 'Ada', lastName: 'L', lastContactDate: recent }, 'c9');
    expect(contactedAt(contact, new Date(Date.now() - 10 * 86_400_000).toISOString())).toBe(contact);
    expect(contactedAt({ ...contact, snoozedUntil: '2099-01-01T00:00:00Z' }, new Date().toISOString())).toMatchObject({
      daysSinceLastContact: 0,
      snoozedUntil: null,
    });
  });

  it('a change to a contact reaches its own query too, and the rollback restores it', () => {
    const client: QueryClient = createQueryClient();
    const ada = saved({ firstName: 'Ada', lastName: 'L' }, 'c9');
    client.setQueryData(queryKeys.contact('c9'), ada);
    const undo = previewContacted(client, 'c9', new Date().toISOString());
    expect(client.getQueryData<Contact>(queryKeys.contact('c9'))).toMatchObject({
      isOverdue: false,
      daysSinceLastContact: 0,
    });
    undo();
    expect(client.getQueryData(queryKeys.contact('c9'))).toEqual(ada);
  });
});
