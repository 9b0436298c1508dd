import { announcePageName, api, listApiPath } from '@kith/web-kit';
import { LIST_SUMMARIES_QUERY, type ListInput, type ContactListSummary } from '@kith/contracts';

const listPath = listApiPath;

export const listsApi = {
  list: () => api.get<ContactListSummary[]>('/lists', { query: LIST_SUMMARIES_QUERY }),
  create: (input: ListInput) => api.post<ContactListSummary>('/lists', { body: input }),
  update: (id: string, input: ListInput) =>
    api.put<ContactListSummary>(listPath(id), { body: input }).then((list) => {
      // The shell's breadcrumb and title for this list's page follow the new name.
      announcePageName(listPath(id), list.name);
      return list;
    }),
  remove: (id: string) => api.delete<unknown>(listPath(id)),
};

export type ListsApi = typeof listsApi;
