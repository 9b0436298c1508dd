import { Inject, Injectable } from '@nestjs/common';
import {
  AccountMessages,
  BIRTHDAY_DIGEST_DAYS,
  ErrorCode,
  ErrorMessage,
  type MessageResponse,
  needsAttentionLabel,
  type NotificationStats,
  UPCOMING_WINDOW_DAYS,
  type UpcomingForUserResponse,
} from '@kith/contracts';
import { AppError } from '@kith/nest-kit';
import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from '../config/notifications.config.js';
import { EmailActionsService } from '../email-actions/email-actions.service.js';
import { renderReminderEmail } from '../mail/templates/reminder.template.js';
import { OutboxDispatcher } from '../outbox/outbox-dispatcher.service.js';
import { EmailKind } from '../outbox/outbox.types.js';
import { PeersClient } from '../peers/peers.client.js';
import { WebhooksService } from '../webhooks/webhooks.service.js';
import { SendKind, SendLimits } from '../send-limits/send-limits.js';
import { CONTACTS_PER_EMAIL } from './reminder-content.js';
import { RemindersRepository } from './reminders.repository.js';

export function testReminderMessage(email: string, totalOverdue: number, delivered: boolean): string {
  const what = totalOverdue > 0 ? `${needsAttentionLabel(totalOverdue)}.` : "Nothing is overdue: you're all caught up!";
  return delivered
    ? `Test reminder sent to ${email}. ${what}`
    : `Test reminder queued for ${email}; it will be delivered as soon as the mail server answers. ${what}`;
}

/** What a signed-in user asks of reminders: a test email now, what is coming due, and figures. */
@Injectable()
export class RemindersService {
  constructor(
    @Inject(NOTIFICATIONS_CONFIG) private readonly config: NotificationsConfig,
    @Inject(PeersClient) private readonly peers: PeersClient,
    @Inject(RemindersRepository) private readonly reminders: RemindersRepository,
    @Inject(OutboxDispatcher) private readonly dispatcher: OutboxDispatcher,
    @Inject(EmailActionsService) private readonly emailActions: EmailActionsService,
    @Inject(WebhooksService) private readonly webhooks: WebhooksService,
    @Inject(SendLimits) private readonly sendLimits: SendLimits,
  ) {}

  /**
   * One reminder to the caller now, through the outbox, even when nothing is overdue; only to a
   * proven address, and a few an hour.
   */
  async sendTest(userId: string): Promise<MessageResponse> {
    if (!this.config.SMTP_URL) throw new AppError(ErrorCode.EMAIL_NOT_CONFIGURED, ErrorMessage.EMAIL_NOT_CONFIGURED);
    const user = await this.peers.userById(userId);
    if (!user.emailVerified) throw new AppError(ErrorCode.EMAIL_NOT_VERIFIED, AccountMessages.EMAIL_NOT_VERIFIED);
    await this.sendLimits.reserve(userId, SendKind.TEST_REMINDER);
    const [overdue, birthdays] = await Promise.all([
      // Snoozed contacts are left out, like in the daily e-mail.
      this.peers.overdueForUser({ userId, limit: CONTACTS_PER_EMAIL, excludeSnoozed: true }),
      this.peers.birthdaysForUser({ userId, withinDays: BIRTHDAY_DIGEST_DAYS }),
    ]);
    const { headers, ...links } = await this.emailActions.reminderExtras(
      user,
      overdue.items.map((contact) => contact._id),
    );
    const email = renderReminderEmail({
      recipient: user,
      contacts: overdue.items,
      totalOverdue: overdue.totalItems,
      appUrl: this.config.APP_URL,
      isTest: true,
      birthdays: birthdays.items,
      ...links,
    });
    const delivered = await this.dispatcher.sendNow({
      kind: EmailKind.TEST_REMINDER,
      userId,
      to: user.email,
      ...email,
      headers,
    });
    await this.webhooks.queueDigest(userId, EmailKind.TEST_REMINDER, {
      event: 'test-reminder',
      title: email.subject,
      totalOverdue: overdue.totalItems,
      contacts: overdue.items,
      scheduled: [],
      appUrl: this.config.APP_URL,
    });
    return { message: testReminderMessage(user.email, overdue.totalItems, delivered) };
  }

  upcoming(userId: string): Promise<UpcomingForUserResponse> {
    return this.peers.upcomingForUser({ userId, withinDays: UPCOMING_WINDOW_DAYS });
  }

  async stats(userId: string): Promise<NotificationStats> {
    const [overdue, upcoming, delivered] = await Promise.all([
      this.peers.overdueForUser({ userId, limit: 1 }),
      this.peers.upcomingForUser({ userId, withinDays: UPCOMING_WINDOW_DAYS }),
      this.reminders.deliveryStats(userId),
    ]);
    return {
      overdueCount: overdue.totalItems,
      upcomingCount: upcoming.totalItems,
      remindersSent: delivered.remindersSent,
      lastSentAt: delivered.lastSentAt?.toISOString() ?? null,
    };
  }
}
