import {
  APP_PASSWORD_NAME_MAX_LENGTH,
  type AppPassword,
  type CreatedAppPassword,
  DAV_ROOT_PATH,
} from '@kith/contracts';
import { Button, Card, ConfirmDialog, inputClassName } from '@kith/web-kit';
import { KeyRound, Smartphone } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { CopyField } from './CopyField.js';
import { useAppPasswords } from './useAppPasswords.js';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const when = (iso: string | null) => (iso ? dateFormat.format(new Date(iso)) : 'Never used');

/**
 * Settings → Phone sync: where to point a CardDAV client (iOS Contacts, DAVx5 on Android,
 * Thunderbird) and one app password per device, created here and shown only once.
 */
export function PhoneSyncSection({ email }: { email: string | null }) {
  const { items, failed, create, revoke } = useAppPasswords();
  const [name, setName] = useState('');
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedAppPassword | null>(null);
  const [revoking, setRevoking] = useState<AppPassword | null>(null);
  const [busy, setBusy] = useState(false);
  const serverUrl = `${window.location.origin}${DAV_ROOT_PATH}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    setCreating(true);
    const result = await create(name.trim());
    setCreating(false);
    if (result) {
      setCreated(result);
      setName('');
    }
  };

  return (
    <Card className="overflow-hidden" data-testid="phone-sync">
      <div className="flex items-center gap-3 border-b border-slate-100 px-5 py-4 sm:px-6">
        <span className="flex size-9 items-center justify-center rounded-lg bg-blue-50 text-blue-600">
          <Smartphone className="size-5" aria-hidden="true" />
        </span>
        <div>
          <h2 className="font-semibold text-slate-900">Phone sync</h2>
          <p className="text-sm text-slate-500">Keep your phone's contacts in step with Kith over CardDAV.</p>
        </div>
      </div>

      <div className="space-y-4 px-5 py-4 sm:px-6">
        <p className="text-sm text-slate-600">
          Add a <strong>CardDAV account</strong> on your device (iPhone: Settings → Contacts → Accounts → Add Account →
          Other; Android: DAVx5; or Thunderbird) with this server, your e-mail address and an app password made for that
          device. Your lists arrive as contact groups.
        </p>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <CopyField label="Server" value={serverUrl} testId="dav-server-url" />
          <CopyField label="User name" value={email ?? ''} testId="dav-username" />
        </div>
      </div>

      <div className="border-t border-slate-100 px-5 py-4 sm:px-6">
        <h3 className="flex items-center gap-2 text-sm font-semibold text-slate-900">
          <KeyRound className="size-4 text-slate-500" aria-hidden="true" /> App passwords
        </h3>
        <p className="mt-1 text-sm text-slate-500">
          Your account password never works for sync. Give each device its own app password, and revoke it when the
          device is gone.
        </p>

        {created && (
          <div role="status" className="mt-4 rounded-xl border border-green-200 bg-green-50 p-4">
            <p className="text-sm font-medium text-green-900">
              App password for "{created.name}": copy it now, it will not be shown again.
            </p>
            <div className="mt-3">
              <CopyField label="App password" value={created.password} testId="new-app-password" />
            </div>
            <Button variant="ghost" size="sm" className="mt-2" onClick={() => setCreated(null)}>
              Done
            </Button>
          </div>
        )}

        <form onSubmit={(event) => void submit(event)} className="mt-4 flex flex-col gap-2 sm:flex-row">
          <label htmlFor="app-password-name" className="sr-only">
            Device name
          </label>
          <input
            id="app-password-name"
            className={inputClassName()}
            placeholder="Device name, e.g. My iPhone"
            value={name}
            maxLength={APP_PASSWORD_NAME_MAX_LENGTH}
            onChange={(event) => setName(event.target.value)}
          />
          <Button type="submit" loading={creating} disabled={!name.trim()} className="shrink-0">
            Create app password
          </Button>
        </form>

        {failed && <p className="mt-4 text-sm text-red-700">Could not load your app passwords.</p>}
        {items && items.length === 0 && <p className="mt-4 text-sm text-slate-500">No app passwords yet.</p>}
        {items && items.length > 0 && (
          <ul className="mt-4 divide-y divide-slate-100 rounded-xl border border-slate-200" aria-label="App passwords">
            {items.map((item) => (
              <li key={item._id} className="flex items-center justify-between gap-3 px-4 py-3">
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium text-slate-900">{item.name}</p>
                  <p className="text-xs text-slate-500">
                    Created {when(item.createdAt)} ·{' '}
                    {item.lastUsedAt ? `Last used ${when(item.lastUsedAt)}` : 'Never used'}
                  </p>
                </div>
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => setRevoking(item)}
                  aria-label={`Revoke ${item.name}`}
                >
                  Revoke
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>

      <ConfirmDialog
        open={revoking !== null}
        title="Revoke app password"
        message={`"${revoking?.name ?? ''}" will stop syncing at once. You can create a new app password for it later.`}
        confirmLabel="Revoke"
        danger
        loading={busy}
        onCancel={() => setRevoking(null)}
        onConfirm={async () => {
          if (!revoking) return;
          setBusy(true);
          await revoke(revoking);
          setBusy(false);
          setRevoking(null);
        }}
      />
    </Card>
  );
}
