import { type Passkey, PasskeyMessage } from '@kith/contracts';
import { Button, ConfirmDialog, FormField, api, inputClassName, notify, serverErrorOr } from '@kith/web-kit';
import { KeyRound } from 'lucide-react';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { createPasskey, passkeysSupported, wasCancelled } from '../auth/passkey-ceremony.js';
import { SettingsSection } from './SettingsSection.js';
import { useStepUp } from './step-up/useStepUp.js';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/**
 * Settings → Passkeys: sign in with a fingerprint, face or device PIN instead of the password.
 * Adding and removing one is a lasting door, so both ask to confirm it is you (step-up).
 */
export function PasskeysSection() {
  const guarded = useStepUp();
  const [passkeys, setPasskeys] = useState<Passkey[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string>();
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<{ passkey: Passkey; name: string } | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const [busy, setBusy] = useState(false);

  const reload = useCallback(async () => {
    try {
      setPasskeys(await api.call('listPasskeys'));
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setNameError(PasskeyMessage.NAME_REQUIRED);
      return;
    }
    setNameError(undefined);
    setAdding(true);
    try {
      const added = await guarded(async (headers) => {
        const options = await api.call('passkeyRegistrationOptions', { headers, retry: false });
        const response = await createPasskey(options);
        return api.call('registerPasskey', { body: { name: trimmed, response }, headers, retry: false });
      });
      if (added) {
        notify.success(PasskeyMessage.ADDED);
        setName('');
        await reload();
      }
    } catch (error) {
      if (!wasCancelled(error)) notify.error(serverErrorOr(error, 'Could not add the passkey'));
    } finally {
      setAdding(false);
    }
  };

  const rename = async () => {
    if (!renaming) return;
    setBusy(true);
    try {
      await api.call('renamePasskey', {
        params: { id: renaming.passkey.id },
        body: { name: renaming.name },
        retry: false,
      });
      notify.success(PasskeyMessage.RENAMED);
      setRenaming(null);
      await reload();
    } catch (error) {
      notify.error(serverErrorOr(error, 'Could not rename the passkey'));
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!removing) return;
    setBusy(true);
    try {
      const done = await guarded((headers) =>
        api.call('removePasskey', { params: { id: removing.id }, headers, retry: false }),
      );
      if (done) {
        notify.success(PasskeyMessage.REMOVED);
        await reload();
      }
    } catch (error) {
      notify.error(serverErrorOr(error, 'Could not remove the passkey'));
    } finally {
      setBusy(false);
      setRemoving(null);
    }
  };

  return (
    <SettingsSection
      icon={<KeyRound className="size-5" aria-hidden="true" />}
      title="Passkeys"
      description="Sign in with your fingerprint, face or device PIN instead of your password."
    >
      <div className="space-y-4 px-5 py-4 sm:px-6" data-testid="passkeys">
        {failed && <p className="text-sm text-red-700">Could not load your passkeys.</p>}
        {passkeys && passkeys.length === 0 && <p className="text-sm text-slate-600">No passkeys yet.</p>}
        {passkeys && passkeys.length > 0 && (
          <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200" aria-label="Passkeys">
            {passkeys.map((passkey) => (
              <li key={passkey.id} className="flex items-center justify-between gap-3 px-4 py-3">
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium text-slate-900">{passkey.name}</p>
                  <p className="text-xs text-slate-600">
                    Added {dateFormat.format(new Date(passkey.createdAt))}
                    {passkey.lastUsedAt ? ` · Last used ${dateFormat.format(new Date(passkey.lastUsedAt))}` : ''}
                  </p>
                </div>
                <div className="flex shrink-0 gap-2">
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={`Rename ${passkey.name}`}
                    onClick={() => setRenaming({ passkey, name: passkey.name })}
                  >
                    Rename
                  </Button>
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={`Remove ${passkey.name}`}
                    onClick={() => setRemoving(passkey)}
                  >
                    Remove
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
        {passkeysSupported() ? (
          <form className="flex flex-wrap items-end gap-3" onSubmit={(event) => void add(event)} noValidate>
            <div className="min-w-48 flex-1">
              <FormField label="Passkey name" htmlFor="passkey-name" error={nameError}>
                <input
                  id="passkey-name"
                  className={inputClassName(Boolean(nameError))}
                  aria-invalid={Boolean(nameError)}
                  placeholder="e.g. My laptop"
                  maxLength={100}
                  value={name}
                  onChange={(event) => setName(event.target.value)}
                />
              </FormField>
            </div>
            <Button type="submit" loading={adding}>
              Add a passkey
            </Button>
          </form>
        ) : (
          <p className="text-sm text-slate-600">This browser cannot use passkeys.</p>
        )}
      </div>
      <ConfirmDialog
        open={renaming !== null}
        title="Rename passkey"
        message="A name that tells you which device holds it."
        confirmLabel="Save"
        loading={busy}
        confirmDisabled={!renaming?.name.trim()}
        onConfirm={() => void rename()}
        onCancel={() => setRenaming(null)}
      >
        <FormField label="Name" htmlFor="passkey-rename">
          <input
            id="passkey-rename"
            className={inputClassName(false)}
            maxLength={100}
            value={renaming?.name ?? ''}
            onChange={(event) => setRenaming((current) => current && { ...current, name: event.target.value })}
          />
        </FormField>
      </ConfirmDialog>
      <ConfirmDialog
        open={removing !== null}
        title="Remove passkey"
        message={`"${removing?.name ?? ''}" will no longer sign in to your account.`}
        confirmLabel="Remove"
        danger
        loading={busy}
        onConfirm={() => void remove()}
        onCancel={() => setRemoving(null)}
      />
    </SettingsSection>
  );
}
