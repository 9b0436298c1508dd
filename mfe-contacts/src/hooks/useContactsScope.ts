import { useQuery } from '@tanstack/react-query';
import { useMatch, useSearchParams } from 'react-router-dom';
import { listsQuery } from '../data/contact-queries.js';
import type { ContactsScope } from '../logic/contact-view.js';

/**
 * The scope comes from the URL: /lists/:listId (or ?listId=) for one list, ?filter=overdue for
 * overdue contacts, else everyone. useMatch reads the path whether or not the host declared it.
 */
export function useContactsScope(): ContactsScope {
  const [searchParams] = useSearchParams();
  const listMatch = useMatch('/lists/:listId');
  const listId = listMatch?.params.listId ?? searchParams.get('listId');
  const { data: lists } = useQuery(listsQuery);
  const listName = lists?.find((list) => list._id === listId)?.name ?? null;
  if (listId) return { kind: 'list', listId, listName };
  if (searchParams.get('filter') === 'overdue') return { kind: 'overdue' };
  return { kind: 'all' };
}
