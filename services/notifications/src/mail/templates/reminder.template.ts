import {
  birthdayWhenLabel,
  fullName,
  needsAttentionLabel,
  type OverdueContactSummary,
  overdueColorByDays,
  type ScheduledReminderSummary,
  pluralize,
  reminderIntervalLabel,
  type SeverityColor,
  type UpcomingBirthday,
} from '@kith/contracts';
import { Brand, button, LAYOUT_TABLE, renderLayout, textFooter } from './layout.js';
import type { RenderedEmail } from './rendered-email.js';
import { html, type SafeHtml } from './safe-html.js';

export interface ReminderEmailInput {
  recipient: { firstName: string };
  /** The overdue contacts to list (a bounded number)... */
  contacts: OverdueContactSummary[];
  /** ...out of this many overdue in all. */
  totalOverdue: number;
  appUrl: string;
  /** A reminder the user asked for from the dashboard, not the daily one. */
  isTest: boolean;
  /** One-click links for each listed contact, by contact id. */
  actionLinks?: ReadonlyMap<string, ReminderActionLinks>;
  /** Reminders the user scheduled for today. */
  scheduled?: ScheduledReminderSummary[];
  /** The signed footer link that pauses reminder e-mails. */
  pauseUrl?: string;
  /** Birthdays of today and the next days, soonest first. */
  birthdays?: UpcomingBirthday[];
}

export interface ReminderActionLinks {
  markContacted: string;
  snooze: string;
}

export const MARK_CONTACTED_LABEL = 'Mark as contacted';
export const SNOOZE_LABEL = 'Snooze 1 week';
export const SCHEDULED_HEADING = 'Scheduled for today';

export const NEVER_CONTACTED = 'Never contacted';
export const NO_LIST = 'No List';

const BADGE: Record<SeverityColor | 'never', { background: string; color: string }> = {
  yellow: { background: '#fef9c3', color: '#854d0e' },
  orange: { background: '#ffedd5', color: '#9a3412' },
  red: { background: '#fee2e2', color: '#991b1b' },
  green: { background: '#dcfce7', color: '#166534' },
  never: { background: '#fee2e2', color: '#991b1b' },
};

export function overdueUrl(appUrl: string): string {
  return `${appUrl}/contacts?filter=overdue`;
}

/** How long a contact has been overdue, as the email says it. */
export function overdueFor(contact: OverdueContactSummary): string {
  if (contact.lastContactDate == null) return NEVER_CONTACTED;
  return `${pluralize(contact.daysOverdue ?? 0, 'day')} overdue`;
}

/** The supporting line: when the last contact was, and the interval it is measured against. */
export function contactDetail(contact: OverdueContactSummary): string {
  const interval = reminderIntervalLabel(contact.reminderDays);
  if (contact.lastContactDate == null || contact.daysSinceLastContact == null) return interval;
  return `Last contact ${pluralize(contact.daysSinceLastContact, 'day')} ago · ${interval}`;
}

function listCell(contact: OverdueContactSummary): SafeHtml {
  const dot = contact.listColor ?? '#9ca3af';
  return html`<span
      style="display:inline-block;width:8px;height:8px;border-radius:4px;background:${dot};margin-right:6px;vertical-align:middle;"
    ></span
    ><span style="vertical-align:middle;">${contact.listName ?? NO_LIST}</span>`;
}

function actionLinksCell(links: ReminderActionLinks | undefined): SafeHtml | '' {
  if (!links) return '';
  const link = (label: string, href: string) =>
    html`<a href="${href}" style="color:${Brand.primary};font-weight:600;text-decoration:none;">${label}</a>`;
  return html`<div style="font-size:13px;margin-top:4px;">
    ${link(MARK_CONTACTED_LABEL, links.markContacted)} &middot; ${link(SNOOZE_LABEL, links.snooze)}
  </div>`;
}

function contactRow(contact: OverdueContactSummary, links?: ReminderActionLinks): SafeHtml {
  const badge = BADGE[contact.lastContactDate == null ? 'never' : overdueColorByDays(contact.daysOverdue ?? 0)];
  return html`<tr>
    <td style="padding:12px 0;border-top:1px solid ${Brand.border};vertical-align:top;">
      <div style="font-weight:600;color:${Brand.ink};">${fullName(contact)}</div>
      <div style="font-size:13px;color:${Brand.muted};">${listCell(contact)} &middot; ${contactDetail(contact)}</div>
      ${actionLinksCell(links)}
    </td>
    <td
      align="right"
      style="padding:12px 0 12px 12px;border-top:1px solid ${Brand.border};vertical-align:top;white-space:nowrap;"
    >
      <span
        style="display:inline-block;padding:3px 10px;border-radius:999px;font-size:12px;font-weight:600;background:${badge.background};color:${badge.color};"
        >${overdueFor(contact)}</span
      >
    </td>
  </tr>`;
}

