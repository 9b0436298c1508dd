import { api } from '@kith/web-kit';
import {
  IMPORT_CONFIRM_TIMEOUT_MS,
  IMPORT_FILE_FIELD,
  STORE_CONTACT_FETCH_LIMIT,
  type Contact,
  type ContactInput,
  type ContactList,
  type ContactResponse,
  type ContactUpdateInput,
  type ImportConfirmRequest,
  type ImportConfirmResult,
  type ImportParseResult,
  type LogCommunicationRequest,
  type LogContactResponse,
  type Paged,
  type ScheduleReminderRequest,
} from '@kith/contracts';

const contactPath = (id: string) => `/contacts/${encodeURIComponent(id)}`;

/** The calls of spec §7 this remote makes, typed with the contract's shapes. */
export const contactsApi = {
  /** The store loads every contact at once (limit 1000) and searches, sorts and groups locally. */
  list: () => api.get<Paged<Contact>>('/contacts', { query: { limit: STORE_CONTACT_FETCH_LIMIT, sortBy: 'name' } }),
  create: (input: ContactInput) => api.post<Contact>('/contacts', { body: input }),
  update: (id: string, input: ContactUpdateInput) => api.put<Contact>(contactPath(id), { body: input }),
  remove: (id: string) => api.delete<unknown>(contactPath(id)),
  logCommunication: (request: LogCommunicationRequest) =>
    api.post<LogContactResponse>('/communications/log', { body: request }),
  markContacted: (id: string) => api.patch<ContactResponse>(`${contactPath(id)}/mark-contacted`),
  scheduleReminder: (id: string, request: ScheduleReminderRequest) =>
    api.post<ContactResponse>(`${contactPath(id)}/schedule-reminder`, { body: request }),
  parseImport: (file: File, onProgress?: (fraction: number) => void) => {
    const form = new FormData();
    form.append(IMPORT_FILE_FIELD, file);
    return api.upload<ImportParseResult>('/contacts/import/parse', form, { onProgress });
  },
  confirmImport: (contacts: ImportConfirmRequest['contacts']) =>
    api.post<ImportConfirmResult>('/contacts/import/confirm', {
      body: { contacts },
      timeoutMs: IMPORT_CONFIRM_TIMEOUT_MS,
    }),
  lists: () => api.get<ContactList[]>('/lists'),
};

export type ContactsApi = typeof contactsApi;
