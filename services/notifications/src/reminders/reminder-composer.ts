import { Inject, Injectable } from '@nestjs/common';
import type { OverdueDigestEntry, User } from '@kith/contracts';
import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from '../config/notifications.config.js';
import { EmailActionsService } from '../email-actions/email-actions.service.js';
import { renderReminderEmail } from '../mail/templates/reminder.template.js';
import type { RenderedEmail } from '../mail/templates/rendered-email.js';
import { SettingsService } from '../settings/settings.service.js';
import { renderWebhook } from '../webhooks/webhook-payload.js';
import type { StoredWebhook } from '../webhooks/webhooks.repository.js';

/** A user's reminder, ready to queue: the e-mail and, when they have a webhook, the same digest for it. */
export interface ComposedReminder {
  email: RenderedEmail & { headers: Record<string, string> };
  webhook?: ReturnType<typeof renderWebhook>;
}

/**
 * The one place a reminder is composed, for the daily run and the test reminder alike: from the
 * user's digest entry (overdue contacts, today's scheduled reminders, coming birthdays), with a
 * one-click link per contact and the pause link, as an e-mail and as the user's webhook body.
 * A test reminder differs only in saying so.
 *
 * The entry's contacts come most important first (the contacts service orders them by
 * rules/priority.ts); the reminder lists the first `contactsPerEmail` of them (the user's
 * setting) and counts and links the rest.
 */
@Injectable()
export class ReminderComposer {
  constructor(
    @Inject(NOTIFICATIONS_CONFIG) private readonly config: NotificationsConfig,
    @Inject(EmailActionsService) private readonly emailActions: EmailActionsService,
    @Inject(SettingsService) private readonly settings: SettingsService,
  ) {}

  async compose(
    user: User,
    entry: OverdueDigestEntry,
    { isTest, webhook, contactsPerEmail }: { isTest: boolean; webhook?: StoredWebhook; contactsPerEmail?: number },
  ): Promise<ComposedReminder> {
    const limit = contactsPerEmail ?? (await this.settings.contactsPerEmailOf([user._id])).get(user._id)!;
    const contacts = entry.contacts.slice(0, limit);
    const { headers, ...links } = await this.emailActions.reminderExtras(
      user,
      contacts.map((contact) => contact._id),
    );
    const email = renderReminderEmail({
      recipient: user,
      contacts,
      totalOverdue: entry.totalOverdue,
      scheduled: entry.scheduled,
      birthdays: entry.birthdays,
      appUrl: this.config.APP_URL,
      isTest,
      ...links,
    });
    const digest = {
      event: isTest ? ('test-reminder' as const) : ('daily-reminder' as const),
      title: email.subject,
      totalOverdue: entry.totalOverdue,
      contacts,
      scheduled: entry.scheduled,
      appUrl: this.config.APP_URL,
    };
    return {
      email: { ...email, headers },
      webhook: webhook && renderWebhook(webhook.url, webhook.format, digest),
    };
  }
}
