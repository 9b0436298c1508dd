import {
  snoozedUntilLabel,
  snoozeUntil,
  type Contact,
  type ContactInput,
  type ContactListSummary,
  type ContactUpdateInput,
  type CommunicationUpdateRequest,
  type ImportConfirmRequest,
  type ImportRemind,
  type SnoozeChoice,
} from '@kith/contracts';
import { getErrorMessage, notify } from '@kith/web-kit';
import { contactsChanged, queryKeys, type ContactedPreview } from '@kith/web-kit/data';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { contactsApi } from '../api/contacts-api.js';
import { addCached, changeCached, contactedAt, provisionalContact, stillTrue } from './contact-cache.js';

const listsIn = (client: QueryClient) => client.getQueryData<ContactListSummary[]>(queryKeys.lists) ?? [];
/** The server's copy of a contact, in place of whatever the cache showed. */
const saved = (client: QueryClient, contact: Contact) => changeCached(client, contact._id, () => contact);
/** A refused write: what it showed goes back, and the spec's message (or the server's) says so. */
const failed = (message: string) => (error: Error, _: unknown, shown?: { rollback: () => void }) => {
  shown?.rollback();
  notify.error(getErrorMessage(error, message));
};

/**
 * Log Contact, Log Interaction and Mark as Contacted, shown at once wherever the contact is
 * cached: off an overdue view, its card and its section's and list's overdue counts changed.
 */
export const previewContacted: ContactedPreview = (client, id, at) => {
  let moved = { listId: null as string | null, delta: 0 };
  const { rollback } = changeCached(client, id, (contact, params) => {
    const next = contactedAt(contact, at);
    moved = { listId: contact.listId, delta: Number(next.isOverdue) - Number(contact.isOverdue) };
    return params?.scope === 'overdue' && !next.isOverdue ? null : next;
  });
  const lists = client.getQueryData<ContactListSummary[]>(queryKeys.lists);
  const counted = (list: ContactListSummary) =>
    list._id === moved.listId ? { ...list, overdueCount: Math.max(0, list.overdueCount + moved.delta) } : list;
  if (lists && moved.delta) client.setQueryData(queryKeys.lists, lists.map(counted));
  return () => {
    rollback();
    if (lists) client.setQueryData(queryKeys.lists, lists);
  };
};

/**
 * Every write of the contacts remote. Create, update, Update Status and delete show at once and
 * roll back when the server refuses; what they change reloads (lists when a contact's list changed).
 */
export function useContactMutations() {
  const client = useQueryClient();
  const updating = (success: string, failure: string) => ({
    mutationFn: ({ id, input }: { id: string; input: ContactUpdateInput }) => contactsApi.update(id, input),
    onMutate: ({ id, input }: { id: string; input: ContactUpdateInput }) =>
      changeCached(client, id, (contact) => provisionalContact(input, listsIn(client), contact)),
    onSuccess: (contact: Contact, _: unknown, { before }: ReturnType<typeof changeCached>) => {
      saved(client, contact);
      notify.success(success);
      contactsChanged(client, { lists: (before?.listId ?? null) !== contact.listId });
    },
    onError: failed(failure),
  });
  return {
    create: useMutation({
      mutationFn: (input: ContactInput) => contactsApi.create(input),
      onMutate: (input) => {
        const provisional = provisionalContact(input, listsIn(client));
        return { provisional, rollback: addCached(client, provisional) };
      },
      onSuccess: (contact, _, { provisional }) => {
        changeCached(client, provisional._id, () => contact);
        client.setQueryData(queryKeys.contact(contact._id), contact);
        notify.success('Contact created successfully');
        // The server's answer is on screen already: only the views it changes beyond that ask again.
        const changed = {
          queryKey: queryKeys.contactViews,
          predicate: ({ queryKey }: { queryKey: readonly unknown[] }) =>
            !stillTrue(client, queryKey.slice(0, 3), contact),
        };
        void client.invalidateQueries(changed);
        void client.invalidateQueries({ queryKey: queryKeys.dashboard });
        if (contact.listId) void client.invalidateQueries({ queryKey: queryKeys.lists });
      },
      onError: failed('Failed to create contact'),
    }),
    update: useMutation(updating('Contact updated successfully', 'Failed to update contact')),
    updateStatus: useMutation(updating('Contact status updated successfully', 'Failed to update contact status')),
    remove: useMutation({
      mutationFn: (contact: Contact) => contactsApi.remove(contact._id),
      onMutate: (contact) => changeCached(client, contact._id, () => null),
      onSuccess: () => {
        notify.success('Contact deleted successfully');
        contactsChanged(client, { lists: true });
      },
      onError: failed('Failed to delete contact'),
    }),
    snooze: useMutation({
      mutationFn: ({ contact, choice }: { contact: Contact; choice: SnoozeChoice | null }) =>
        choice ? contactsApi.snooze(contact._id, snoozeUntil(choice)) : contactsApi.unsnooze(contact._id),
      onSuccess: ({ contact }) => {
        saved(client, contact);
        void client.invalidateQueries({ queryKey: queryKeys.dashboard });
        notify.success(contact.snoozedUntil ? snoozedUntilLabel(contact.snoozedUntil) : 'Snooze stopped');
      },
      onError: failed('Failed to snooze contact'),
    }),
  };
}

/** Editing or deleting a logged interaction: the last contact may move, so all that shows it reloads. */
export function useInteractionMutations() {
  const client = useQueryClient();
  const changed =
    (message: string) =>
    ({ contact }: { contact: Contact }) => {
      saved(client, contact);
      notify.success(message);
      void client.invalidateQueries({ queryKey: queryKeys.interactions(contact._id) });
      contactsChanged(client, { lists: true });
    };
  return {
    edit: useMutation({
      mutationFn: ({ id, changes }: { id: string; changes: CommunicationUpdateRequest }) =>
        contactsApi.editCommunication(id, changes),
      onSuccess: changed('Interaction updated'),
      onError: failed('Failed to update the interaction'),
    }),
    remove: useMutation({
      mutationFn: (id: string) => contactsApi.removeCommunication(id),
      onSuccess: changed('Interaction deleted'),
      onError: failed('Failed to delete the interaction'),
    }),
  };
}

/** Importing the chosen cards: contacts and lists (a card's category may have made one) reload. */
export function useImportContacts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: { contacts: ImportConfirmRequest['contacts']; remind: ImportRemind }) =>
      contactsApi.confirmImport(request.contacts, { remind: request.remind }),
    onSuccess: () => contactsChanged(client, { lists: true }),
  });
}
