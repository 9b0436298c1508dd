import type { ListInput } from '@kith/contracts';
import { getErrorMessage, notify, serverErrorOr } from '@kith/web-kit';
import { listsChanged, queryKeys } from '@kith/web-kit/data';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { listsApi } from '../api/lists-api.js';

const LOAD_FAILED = 'Failed to fetch lists';

export const listsQuery = queryOptions({ queryKey: queryKeys.lists, queryFn: () => listsApi.list() });

/**
 * The Lists screen's data: the user's lists, and create / update / delete, each reloading what
 * shows lists and their counts. `error` is the red banner: the server's error field, else the
 * action's own wording (a failed create is also toasted); a failed reload shows there too.
 */
export function useLists() {
  const client = useQueryClient();
  const lists = useQuery(listsQuery);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (lists.isRefetchError) setError(serverErrorOr(lists.error, LOAD_FAILED));
  }, [lists.isRefetchError, lists.error]);

  const action = <V>(run: (variables: V) => Promise<unknown>, success: string, failure: string, toast = false) => ({
    mutationFn: run,
    onSuccess: () => {
      notify.success(success);
      listsChanged(client);
      // The form closes once the lists on screen have their new counts.
      return client.refetchQueries({ queryKey: queryKeys.lists, type: 'active' });
    },
    onError: (reason: Error) => {
      if (toast) notify.error(getErrorMessage(reason, failure));
      setError(serverErrorOr(reason, failure));
    },
  });
  const outcome = (pending: Promise<unknown>) =>
    pending.then(
      () => (setError(null), true),
      () => false,
    );
  const create = useMutation(
    action((input: ListInput) => listsApi.create(input), 'List created successfully', 'Failed to create list', true),
  );
  const update = useMutation(
    action(
      ({ id, input }: { id: string; input: ListInput }) => listsApi.update(id, input),
      'List updated successfully',
      'Failed to update list',
    ),
  );
  const remove = useMutation(
    action((id: string) => listsApi.remove(id), 'List deleted successfully', 'Failed to delete list'),
  );
  return {
    lists: lists.data,
    /** A first load that failed (the screen shows its fallback). */
    loadError: lists.isError && !lists.data ? serverErrorOr(lists.error, LOAD_FAILED) : null,
    error,
    dismissError: () => setError(null),
    create: (input: ListInput) => outcome(create.mutateAsync(input)),
    update: (id: string, input: ListInput) => outcome(update.mutateAsync({ id, input })),
    remove: (id: string) => outcome(remove.mutateAsync(id)),
  };
}