/** "Ann Lee's birthday is today", "Ann Lee turns 40 tomorrow", "2 birthdays coming up". */
export function birthdaySummary(birthdays: UpcomingBirthday[]): string {
  if (birthdays.length !== 1) return `${pluralize(birthdays.length, 'birthday')} coming up`;
  const [birthday] = birthdays;
  const when = birthdayWhenLabel(birthday.daysUntil);
  return birthday.age != null
    ? `${fullName(birthday)} turns ${birthday.age} ${when}`
    : `${fullName(birthday)}'s birthday is ${when}`;
}

/** One birthday's line: when, and the age reached when the year is known. */
export function birthdayDetail(birthday: UpcomingBirthday): string {
  const when = birthdayWhenLabel(birthday.daysUntil);
  const day = new Date(`${birthday.date}T00:00:00Z`).toLocaleDateString('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  });
  return `${when.charAt(0).toUpperCase()}${when.slice(1)}, ${day}${birthday.age != null ? ` · turns ${birthday.age}` : ''}`;
}

function subjectOf({ totalOverdue, isTest, scheduled = [], birthdays = [] }: ReminderEmailInput): string {
  const summary =
    totalOverdue > 0
      ? needsAttentionLabel(totalOverdue)
      : scheduled.length > 0
        ? `${pluralize(scheduled.length, 'reminder')} for today`
        : birthdays.length > 0
          ? birthdaySummary(birthdays)
          : "you're all caught up";
  return `${isTest ? '[Test] ' : ''}Kith: ${summary}`;
}

function birthdaysHtml(birthdays: UpcomingBirthday[], appUrl: string): SafeHtml | string {
  if (birthdays.length === 0) return '';
  return html`<h2 style="margin:28px 0 8px;font-size:18px;line-height:1.3;">Birthdays</h2>
    <table ${LAYOUT_TABLE} style="font-size:14px;">
      ${birthdays.map(
        (birthday) =>
          html`<tr>
            <td style="padding:10px 0;border-top:1px solid ${Brand.border};">
              <a
                href="${appUrl}/contacts/${birthday._id}"
                style="font-weight:600;color:${Brand.ink};text-decoration:none;"
                >${fullName(birthday)}</a
              >
              <div style="font-size:13px;color:${Brand.muted};">${birthdayDetail(birthday)}</div>
            </td>
          </tr>`,
      )}
    </table>`;
}

const TEST_NOTE = 'This is a test reminder you sent yourself from the dashboard.';
const CAUGHT_UP = "Nothing is overdue right now: you're all caught up!";
const WHEN_SOMEONE_IS_DUE = 'When someone needs attention, your daily reminder lists them here.';

function scheduledSection(scheduled: ScheduledReminderSummary[]): SafeHtml | '' {
  if (scheduled.length === 0) return '';
  const row = (reminder: ScheduledReminderSummary) =>
    html`<tr>
      <td style="padding:10px 0;border-top:1px solid ${Brand.border};">
        <div style="font-weight:600;color:${Brand.ink};">${fullName(reminder)}</div>
        ${reminder.reminderNotes ? html`<div style="font-size:13px;color:${Brand.muted};">${reminder.reminderNotes}</div>` : ''}
      </td>
    </tr>`;
  return html`<h2 style="margin:24px 0 4px;font-size:17px;">${SCHEDULED_HEADING}</h2>
    <table ${LAYOUT_TABLE} style="font-size:14px;">
      ${scheduled.map(row)}
    </table>`;
}

function scheduledText(scheduled: ScheduledReminderSummary[]): string[] {
  if (scheduled.length === 0) return [];
  return [
    '',
    `${SCHEDULED_HEADING}:`,
    ...scheduled.map(
      (reminder) => `- ${fullName(reminder)}${reminder.reminderNotes ? `: ${reminder.reminderNotes}` : ''}`,
    ),
  ];
}

function renderHtml(input: ReminderEmailInput, contacts: OverdueContactSummary[], footer: string): string {
  const { recipient, totalOverdue, appUrl, isTest, scheduled = [], birthdays = [] } = input;
  const more = totalOverdue - contacts.length;
  const testBanner = isTest
    ? html`<p
        style="margin:0 0 20px;padding:10px 14px;border-radius:8px;background:#eff6ff;color:${Brand.primaryDark};font-size:13px;"
      >
        ${TEST_NOTE}
      </p>`
    : '';
  const body =
    totalOverdue > 0
      ? html`<h1 style="margin:0 0 8px;font-size:22px;line-height:1.3;">${needsAttentionLabel(totalOverdue)}</h1>
          <p style="margin:0 0 16px;">
            Hi ${recipient.firstName}, it has been a while since you were in touch with these people. A short message is
            often all it takes.
          </p>
          <table ${LAYOUT_TABLE} style="font-size:14px;">
            ${contacts.map((contact) => contactRow(contact, input.actionLinks?.get(contact._id)))}
          </table>
          ${more > 0 ? html`<p style="margin:12px 0 0;font-size:14px;color:${Brand.muted};"><a href="${overdueUrl(appUrl)}" style="color:${Brand.primary};">…and ${pluralize(more, 'more contact')} overdue.</a></p>` : ''}
          ${button('See overdue contacts', overdueUrl(appUrl))}${scheduledSection(scheduled)}`
      : birthdays.length > 0
        ? html`<h1 style="margin:0 0 8px;font-size:22px;line-height:1.3;">${birthdaySummary(birthdays)}</h1>
            <p style="margin:0 0 16px;">
              Hi ${recipient.firstName}, nothing is overdue right now, but a birthday is a good reason to get in touch.
            </p>
            ${scheduledSection(scheduled)}`
        : html`<h1 style="margin:0 0 8px;font-size:22px;line-height:1.3;">You're all caught up!</h1>
            <p style="margin:0 0 16px;">
              Hi ${recipient.firstName}, nothing is overdue right now. ${WHEN_SOMEONE_IS_DUE}
            </p>
            ${scheduledSection(scheduled)} ${button('Open your dashboard', `${appUrl}/dashboard`)}`;
  return renderLayout({
    title: subjectOf(input),
    preheader:
      totalOverdue > 0
        ? `${contacts.map(fullName).slice(0, 3).join(', ')}${totalOverdue > 3 ? ' and others' : ''}`
        : birthdays.length > 0
          ? birthdaySummary(birthdays)
          : CAUGHT_UP,
    content: html`${testBanner}${body}${birthdaysHtml(birthdays, appUrl)}`,
    appUrl,
    footer,
    pauseUrl: input.pauseUrl,
  });
}

function renderText(input: ReminderEmailInput, contacts: OverdueContactSummary[], footer: string): string {
  const { recipient, totalOverdue, appUrl, isTest, scheduled = [], birthdays = [] } = input;
  const lines: string[] = [];
  if (isTest) lines.push(TEST_NOTE, '');
  lines.push(`Hi ${recipient.firstName},`, '');
  if (totalOverdue === 0 && birthdays.length > 0) {
    lines.push(
      `${birthdaySummary(birthdays)}. Nothing is overdue right now, but a birthday is a good reason to get in touch.`,
      ...scheduledText(scheduled),
    );
  } else if (totalOverdue === 0) {
    lines.push(
      `${CAUGHT_UP} ${WHEN_SOMEONE_IS_DUE}`,
      ...scheduledText(scheduled),
      '',
      `Open your dashboard: ${appUrl}/dashboard`,
    );
  } else {
    lines.push(`${needsAttentionLabel(totalOverdue)}. It has been a while since you were in touch with:`, '');
    for (const contact of contacts) {
      lines.push(
        `- ${fullName(contact)}: ${overdueFor(contact)}`,
        `  ${contact.listName ?? NO_LIST} · ${contactDetail(contact)}`,
      );
      const links = input.actionLinks?.get(contact._id);
      if (links) lines.push(`  ${MARK_CONTACTED_LABEL}: ${links.markContacted}`, `  ${SNOOZE_LABEL}: ${links.snooze}`);
    }
    const more = totalOverdue - contacts.length;
    if (more > 0) lines.push(`...and ${pluralize(more, 'more contact')} overdue.`);
    lines.push('', `See overdue contacts: ${overdueUrl(appUrl)}`, ...scheduledText(scheduled));
  }
  if (birthdays.length > 0) {
    lines.push('', 'Birthdays:');
    for (const birthday of birthdays)
      lines.push(`- ${fullName(birthday)}: ${birthdayDetail(birthday)}`, `  ${appUrl}/contacts/${birthday._id}`);
  }
  lines.push('', textFooter(appUrl, footer, input.pauseUrl));
  return lines.join('\n');
}

/** The daily (or test) reminder: who is overdue, for how long, in which list, in the order given (most important first). */
export function renderReminderEmail(input: ReminderEmailInput): RenderedEmail {
  const { contacts } = input;
  const footer = input.isTest
    ? 'Daily reminders are sent at 9 AM UTC when someone is overdue.'
    : 'You get this email at 9 AM UTC on days when someone is overdue, a reminder is scheduled or a birthday is coming up.';
  return {
    subject: subjectOf(input),
    html: renderHtml(input, contacts, footer),
    text: renderText(input, contacts, footer),
  };
}
