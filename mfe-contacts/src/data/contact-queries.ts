import { CONTACTS_SCREEN_PAGE_SIZE, NO_LIST_ID, type Contact } from '@kith/contracts';
import { getErrorMessage, isApiError, notify } from '@kith/web-kit';
import { queryKeys } from '@kith/web-kit/data';
import {
  infiniteQueryOptions,
  queryOptions,
  useQueries,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { contactsApi } from '../api/contacts-api.js';
import {
  frameKey,
  isPageKey,
  pageKey,
  pageRequest,
  sectionKey,
  viewParams,
  type ContactsFrame,
  type ContactsView,
  type Segment,
  type ViewParams,
} from './contact-cache.js';

/** Pages held at once across all views: the DOM shows a window, memory keeps a little more. */
export const MAX_PAGES_KEPT = 24;

export interface VisibleRange {
  segmentKey: string;
  from: number;
  to: number;
}

/** Says why a load failed, then fails (the screens keep what they show). */
const reported = (fallback?: string) => (error: unknown) => {
  notify.error(getErrorMessage(error, fallback));
  throw error;
};

export const listsQuery = queryOptions({
  queryKey: queryKeys.lists,
  queryFn: () => contactsApi.lists().catch(reported('Failed to load contact lists')),
});

export const contactQuery = (id: string) =>
  queryOptions({ queryKey: queryKeys.contact(id), queryFn: () => contactsApi.get(id) });

export const interactionsQuery = (contactId: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.interactions(contactId),
    queryFn: ({ pageParam }) =>
      contactsApi.timeline(contactId, pageParam).catch(reported('Failed to load the timeline')),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.totalPages ? last.page + 1 : undefined),
  });

// No abort signal: identical page requests on their way (a view and its first page reloading together) are shared.
const fetchPage = (params: ViewParams, listId: string | undefined, page: number) =>
  contactsApi.page(pageRequest(params, listId, page));

const pageQuery = (params: ViewParams, listId: string | undefined, page: number) =>
  // A page stays true until a write says otherwise, however often it scrolls back into view.
  queryOptions({
    queryKey: pageKey(params, listId, page),
    queryFn: () => fetchPage(params, listId, page).then((answer) => answer.items, reported()),
    staleTime: Infinity,
  });

/** A view's segments with their totals: the server's per-list sections, or one run counted by its first page. */
async function fetchFrame(client: QueryClient, params: ViewParams, signal: AbortSignal): Promise<ContactsFrame> {
  if (params.grouped) {
    const filter = params.scope === 'overdue' ? { filter: 'overdue' as const } : {};
    const { sections } = await contactsApi.sections(
      { ...(params.search && { search: params.search }), ...filter },
      signal,
    );
    const segments = sections.map(({ listId, totalItems, ...section }) => ({
      ...section,
      key: sectionKey(listId),
      listId: listId ?? NO_LIST_ID,
      total: totalItems,
      pending: [],
    }));
    return { params, segments };
  }
  const first = await fetchPage(params, params.listId, 0);
  client.setQueryData(pageKey(params, params.listId, 0), first.items);
  const all = { key: 'all', listId: params.listId, name: null, color: null, overdueCount: null, pending: [] };
  return { params, segments: [{ ...all, total: first.totalItems }] };
}

/** The pages a screenful covers, segment by segment. */
function pagesOf(frame: ContactsFrame, ranges: VisibleRange[]) {
  return ranges.flatMap(({ segmentKey, from, to }) => {
    const segment = frame.segments.find((candidate) => candidate.key === segmentKey);
    if (!segment) return [];
    const at = (index: number) => Math.floor((index - segment.pending.length) / CONTACTS_SCREEN_PAGE_SIZE);
    const [first, last] = [
      Math.max(0, at(from)),
      Math.min(Math.ceil(segment.total / CONTACTS_SCREEN_PAGE_SIZE) - 1, at(to)),
    ];
    return Array.from({ length: Math.max(0, last - first + 1) }, (_, i) =>
      pageQuery(frame.params, segment.listId, first + i),
    );
  });
}

/** Drops the pages nobody shows beyond MAX_PAGES_KEPT, the longest unseen first. */
function trimPages(client: QueryClient) {
  const pages = client.getQueryCache().findAll({ predicate: (query) => isPageKey(query.queryKey) });
  const idle = pages.filter((query) => !query.isActive()).sort((a, b) => a.state.dataUpdatedAt - b.state.dataUpdatedAt);
  for (const query of idle.slice(0, Math.max(0, pages.length - MAX_PAGES_KEPT)))
    client.removeQueries({ queryKey: query.queryKey, exact: true });
}

/**
 * The contacts screen's data: the server answers every question (scope, search, sort, counts,
 * per-list sections) and the cache holds the pages near what is on screen. A new search or sort
 * keeps the answer on screen until the new one arrives; a new scope shows the loader.
 */
export function useContactsView(view: ContactsView) {
  const client = useQueryClient();
  const params = viewParams(view);
  const { data: frame = null, error } = useQuery({
    queryKey: frameKey(params),
    queryFn: ({ signal }) =>
      // A view on screen that fails to reload stays, and says so; a first load shows the screen's fallback.
      fetchFrame(client, params, signal).catch(
        client.getQueryData(frameKey(params)) ? reported() : (e) => Promise.reject(e),
      ),
    staleTime: Infinity,
    placeholderData: (previous) =>
      previous?.params.scope === params.scope && previous.params.listId === params.listId ? previous : undefined,
  });
  const [ranges, setRanges] = useState<VisibleRange[]>([]);
  const onVisibleRanges = useCallback(
    (next: VisibleRange[]) => setRanges((now) => (JSON.stringify(now) === JSON.stringify(next) ? now : next)),
    [],
  );
  const pages = frame ? pagesOf(frame, ranges) : [];
  useQueries({ queries: pages });
  const pagesKey = JSON.stringify(pages.map((page) => page.queryKey));
  useEffect(() => trimPages(client), [client, pagesKey]);

  /** The contact at `index` of a segment, or undefined while its page is not loaded. */
  const contactAt = (segment: Segment, index: number): Contact | undefined => {
    if (!frame || index < segment.pending.length) return segment.pending[index];
    const position = index - segment.pending.length;
    const page = client.getQueryData<Contact[]>(
      pageKey(frame.params, segment.listId, Math.floor(position / CONTACTS_SCREEN_PAGE_SIZE)),
    );
    return page?.[position % CONTACTS_SCREEN_PAGE_SIZE];
  };
  // Known from this answer alone, so the screen never depends on which of pages and lists answers first.
  const listMissing = view.scope.kind === 'list' && isApiError(error) && error.status === 404;
  return { frame, contactAt, onVisibleRanges, listMissing, error: !frame && error ? getErrorMessage(error) : null };
}
