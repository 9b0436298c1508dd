import { announcePageName, api, listApiPath } from '@kith/web-kit';
import { type ContactListSummary, LIST_SUMMARIES_QUERY, type ListInput } from '@kith/contracts';

// The screens keep summaries: a list's answer also carries its members' ids, which they leave unread.
export const listsApi = {
  list: () => api.call('listLists', { query: LIST_SUMMARIES_QUERY }),
  create: (input: ListInput): Promise<ContactListSummary> => api.call('createList', { body: input }),
  update: (id: string, input: ListInput): Promise<ContactListSummary> =>
    api.call('updateList', { params: { id }, body: input }).then((list) => {
      // The shell's breadcrumb and title for this list's page follow the new name.
      announcePageName(listApiPath(id), list.name);
      return list;
    }),
  remove: (id: string): Promise<unknown> => api.call('deleteList', { params: { id } }),
};

export type ListsApi = typeof listsApi;
