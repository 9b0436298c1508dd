import { announcePageName, api, contactApiPath } from '@kith/web-kit';
import {
  fullName,
  IMPORT_FILE_FIELD,
  type ContactInput,
  LIST_SUMMARIES_QUERY,
  type ContactSortBy,
  type ContactUpdateInput,
  type CommunicationUpdateRequest,
  TIMELINE_PAGE_LIMIT,
  type ImportConfirmRequest,
  type LogCommunicationRequest,
  type LogContactRequest,
  type ScheduleReminderRequest,
  type SortOrder,
} from '@kith/contracts';

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

/** The calls this remote makes, each an operation of the route catalogue. */
export const contactsApi = {
  /** One page of what the screen shows; the server searches, filters, sorts and counts. */
  page: (request: ContactPageRequest, signal?: AbortSignal) =>
    api.call('listContacts', { query: { ...request }, signal }),
  /** Per-list counts of the grouped screen (same scope and search as the pages). */
  sections: (request: { search?: string; filter?: 'overdue' }, signal?: AbortSignal) =>
    api.call('listContactSections', { query: { ...request }, signal }),
  get: (id: string) => api.call('getContact', { params: { id } }),
  /** One page of the contact's interactions, newest first. */
  timeline: (id: string, page: number) =>
    api.call('listCommunications', { params: { id }, query: { page, limit: TIMELINE_PAGE_LIMIT } }),
  editCommunication: (id: string, changes: CommunicationUpdateRequest) =>
    api.call('updateCommunication', { params: { id }, body: changes }),
  removeCommunication: (id: string) => api.call('deleteCommunication', { params: { id } }),
  create: (input: ContactInput) => api.call('createContact', { body: input }),
  update: (id: string, input: ContactUpdateInput) =>
    api.call('updateContact', { params: { id }, body: input }).then((contact) => {
      // The shell's breadcrumb and title for this person's page follow the new name.
      announcePageName(contactApiPath(id), fullName(contact));
      return contact;
    }),
  /** Its callers only wait for it. */
  remove: (id: string): Promise<unknown> => api.call('deleteContact', { params: { id } }),
  logCommunication: (request: LogCommunicationRequest) => api.call('logCommunication', { body: request }),
  /** An interaction now (the contact dialog's one-tap log). */
  logNow: (id: string, request: LogContactRequest) => api.call('logContact', { params: { id }, body: request }),
  markContacted: (id: string) => api.call('markContacted', { params: { id } }),
  scheduleReminder: (id: string, request: ScheduleReminderRequest) =>
    api.call('scheduleReminder', { params: { id }, body: request }),
  snooze: (id: string, until: Date) =>
    api.call('snoozeContact', { params: { id }, body: { until: until.toISOString() } }),
  unsnooze: (id: string) => api.call('unsnoozeContact', { params: { id } }),
  parseImport: (file: File, onProgress?: (fraction: number) => void) => {
    const form = new FormData();
    form.append(IMPORT_FILE_FIELD, file);
    return api.upload('parseImport', form, { onProgress });
  },
  confirmImport: (
    contacts: ImportConfirmRequest['contacts'],
    options: Pick<ImportConfirmRequest, 'startTimersToday' | 'remind'> = {},
  ) => api.call('confirmImport', { body: { contacts, ...options } }),
  lists: () => api.call('listLists', { query: LIST_SUMMARIES_QUERY }),
};

export type ContactsApi = typeof contactsApi;
