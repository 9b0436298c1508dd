import { AccountMessages, type Session } from '@kith/contracts';
import { Button, ConfirmDialog, api, notify, serverErrorOr } from '@kith/web-kit';
import { MonitorSmartphone } from 'lucide-react';
import { queryKeys } from '@kith/web-kit/data';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { SettingsSection } from './SettingsSection.js';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** "Firefox on Linux" from a User-Agent, enough to tell one's devices apart. */
export function deviceName(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrom(e|ium)\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : null;
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Mac OS X/.test(userAgent)
        ? 'macOS'
        : /Windows/.test(userAgent)
          ? 'Windows'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? userAgent.slice(0, 60);
}

/** Settings → Sessions: where the account is signed in, with sign-out of one or of all the others. */
export function SessionsSection() {
  const {
    data: sessions,
    isError: failed,
    refetch: reload,
  } = useQuery({
    queryKey: queryKeys.sessions,
    queryFn: () => api.call('listSessions'),
  });
  const [confirmingAll, setConfirmingAll] = useState(false);
  const [busy, setBusy] = useState(false);

  const end = async (session: Session) => {
    try {
      await api.call('endSession', { params: { id: session._id }, retry: false });
      notify.success(AccountMessages.SESSION_ENDED);
      await reload();
    } catch (error) {
      notify.error(serverErrorOr(error, 'Could not sign that session out'));
    }
  };
  const endOthers = async () => {
    setBusy(true);
    try {
      await api.call('signOutEverywhere', { retry: false });
      notify.success(AccountMessages.SIGNED_OUT_EVERYWHERE);
      await reload();
    } catch (error) {
      notify.error(serverErrorOr(error, 'Could not sign out the other sessions'));
    } finally {
      setBusy(false);
      setConfirmingAll(false);
    }
  };

  const others = sessions?.filter((session) => !session.current) ?? [];
  return (
    <SettingsSection
      icon={<MonitorSmartphone className="size-5" aria-hidden="true" />}
      title="Sessions"
      description="Where your account is signed in. Sign out what you do not recognise."
    >
      <div className="px-5 py-4 sm:px-6" data-testid="sessions">
        {failed && <p className="text-sm text-red-700">Could not load your sessions.</p>}
        {sessions && (
          <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200" aria-label="Sessions">
            {sessions.map((session) => (
              <li key={session._id} className="flex items-center justify-between gap-3 px-4 py-3">
                <div className="min-w-0">
                  {/* The badge wraps under a long device name rather than past a phone's edge. */}
                  <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm font-medium text-slate-900">
                    <span className="min-w-0 truncate">{deviceName(session.userAgent)}</span>
                    {session.current && (
                      <span className="shrink-0 rounded-full bg-green-50 px-2 py-0.5 text-xs font-semibold text-green-800">
                        This session
                      </span>
                    )}
                  </p>
                  <p className="text-xs text-slate-600">
                    Signed in {dateFormat.format(new Date(session.createdAt))} · Last active{' '}
                    {dateFormat.format(new Date(session.lastUsedAt))}
                  </p>
                </div>
                {!session.current && (
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => void end(session)}
                    aria-label={`Sign out ${deviceName(session.userAgent)}, signed in ${dateFormat.format(new Date(session.createdAt))}`}
                  >
                    Sign out
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
        <Button
          variant="secondary"
          className="mt-4"
          disabled={others.length === 0}
          onClick={() => setConfirmingAll(true)}
        >
          Sign out everywhere else
        </Button>
      </div>
      <ConfirmDialog
        open={confirmingAll}
        title="Sign out everywhere else?"
        message={`Every other browser and app signed in to your account (${others.length}) will have to sign in again. App passwords for phone sync keep working.`}
        confirmLabel="Sign out everywhere else"
        danger
        loading={busy}
        onCancel={() => setConfirmingAll(false)}
        onConfirm={() => void endOthers()}
      />
    </SettingsSection>
  );
}
