import { ApiError } from '@kith/web-kit';
import type { ContactListSummary } from '@kith/contracts';
import type { ListsApi } from '../api/lists-api.js';
import { createListsStore } from './lists-store.js';

const list = (id: string, name: string): ContactListSummary => ({
  _id: id,
  userId: 'u',
  name,
  description: null,
  color: '#3B82F6',
  reminderDays: 30,
  contactCount: 0,
  overdueCount: 0,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
});

function setup(overrides: Partial<ListsApi> = {}) {
  const messages: string[] = [];
  let stored = [list('a', 'Family')];
  const api: ListsApi = {
    list: async () => stored,
    create: async (input) => {
      const created = list('b', input.name);
      stored = [...stored, created];
      return created;
    },
    update: async () => stored[0]!,
    remove: async () => undefined,
    ...overrides,
  };
  const store = createListsStore({
    api,
    feedback: { success: (m) => messages.push(`ok: ${m}`), error: (m) => messages.push(`error: ${m}`) },
  });
  return { store, messages };
}

describe('lists store', () => {
  it('reloads the lists after a successful create', async () => {
    const { store, messages } = setup();
    await store.getState().load();
    expect(await store.getState().create({ name: 'Work' })).toBe(true);
    expect(store.getState().lists.map((l) => l.name)).toEqual(['Family', 'Work']);
    expect(messages).toEqual(['ok: List created successfully']);
  });

  it("puts the server's error in the banner and toasts a failed create", async () => {
    const refused = new ApiError({ message: 'name: List name is required', status: 400, fromServer: true });
    const { store, messages } = setup({ create: async () => Promise.reject(refused) });
    expect(await store.getState().create({ name: '' })).toBe(false);
    expect(store.getState().error).toBe('name: List name is required');
    expect(messages).toEqual(['error: Failed to create list']);
    store.getState().dismissError();
    expect(store.getState().error).toBeNull();
  });

  it('uses its own wording when the server gave none', async () => {
    const { store, messages } = setup({
      remove: async () => Promise.reject(new ApiError({ message: 'Could not reach the server.' })),
    });
    expect(await store.getState().remove('a')).toBe(false);
    expect(store.getState().error).toBe('Failed to delete list');
    expect(messages).toEqual([]);
  });

  it('marks a failed first load as an error with the fetch message', async () => {
    const { store } = setup({ list: async () => Promise.reject(new Error('offline')) });
    await store.getState().load();
    expect(store.getState()).toMatchObject({ status: 'error', error: 'Failed to fetch lists' });
  });
});
