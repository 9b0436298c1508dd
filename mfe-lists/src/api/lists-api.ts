import { api } from '@kith/web-kit';
import type { ContactList, ListInput } from '@kith/contracts';

const listPath = (id: string) => `/lists/${encodeURIComponent(id)}`;

export const listsApi = {
  list: () => api.get<ContactList[]>('/lists'),
  create: (input: ListInput) => api.post<ContactList>('/lists', { body: input }),
  update: (id: string, input: ListInput) => api.put<ContactList>(listPath(id), { body: input }),
  remove: (id: string) => api.delete<unknown>(listPath(id)),
};

export type ListsApi = typeof listsApi;
