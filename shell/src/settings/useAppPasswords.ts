import type { AppPassword, CreatedAppPassword } from '@kith/contracts';
import { api, notify, serverErrorOr } from '@kith/web-kit';
import { useCallback, useEffect, useState } from 'react';
import { useStepUp } from './step-up/useStepUp.js';

/** The caller's app passwords, and creating (the secret is returned once) and revoking them. */
export function useAppPasswords() {
  const guarded = useStepUp();
  const [items, setItems] = useState<AppPassword[] | null>(null);
  const [failed, setFailed] = useState(false);

  const reload = useCallback(async () => {
    try {
      setItems(await api.call('listAppPasswords'));
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, []);

  useEffect(() => {
    void reload();
  }, [reload]);

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
