import type { Contact, LogCommunicationRequest, LogContactRequest, ScheduleReminderRequest } from '@kith/contracts';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@kith/web-kit';
import { contactsChanged, queryKeys } from './query-keys.js';

/**
 * Shows a contact as contacted at `at` in whatever the screen holds, at once, and answers how to
 * put it back (a screen listing contacts passes one; the call's failure rolls it back).
 */
export type ContactedPreview = (client: QueryClient, contactId: string, at: string) => () => void;

/**
 * The contact dialogs' writes, the same wherever they are opened: Log Contact, a one-tap log now,
 * Mark as Contacted and Schedule Future Reminder. The server's answer becomes the contact's
 * cached copy; the screens listing contacts, the dashboard and the contact's timeline reload.
 */
export function useContactActions(preview?: ContactedPreview) {
  const client = useQueryClient();
  const saved = (contact: Contact, { lists }: { lists: boolean }) => {
    client.setQueryData(queryKeys.contact(contact._id), contact);
    void client.invalidateQueries({ queryKey: queryKeys.interactions(contact._id) });
    contactsChanged(client, { lists });
  };
  const show = (contactId: string, at: string) => preview?.(client, contactId, at) ?? (() => undefined);
  const contacted = {
    onSuccess: (contact: Contact) => saved(contact, { lists: true }),
    onError: (_: unknown, __: unknown, rollback?: () => void) => rollback?.(),
  };

  const log = useMutation({
    mutationFn: async (request: LogCommunicationRequest) =>
      (await api.call('logCommunication', { body: request })).contact,
    onMutate: (request) => show(request.contactId, request.timestamp),
    ...contacted,
  });
  const logNow = useMutation({
    mutationFn: async ({ contactId, ...request }: LogContactRequest & { contactId: string }) =>
      (await api.call('logContact', { params: { id: contactId }, body: request })).contact,
    onMutate: ({ contactId }) => show(contactId, new Date().toISOString()),
    ...contacted,
  });
  const markContacted = useMutation({
    mutationFn: async (contactId: string) => (await api.call('markContacted', { params: { id: contactId } })).contact,
    onMutate: (contactId) => show(contactId, new Date().toISOString()),
    ...contacted,
  });
  const scheduleReminder = useMutation({
    mutationFn: async ({ contactId, ...request }: ScheduleReminderRequest & { contactId: string }) =>
      (await api.call('scheduleReminder', { params: { id: contactId }, body: request })).contact,
    onSuccess: (contact) => saved(contact, { lists: false }),
  });
  return { log, logNow, markContacted, scheduleReminder };
}
