import type { CalendarFeedStatus } from '@kith/contracts';
import { Button, api, notify, serverErrorOr } from '@kith/web-kit';
import { CalendarDays, Copy, Download, FileJson, RefreshCw } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { SettingsSection, type SettingsHeading } from './SettingsSection.js';
import { useStepUp } from './step-up/useStepUp.js';

function DataRow({ icon, title, description, children }: SettingsHeading & { children: ReactNode }) {
  return (
    <div className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-6">
      <div className="flex min-w-0 items-start gap-3">
        <span className="mt-0.5 text-slate-400">{icon}</span>
        <div className="min-w-0">
          <h3 className="text-sm font-medium text-slate-900">{title}</h3>
          <div className="text-sm text-slate-500">{description}</div>
        </div>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">{children}</div>
    </div>
  );
}

function useDownload(operationId: 'exportContactsVcf' | 'exportAccount', fallbackName: string, failure: string) {
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    try {
      notify.success(`Downloaded ${await api.download(operationId, fallbackName)}`);
    } catch (error) {
      notify.error(serverErrorOr(error, failure));
    } finally {
      setBusy(false);
    }
  };
  return { busy, start };
}

function CalendarFeed() {
  const [status, setStatus] = useState<CalendarFeedStatus | null>(null);
  const [url, setUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const guarded = useStepUp();

  useEffect(() => {
    api.call('getCalendarFeed').then(
      (loaded) => {
        setStatus(loaded);
        setUrl(loaded.url);
      },
      () => setStatus({ active: false, createdAt: null, url: null }),
    );
  }, []);

  const generate = async () => {
    setBusy(true);
    try {
      // A feed URL outlives the session: the password is asked again first.
      const created = await guarded((headers) => api.call('createCalendarFeed', { headers, retry: false }));
      if (!created) return;
      setUrl(created.url);
      setStatus({ active: true, createdAt: new Date().toISOString(), url: created.url });
    } catch (error) {
      notify.error(serverErrorOr(error, 'Failed to create the calendar feed'));
    } finally {
      setBusy(false);
    }
  };
  const turnOff = async () => {
    setBusy(true);
    try {
      await api.call('deleteCalendarFeed', { retry: false });
      setUrl(null);
      setStatus({ active: false, createdAt: null, url: null });
      notify.success('Calendar feed turned off');
    } catch (error) {
      notify.error(serverErrorOr(error, 'Failed to turn off the calendar feed'));
    } finally {
      setBusy(false);
    }
  };
  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      notify.success('Feed URL copied');
    } catch {
      notify.error('Could not copy: select the URL and copy it by hand');
    }
  };

  const description = url ? (
    <>
      Subscribe to this private URL in your calendar app. Anyone with it can see your reminders.
      <input
        readOnly
        aria-label="Calendar feed URL"
        value={url}
        onFocus={(event) => event.target.select()}
        className="mt-2 block w-full rounded-md bg-slate-50 px-2 py-1 font-mono text-xs text-slate-700 ring-1 ring-slate-200"
      />
    </>
  ) : status?.active ? (
    'A private feed is on. Its URL cannot be shown again: regenerate it to see a new one (the old one stops working).'
  ) : (
    'Due dates, scheduled reminders and birthdays in your own calendar app, through a private URL.'
  );

  return (
    <DataRow
      icon={<CalendarDays className="size-5" aria-hidden="true" />}
      title="Calendar feed"
      description={description}
    >
      {url ? (
        <Button variant="secondary" size="sm" onClick={copy}>
          <Copy className="size-4" aria-hidden="true" /> Copy
        </Button>
      ) : null}
      {status?.active || url ? (
        <>
          <Button variant="secondary" size="sm" onClick={generate} disabled={busy}>
            <RefreshCw className="size-4" aria-hidden="true" /> Regenerate
          </Button>
          <Button variant="ghost" size="sm" onClick={turnOff} disabled={busy}>
            Turn off
          </Button>
        </>
      ) : (
        <Button variant="secondary" size="sm" onClick={generate} disabled={busy || !status}>
          <CalendarDays className="size-4" aria-hidden="true" /> Create feed URL
        </Button>
      )}
    </DataRow>
  );
}

/** 'Your data': take a copy of everything, or follow reminders in a calendar app. */
export function YourData() {
  const vcard = useDownload('exportContactsVcf', 'kith-contacts.vcf', 'Failed to export contacts');
  const everything = useDownload('exportAccount', 'kith-export.json', 'Failed to export your data');
  return (
    <SettingsSection
      icon={<Download className="size-5" aria-hidden="true" />}
      title="Your data"
      description="Everything you keep in Kith is yours to take elsewhere."
    >
      <div className="divide-y divide-slate-100">
        <DataRow
          icon={<Download className="size-5" aria-hidden="true" />}
          title="Contacts as vCard"
          description="A .vcf file any address book or phone can import."
        >
          <Button variant="secondary" size="sm" onClick={vcard.start} loading={vcard.busy}>
            Export vCard
          </Button>
        </DataRow>
        <DataRow
          icon={<FileJson className="size-5" aria-hidden="true" />}
          title="Everything"
          description="Profile, contacts, lists, interactions, reminders and settings as one JSON file."
        >
          <Button variant="secondary" size="sm" onClick={everything.start} loading={everything.busy}>
            Export everything
          </Button>
        </DataRow>
        <CalendarFeed />
      </div>
    </SettingsSection>
  );
}
