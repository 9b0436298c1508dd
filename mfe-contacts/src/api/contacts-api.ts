import { announcePageName, api, contactApiPath } from '@kith/web-kit';
import {
  IMPORT_CONFIRM_TIMEOUT_MS,
  fullName,
  IMPORT_FILE_FIELD,
  type Contact,
  type ContactInput,
  LIST_SUMMARIES_QUERY,
  type ContactListSummary,
  type ContactResponse,
  type ContactSectionsResponse,
  type ContactSortBy,
  type ContactUpdateInput,
  type Communication,
  type CommunicationUpdateRequest,
  TIMELINE_PAGE_LIMIT,
  type ImportConfirmRequest,
  type ImportConfirmResult,
  type ImportParseResult,
  type LogCommunicationRequest,
  type LogContactRequest,
  type LogContactResponse,
  type Paged,
  type ScheduleReminderRequest,
  type SortOrder,
} from '@kith/contracts';

const contactPath = contactApiPath;

/** One page of GET /contacts: the screen's scope, search and sort, `listId` a list id or NO_LIST_ID. */
export interface ContactPageRequest {
  page: number;
  limit: number;
  search?: string;
  listId?: string;
  filter?: 'overdue';
  sortBy: ContactSortBy;
  sortOrder: SortOrder;
}

/** The calls of spec §7 this remote makes, typed with the contract's shapes. */
export const contactsApi = {
  /** One page of what the screen shows; the server searches, filters, sorts and counts. */
  page: (request: ContactPageRequest, signal?: AbortSignal) =>
    api.get<Paged<Contact>>('/contacts', { query: { ...request }, signal }),
  /** Per-list counts of the grouped screen (same scope and search as the pages). */
  sections: (request: { search?: string; filter?: 'overdue' }, signal?: AbortSignal) =>
    api.get<ContactSectionsResponse>('/contacts/sections', { query: { ...request }, signal }),
  get: (id: string) => api.get<Contact>(contactPath(id)),
  /** One page of the contact's interactions, newest first. */
  timeline: (id: string, page: number) =>
    api.get<Paged<Communication>>(`${contactPath(id)}/communications`, { query: { page, limit: TIMELINE_PAGE_LIMIT } }),
  editCommunication: (id: string, changes: CommunicationUpdateRequest) =>
    api.put<LogContactResponse>(`/communications/${encodeURIComponent(id)}`, { body: changes }),
  removeCommunication: (id: string) =>
    api.delete<{ message: string; contact: Contact }>(`/communications/${encodeURIComponent(id)}`),
  create: (input: ContactInput) => api.post<Contact>('/contacts', { body: input }),
  update: (id: string, input: ContactUpdateInput) =>
    api.put<Contact>(contactPath(id), { body: input }).then((contact) => {
      // The shell's breadcrumb and title for this person's page follow the new name.
      announcePageName(contactPath(id), fullName(contact));
      return contact;
    }),
  remove: (id: string) => api.delete<unknown>(contactPath(id)),
  logCommunication: (request: LogCommunicationRequest) =>
    api.post<LogContactResponse>('/communications/log', { body: request }),
  /** An interaction now (the contact dialog's one-tap log). */
  logNow: (id: string, request: LogContactRequest) =>
    api.post<LogContactResponse>(`${contactPath(id)}/log-contact`, { body: request }),
  markContacted: (id: string) => api.patch<ContactResponse>(`${contactPath(id)}/mark-contacted`),
  scheduleReminder: (id: string, request: ScheduleReminderRequest) =>
    api.post<ContactResponse>(`${contactPath(id)}/schedule-reminder`, { body: request }),
  snooze: (id: string, until: Date) =>
    api.post<ContactResponse>(`${contactPath(id)}/snooze`, { body: { until: until.toISOString() } }),
  unsnooze: (id: string) => api.delete<ContactResponse>(`${contactPath(id)}/snooze`),
  parseImport: (file: File, onProgress?: (fraction: number) => void) => {
    const form = new FormData();
    form.append(IMPORT_FILE_FIELD, file);
    return api.upload<ImportParseResult>('/contacts/import/parse', form, { onProgress });
  },
  confirmImport: (contacts: ImportConfirmRequest['contacts'], options: { startTimersToday?: boolean } = {}) =>
    api.post<ImportConfirmResult>('/contacts/import/confirm', {
      body: { contacts, ...options },
      timeoutMs: IMPORT_CONFIRM_TIMEOUT_MS,
    }),
  lists: () => api.get<ContactListSummary[]>('/lists', { query: LIST_SUMMARIES_QUERY }),
};

export type ContactsApi = typeof contactsApi;
