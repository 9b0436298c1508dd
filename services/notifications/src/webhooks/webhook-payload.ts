import {
  fullName,
  type OverdueContactSummary,
  type ScheduledReminderSummary,
  type WebhookFormat,
} from '@kith/contracts';
import { overdueFor, overdueUrl } from '../mail/templates/reminder.template.js';
import type { WebhookRequest } from './webhook-transport.service.js';

export type WebhookEvent = 'daily-reminder' | 'test-reminder' | 'webhook-test';

export interface WebhookDigest {
  event: WebhookEvent;
  /** The same summary line as the e-mail's subject. */
  title: string;
  totalOverdue: number;
  contacts: OverdueContactSummary[];
  scheduled: ScheduledReminderSummary[];
  appUrl: string;
}

/**
 * The reminder digest as a webhook body: JSON for automations, or an ntfy message (plain-text
 * body; Title, Click and Tags headers) that ntfy-compatible push servers show as a notification.
 */
export function renderWebhook(
  url: string,
  format: WebhookFormat,
  digest: WebhookDigest,
  now: Date = new Date(),
): WebhookRequest & { title: string } {
  // Most important first, as the digest orders them.
  const { contacts } = digest;
  if (format === 'ntfy') {
    const lines = contacts.map((contact) => `${fullName(contact)}: ${overdueFor(contact)}`);
    const more = digest.totalOverdue - contacts.length;
    if (more > 0) lines.push(`...and ${more} more`);
    for (const reminder of digest.scheduled)
      lines.push(
        `Scheduled today: ${fullName(reminder)}${reminder.reminderNotes ? ` (${reminder.reminderNotes})` : ''}`,
      );
    if (lines.length === 0) lines.push("Nothing is overdue right now: you're all caught up!");
    return {
      url,
      title: digest.title,
      body: lines.join('\n'),
      // Header values must be ASCII; the title is built from ASCII words and numbers.
      headers: {
        'Content-Type': 'text/plain; charset=utf-8',
        Title: digest.title,
        Click: overdueUrl(digest.appUrl),
        Tags: 'busts_in_silhouette',
      },
    };
  }
  const body = {
    event: digest.event,
    sentAt: now.toISOString(),
    title: digest.title,
    totalOverdue: digest.totalOverdue,
    contacts: contacts.map((contact) => ({
      id: contact._id,
      name: fullName(contact),
      listName: contact.listName,
      lastContactDate: contact.lastContactDate,
      daysOverdue: contact.daysOverdue,
    })),
    scheduled: digest.scheduled.map((reminder) => ({
      id: reminder._id,
      name: fullName(reminder),
      reminderDate: reminder.reminderDate,
      notes: reminder.reminderNotes,
    })),
    url: overdueUrl(digest.appUrl),
  };
  return { url, title: digest.title, body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } };
}
