import { announcePageName, api, listApiPath } from '@kith/web-kit';
import type { ContactList, ListInput } from '@kith/contracts';

const listPath = listApiPath;

export const listsApi = {
  list: () => api.get<ContactList[]>('/lists'),
  create: (input: ListInput) => api.post<ContactList>('/lists', { body: input }),
  update: (id: string, input: ListInput) =>
    api.put<ContactList>(listPath(id), { body: input }).then((list) => {
      // The shell's breadcrumb and title for this list's page follow the new name.
      announcePageName(listPath(id), list.name);
      return list;
    }),
  remove: (id: string) => api.delete<unknown>(listPath(id)),
};

export type ListsApi = typeof listsApi;
