import { jest } from '@jest/globals';
import type { Contact, ContactInput, ContactList, ContactUpdateInput } from '@kith/contracts';
import type { ContactsApi } from '../api/contacts-api.js';
import { createContactsStore, provisionalContact } from './contacts-store.js';

const family: ContactList = {
  _id: 'l1',
  userId: 'u',
  name: 'Family',
  description: null,
  color: '#ef4444',
  reminderDays: 7,
  contactCount: 1,
  overdueCount: 0,
  contactIds: [],
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

function setup(overrides: Partial<ContactsApi> = {}) {
  const messages: string[] = [];
  const existing = saved({ firstName: 'Ada', lastName: 'Lovelace', listId: 'l1' }, 'c1');
  const api = {
    list: async () => ({ items: [existing], totalItems: 1, page: 1, limit: 1000, totalPages: 1 }),
    lists: jest.fn(async () => [family]),
    ...overrides,
  } as unknown as ContactsApi;
  const store = createContactsStore({
    api,
    feedback: { success: (m) => messages.push(`ok: ${m}`), error: (m) => messages.push(`error: ${m}`) },
  });
  return { store, api, messages, existing };
}

describe('contacts store', () => {
  it('loads contacts and lists', async () => {
    const { store } = setup();
    await store.getState().load();
    expect(store.getState()).toMatchObject({ status: 'ready', lists: [family] });
    expect(store.getState().contacts.map((c) => c._id)).toEqual(['c1']);
  });

  it('reports a failed load', async () => {
    const { store } = setup({ list: async () => Promise.reject(new Error('Service temporarily unavailable')) });
    await store.getState().load();
    expect(store.getState()).toMatchObject({ status: 'error', error: 'Service temporarily unavailable' });
  });

  it('shows a created contact at once and swaps in the saved one', async () => {
    const call = deferred<Contact>();
    const { store, messages } = setup({ create: () => call.promise });
    await store.getState().load();
    const input = { firstName: 'Grace', lastName: 'Hopper', listId: 'l1' };
    const pending = store.getState().create(input);
    const shown = store.getState().contacts[0]!;
    expect(shown).toMatchObject({ firstName: 'Grace', list: { name: 'Family' }, isOverdue: true });
    call.resolve(saved(input, 'c2'));
    await pending;
    expect(store.getState().contacts.map((c) => c._id)).toEqual(['c2', 'c1']);
    expect(messages).toEqual(['ok: Contact created successfully']);
  });

  it('rolls back a create the server refuses', async () => {
    const { store, messages } = setup({ create: async () => Promise.reject(new Error('boom')) });
    await store.getState().load();
    expect(await store.getState().create({ firstName: 'Grace', lastName: 'Hopper' })).toBeNull();
    expect(store.getState().contacts.map((c) => c._id)).toEqual(['c1']);
    expect(messages).toEqual(['error: Failed to create contact']);
  });

  it('rolls back an update and reloads lists only when the list changed', async () => {
    const { store, api } = setup({
      update: async (_id: string, input: ContactUpdateInput) => saved(input as ContactInput, 'c1'),
    });
    await store.getState().load();
    const listsCalls = (api.lists as jest.Mock<() => Promise<ContactList[]>>).mock.calls.length;
    await store.getState().update('c1', { firstName: 'Ada', lastName: 'King', listId: 'l1' });
    expect(store.getState().contacts[0]?.lastName).toBe('King');
    expect((api.lists as jest.Mock<() => Promise<ContactList[]>>).mock.calls.length).toBe(listsCalls);
    await store.getState().update('c1', { firstName: 'Ada', lastName: 'King', listId: null });
    expect((api.lists as jest.Mock<() => Promise<ContactList[]>>).mock.calls.length).toBe(listsCalls + 1);

    const failing = setup({ update: async () => Promise.reject(new Error('nope')) });
    await failing.store.getState().load();
    await failing.store.getState().update('c1', { firstName: 'Changed', lastName: 'Name' });
    expect(failing.store.getState().contacts[0]).toEqual(failing.existing);
    expect(failing.messages).toEqual(['error: Failed to update contact']);
  });

  it('removes at once and puts the contact back where it was on failure', async () => {
    const call = deferred<unknown>();
    const { store, messages } = setup({ remove: () => call.promise });
    await store.getState().load();
    const pending = store.getState().remove('c1');
    expect(store.getState().contacts).toHaveLength(0);
    call.reject(new Error('down'));
    expect(await pending).toBe(false);
    expect(store.getState().contacts.map((c) => c._id)).toEqual(['c1']);
    expect(messages).toEqual(['error: Failed to delete contact']);
  });
});
