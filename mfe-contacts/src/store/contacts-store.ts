import {
  daysOverdue,
  daysSince,
  effectiveReminderDays,
  isOverdue,
  type Contact,
  type ContactInput,
  type ContactList,
} from '@kith/contracts';
import { getErrorMessage, notify } from '@kith/web-kit';
import { createStore, useStore } from 'zustand';
import { contactsApi, type ContactsApi } from '../api/contacts-api.js';

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface ContactsState {
  contacts: Contact[];
  lists: ContactList[];
  status: LoadStatus;
  error: string | null;
  /** Loads contacts and lists; `silent` keeps the current screen instead of showing the loader. */
  load: (options?: { silent?: boolean }) => Promise<void>;
  loadLists: () => Promise<void>;
  create: (input: ContactInput) => Promise<Contact | null>;
  update: (id: string, input: ContactInput) => Promise<Contact | null>;
  remove: (id: string) => Promise<boolean>;
  /** Puts a contact the server returned (after logging or scheduling) in place of the old copy. */
  replace: (contact: Contact) => void;
}

interface Feedback {
  success: (message: string) => void;
  error: (message: string) => void;
}

/** A contact as it will probably look once saved, shown at once while the call runs. */
export function provisionalContact(input: ContactInput, lists: ContactList[], base?: Contact): Contact {
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
    createdAt: base?.createdAt ?? now,
    updatedAt: now,
  };
}

/**
 * Contacts of the signed-in user with optimistic create, update and delete: the change shows at
 * once and is rolled back if the server refuses it. Lists reload after membership changes.
 */
export function createContactsStore(dependencies: { api?: ContactsApi; feedback?: Feedback } = {}) {
  const client = dependencies.api ?? contactsApi;
  const feedback = dependencies.feedback ?? notify;

  return createStore<ContactsState>()((set, get) => ({
    contacts: [],
    lists: [],
    status: 'idle',
    error: null,

    load: async ({ silent = false } = {}) => {
      if (!silent || get().status !== 'ready') set({ status: 'loading', error: null });
      try {
        const [page, lists] = await Promise.all([client.list(), client.lists()]);
        set({ contacts: page.items, lists, status: 'ready', error: null });
      } catch (error) {
        set({ status: 'error', error: getErrorMessage(error) });
      }
    },

    loadLists: async () => {
      try {
        set({ lists: await client.lists() });
      } catch {
        // The contacts on screen stay right; list names and counts refresh on the next load.
      }
    },

    create: async (input) => {
      const provisional = provisionalContact(input, get().lists);
      set((state) => ({ contacts: [provisional, ...state.contacts] }));
      try {
        const saved = await client.create(input);
        set((state) => ({ contacts: state.contacts.map((c) => (c._id === provisional._id ? saved : c)) }));
        feedback.success('Contact created successfully');
        if (saved.listId) void get().loadLists();
        return saved;
      } catch (error) {
        set((state) => ({ contacts: state.contacts.filter((c) => c._id !== provisional._id) }));
        feedback.error(getErrorMessage(error, 'Failed to create contact'));
        return null;
      }
    },

    update: async (id, input) => {
      const previous = get().contacts.find((c) => c._id === id);
      if (!previous) return null;
      set((state) => ({
        contacts: state.contacts.map((c) => (c._id === id ? provisionalContact(input, state.lists, previous) : c)),
      }));
      try {
        const saved = await client.update(id, input);
        set((state) => ({ contacts: state.contacts.map((c) => (c._id === id ? saved : c)) }));
        feedback.success('Contact updated successfully');
        if ((previous.listId ?? null) !== (saved.listId ?? null)) void get().loadLists();
        return saved;
      } catch (error) {
        set((state) => ({ contacts: state.contacts.map((c) => (c._id === id ? previous : c)) }));
        feedback.error(getErrorMessage(error, 'Failed to update contact'));
        return null;
      }
    },

    remove: async (id) => {
      const index = get().contacts.findIndex((c) => c._id === id);
      const previous = get().contacts[index];
      if (!previous) return false;
      set((state) => ({ contacts: state.contacts.filter((c) => c._id !== id) }));
      try {
        await client.remove(id);
        feedback.success('Contact deleted successfully');
        void get().loadLists();
        return true;
      } catch (error) {
        set((state) => {
          const contacts = [...state.contacts];
          contacts.splice(Math.min(index, contacts.length), 0, previous);
          return { contacts };
        });
        feedback.error(getErrorMessage(error, 'Failed to delete contact'));
        return false;
      }
    },

    replace: (contact) =>
      set((state) => ({ contacts: state.contacts.map((c) => (c._id === contact._id ? contact : c)) })),
  }));
}

export type ContactsStore = ReturnType<typeof createContactsStore>;

/** The remote's one store; tests build their own with `createContactsStore`. */
export const contactsStore = createContactsStore();

export function useContactsStore<T>(selector: (state: ContactsState) => T): T {
  return useStore(contactsStore, selector);
}
