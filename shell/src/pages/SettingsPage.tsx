import {
  DEFAULT_NOTIFICATION_SETTINGS,
  MAX_CONTACTS_PER_EMAIL,
  pluralize,
  DEMO_USER_ID,
  fullName,
  type NotificationSettings,
  type TwoFactorStatus,
  type User,
} from '@kith/contracts';
import { LoadingState, PageHeader, api, notify, useAuthStore } from '@kith/web-kit';
import { Bell, BellOff, Heart, Lock, Mail, Smile, Sparkles, UserRound, Users } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { DemoModeSwitch } from '../demo/DemoModeSwitch.js';
import { AccountSection } from '../settings/AccountSection.js';
import { EmailNotConfiguredNotice } from '../email/EmailNotConfiguredNotice.js';
import { DangerZone } from '../settings/DangerZone.js';
import { EmailUnverifiedNotice } from '../settings/EmailUnverifiedNotice.js';
import { InvitationsSection } from '../settings/InvitationsSection.js';
import { SessionsSection } from '../settings/SessionsSection.js';
import { StepUpProvider } from '../settings/step-up/useStepUp.js';
import { YourData } from '../settings/YourData.js';
import { PasskeysSection } from '../settings/PasskeysSection.js';
import { PhoneSyncSection } from '../settings/PhoneSyncSection.js';
import { SettingsSection, type SettingsHeading } from '../settings/SettingsSection.js';
import { TwoFactorSection } from '../settings/TwoFactorSection.js';
import { WebhookSettings } from '../settings/WebhookSettings.js';

interface SettingsData {
  user: User | null;
  notifications: NotificationSettings;
  /** null when the profile could not be loaded. */
  twoFactor: TwoFactorStatus | null;
}

function useSettings(): [SettingsData | null, (update: (data: SettingsData) => SettingsData) => void] {
  const storedUser = useAuthStore((state) => state.user);
  const [data, setData] = useState<SettingsData | null>(null);
  useEffect(() => {
    let current = true;
    Promise.all([api.call('getMe'), api.call('getNotificationSettings')])
      .then(([{ user, twoFactor }, notifications]) => current && setData({ user, notifications, twoFactor }))
      .catch(() => {
        if (!current) return;
        notify.error('Failed to load settings');
        // Still show what is known: the signed-in profile and the documented defaults.
        setData({ user: storedUser, notifications: DEFAULT_NOTIFICATION_SETTINGS, twoFactor: null });
      });
    return () => {
      current = false;
    };
  }, [storedUser]);
  const update = (change: (data: SettingsData) => SettingsData) => setData((previous) => previous && change(previous));
  return [data, update];
}

/** The one writable notification setting: stop (and restart) the daily reminder e-mail. */
function PauseRemindersSwitch({ paused, onChange }: { paused: boolean; onChange: (paused: boolean) => void }) {
  const [saving, setSaving] = useState(false);
  const toggle = async () => {
    setSaving(true);
    try {
      const saved = await api.call('updateNotificationSettings', {
        body: { remindersPaused: !paused },
      });
      onChange(saved.remindersPaused);
      notify.success(saved.remindersPaused ? 'Reminder e-mails paused' : 'Reminder e-mails resumed');
    } catch {
      notify.error('Failed to update settings');
    } finally {
      setSaving(false);
    }
  };
  return (
    <span className="inline-flex items-center gap-3">
      <span className="text-xs font-normal text-slate-500">{paused ? 'Paused' : 'Sending'}</span>
      <button
        type="button"
        role="switch"
        aria-checked={paused}
        aria-label="Pause reminder e-mails"
        disabled={saving}
        onClick={() => void toggle()}
        className={`relative inline-flex h-6 w-11 shrink-0 cursor-pointer rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:opacity-60 ${paused ? 'bg-blue-600' : 'bg-slate-300'}`}
      >
        <span
          className={`absolute top-0.5 size-5 rounded-full bg-white shadow transition-transform ${paused ? 'translate-x-5' : 'translate-x-0.5'}`}
        />
      </button>
    </span>
  );
}

const CONTACTS_PER_EMAIL_CHOICES = [3, 5, 10, 15, 20, 30, MAX_CONTACTS_PER_EMAIL];

/** How many people the daily e-mail lists, most important first (the rest are counted and linked). */
function ContactsPerEmailSelect({ value, onChange }: { value: number; onChange: (value: number) => void }) {
  const [saving, setSaving] = useState(false);
  const choices = [...new Set([...CONTACTS_PER_EMAIL_CHOICES, value])].sort((a, b) => a - b);
  const change = async (contactsPerEmail: number) => {
    setSaving(true);
    try {
      const saved = await api.call('updateNotificationSettings', { body: { contactsPerEmail } });
      onChange(saved.contactsPerEmail);
      notify.success(`The daily e-mail lists up to ${pluralize(saved.contactsPerEmail, 'person', 'people')}`);
    } catch {
      notify.error('Failed to update settings');
    } finally {
      setSaving(false);
    }
  };
  return (
    <select
      aria-label="People per reminder e-mail"
      value={value}
      disabled={saving}
      onChange={(event) => void change(Number(event.target.value))}
      className="rounded-lg border-0 bg-white py-1.5 pr-8 pl-2.5 text-sm font-medium text-slate-700 shadow-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-blue-600"
    >
      {choices.map((choice) => (
        <option key={choice} value={choice}>
          {choice}
        </option>
      ))}
    </select>
  );
}

