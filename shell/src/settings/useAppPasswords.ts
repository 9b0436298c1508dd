import type { AppPassword, CreatedAppPassword } from '@kith/contracts';
import { api, notify, serverErrorOr } from '@kith/web-kit';
import { queryKeys } from '@kith/web-kit/data';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useStepUp } from './step-up/useStepUp.js';

/** The caller's app passwords, and creating (the secret is returned once) and revoking them. */
export function useAppPasswords() {
  const guarded = useStepUp();
  const {
    data: items = null,
    isError: failed,
    refetch: reload,
  } = useQuery({ queryKey: queryKeys.appPasswords, queryFn: () => api.call('listAppPasswords') });

  const create = useCallback(
    async (name: string): Promise<CreatedAppPassword | null> => {
      try {
        // An app password outlives the session: the password is asked again first.
        const created = await guarded((headers) =>
          api.call('createAppPassword', { body: { name }, headers, retry: false }),
        );
        if (!created) return null;
        await reload();
        return created;
      } catch (error) {
        notify.error(serverErrorOr(error, 'Could not create the app password'));
        return null;
      }
    },
    [reload, guarded],
  );

  const revoke = useCallback(
    async (appPassword: AppPassword): Promise<void> => {
      try {
        await api.call('revokeAppPassword', { params: { id: appPassword._id } });
        notify.success(`Revoked "${appPassword.name}": that device can no longer sync`);
        await reload();
      } catch (error) {
        notify.error(serverErrorOr(error, 'Could not revoke the app password'));
      }
    },
    [reload],
  );

  return { items, failed, create, revoke, reload };
}
