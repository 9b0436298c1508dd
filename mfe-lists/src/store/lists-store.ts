import type { ContactListSummary, ListInput } from '@kith/contracts';
import { getErrorMessage, notify, serverErrorOr } from '@kith/web-kit';
import { createStore, useStore } from 'zustand';
import { listsApi, type ListsApi } from '../api/lists-api.js';

export interface ListsState {
  lists: ContactListSummary[];
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** The red banner: the server's error field, else the action's own wording. */
  error: string | null;
  load: () => Promise<void>;
  create: (input: ListInput) => Promise<boolean>;
  update: (id: string, input: ListInput) => Promise<boolean>;
  remove: (id: string) => Promise<boolean>;
  dismissError: () => void;
}

interface Feedback {
  success: (message: string) => void;
  error: (message: string) => void;
}

/** The user's lists; every successful create, update or delete reloads them (counts change). */
export function createListsStore(dependencies: { api?: ListsApi; feedback?: Feedback } = {}) {
  const client = dependencies.api ?? listsApi;
  const feedback = dependencies.feedback ?? notify;

  const mutate = async (
    run: () => Promise<unknown>,
    success: string,
    failure: string,
    toastFailure: boolean,
    reload: () => Promise<void>,
  ) => {
    try {
      await run();
    } catch (error) {
      if (toastFailure) feedback.error(getErrorMessage(error, failure));
      return { ok: false as const, message: serverErrorOr(error, failure) };
    }
    feedback.success(success);
    await reload();
    return { ok: true as const };
  };

  return createStore<ListsState>()((set, get) => ({
    lists: [],
    status: 'idle',
    error: null,

    load: async () => {
      if (get().status !== 'ready') set({ status: 'loading' });
      try {
        set({ lists: await client.list(), status: 'ready' });
      } catch (error) {
        set({
          status: get().status === 'ready' ? 'ready' : 'error',
          error: serverErrorOr(error, 'Failed to fetch lists'),
        });
      }
    },

    create: async (input) => {
      const result = await mutate(
        () => client.create(input),
        'List created successfully',
        'Failed to create list',
        true,
        get().load,
      );
      set({ error: result.ok ? null : result.message });
      return result.ok;
    },

    update: async (id, input) => {
      const result = await mutate(
        () => client.update(id, input),
        'List updated successfully',
        'Failed to update list',
        false,
        get().load,
      );
      set({ error: result.ok ? null : result.message });
      return result.ok;
    },

    remove: async (id) => {
      const result = await mutate(
        () => client.remove(id),
        'List deleted successfully',
        'Failed to delete list',
        false,
        get().load,
      );
      set({ error: result.ok ? null : result.message });
      return result.ok;
    },

    dismissError: () => set({ error: null }),
  }));
}

export const listsStore = createListsStore();

export function useListsStore<T>(selector: (state: ListsState) => T): T {
  return useStore(listsStore, selector);
}