/** A settings card of label–value rows; `notice` goes above them (outside the list). */
function Section({ children, notice, ...heading }: SettingsHeading & { children: ReactNode; notice?: ReactNode }) {
  return (
    <SettingsSection {...heading}>
      {notice}
      <dl className="divide-y divide-slate-100">{children}</dl>
    </SettingsSection>
  );
}

function Row({ label, icon, children }: { label: string; icon?: ReactNode; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4 px-5 py-4 sm:px-6">
      <dt className="flex items-center gap-2 text-sm text-slate-600">
        {icon}
        {label}
      </dt>
      <dd className="min-w-0 truncate text-right text-sm font-medium text-slate-900">{children}</dd>
    </div>
  );
}

export function SettingsPage() {
  const [data, updateData] = useSettings();
  return (
    <div className="max-w-3xl">
      <PageHeader
        title="Settings"
        subtitle="Your profile, how Kith reminds you, signing in safely, and syncing your phone."
      />
      {!data ? (
        <LoadingState label="Loading settings..." />
      ) : (
        <StepUpProvider>
          <div className="space-y-6">
            {data.user && !data.user.emailVerified ? <EmailUnverifiedNotice email={data.user.email} /> : null}
            <Section
              icon={<UserRound className="size-5" />}
              title="Profile"
              description="The account you are signed in with."
            >
              <Row label="Name">{data.user ? fullName(data.user) : '—'}</Row>
              <Row label="Email">{data.user?.email ?? '—'}</Row>
            </Section>
            <Section
              icon={<Bell className="size-5" />}
              title="Notification settings"
              description="How many days between reminders for each kind of relationship."
              notice={
                <div className="px-5 pt-4 empty:hidden sm:px-6">
                  <EmailNotConfiguredNotice what="Kith cannot send reminder e-mails or password reset links." />
                </div>
              }
            >
              <Row label="Best Friends" icon={<Heart className="size-4 text-red-500" aria-hidden="true" />}>
                {data.notifications.bestFriendDays} days
              </Row>
              <Row label="Friends" icon={<Users className="size-4 text-blue-500" aria-hidden="true" />}>
                {data.notifications.friendDays} days
              </Row>
              <Row label="Acquaintances" icon={<Smile className="size-4 text-amber-500" aria-hidden="true" />}>
                {data.notifications.acquaintanceDays} days
              </Row>
              <Row label="Push notifications" icon={<Lock className="size-4 text-slate-400" aria-hidden="true" />}>
                <span className="inline-flex items-center gap-3">
                  <span className="text-xs font-normal text-slate-600">
                    {data.notifications.enablePushNotifications ? 'On' : 'Off'}
                  </span>
                  <button
                    type="button"
                    role="switch"
                    aria-checked={data.notifications.enablePushNotifications}
                    aria-label="Push notifications"
                    disabled
                    className={`relative inline-flex h-6 w-11 shrink-0 cursor-not-allowed rounded-full opacity-60 transition-colors ${data.notifications.enablePushNotifications ? 'bg-blue-600' : 'bg-slate-300'}`}
                  >
                    <span
                      className={`absolute top-0.5 size-5 rounded-full bg-white shadow transition-transform ${data.notifications.enablePushNotifications ? 'translate-x-5' : 'translate-x-0.5'}`}
                    />
                  </button>
                </span>
              </Row>
              <Row
                label="Pause reminder e-mails"
                icon={<BellOff className="size-4 text-slate-500" aria-hidden="true" />}
              >
                <PauseRemindersSwitch
                  paused={data.notifications.remindersPaused}
                  onChange={(remindersPaused) =>
                    updateData((current) => ({
                      ...current,
                      notifications: { ...current.notifications, remindersPaused },
                    }))
                  }
                />
              </Row>
              <Row
                label="People per reminder e-mail"
                icon={<Mail className="size-4 text-slate-500" aria-hidden="true" />}
              >
                <ContactsPerEmailSelect
                  value={data.notifications.contactsPerEmail}
                  onChange={(contactsPerEmail) =>
                    updateData((current) => ({
                      ...current,
                      notifications: { ...current.notifications, contactsPerEmail },
                    }))
                  }
                />
              </Row>
            </Section>
            {data.user ? (
              <AccountSection
                user={data.user}
                onUserChange={(user) => updateData((current) => ({ ...current, user }))}
              />
            ) : null}
            <SessionsSection />
            <TwoFactorSection
              status={data.twoFactor}
              isDemo={data.user?._id === DEMO_USER_ID}
              onStatusChange={(twoFactor) => updateData((current) => ({ ...current, twoFactor }))}
            />
            {data.user && data.user._id !== DEMO_USER_ID ? <PasskeysSection /> : null}
            <YourData />
            <WebhookSettings />
            <PhoneSyncSection email={data.user?.email ?? null} />
            {data.user?.isOperator ? <InvitationsSection /> : null}
            <Section
              icon={<Sparkles className="size-5" />}
              title="Demo mode"
              description="A banner, sample-data tips and the guided tour."
            >
              <Row label="Demo mode">
                <DemoModeSwitch />
              </Row>
            </Section>
            {data.user ? <DangerZone user={data.user} /> : null}
          </div>
        </StepUpProvider>
      )}
    </div>
  );
}
