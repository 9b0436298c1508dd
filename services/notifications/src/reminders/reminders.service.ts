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
import { OutboxDispatcher } from '../outbox/outbox-dispatcher.service.js';
import { OutboxRepository } from '../outbox/outbox.repository.js';
import { MessageKind } from '../outbox/outbox.types.js';
import { PeersClient } from '../peers/peers.client.js';
import { SendKind, SendLimits } from '../send-limits/send-limits.js';
import { webhookOutboxRow, WebhooksService } from '../webhooks/webhooks.service.js';
import { ReminderComposer } from './reminder-composer.js';
import { CONTACTS_PER_EMAIL } from './reminder-content.js';

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
    @Inject(OutboxRepository) private readonly outbox: OutboxRepository,
    @Inject(OutboxDispatcher) private readonly dispatcher: OutboxDispatcher,
    @Inject(ReminderComposer) private readonly composer: ReminderComposer,
    @Inject(WebhooksService) private readonly webhooks: WebhooksService,
    @Inject(SendLimits) private readonly sendLimits: SendLimits,
  ) {}

  /**
   * The caller's reminder now, even when nothing is overdue: what the daily run would send them
   * today, marked as a test, by e-mail (delivered while the caller waits) and to their webhook;
   * only to a proven address, and a few an hour.
   */
  async sendTest(userId: string): Promise<MessageResponse> {
    if (!this.config.SMTP_URL) throw new AppError(ErrorCode.EMAIL_NOT_CONFIGURED, ErrorMessage.EMAIL_NOT_CONFIGURED);
    const user = await this.peers.userById(userId);
    if (!user.emailVerified) throw new AppError(ErrorCode.EMAIL_NOT_VERIFIED, AccountMessages.EMAIL_NOT_VERIFIED);
    await this.sendLimits.reserve(userId, SendKind.TEST_REMINDER);
    const [entry, webhooks] = await Promise.all([
      this.peers.reminderDigestForUser({
        userId,
        contactsPerUser: CONTACTS_PER_EMAIL,
        birthdaysWithinDays: BIRTHDAY_DIGEST_DAYS,
      }),
      this.webhooks.among([userId]),
    ]);
    const { email, webhook } = await this.composer.compose(user, entry, {
      isTest: true,
      webhook: webhooks.get(userId),
    });
    const delivered = await this.dispatcher.sendNow({
      kind: MessageKind.TEST_REMINDER,
      userId,
      to: user.email,
      ...email,
    });
    if (webhook) await this.dispatcher.enqueue(webhookOutboxRow(userId, MessageKind.TEST_REMINDER, webhook));
    return { message: testReminderMessage(user.email, entry.totalOverdue, delivered) };
  }

  upcoming(userId: string): Promise<UpcomingForUserResponse> {
    return this.peers.upcomingForUser({ userId, withinDays: UPCOMING_WINDOW_DAYS });
  }

  async stats(userId: string): Promise<NotificationStats> {
    const [overdue, upcoming, delivered] = await Promise.all([
      this.peers.overdueForUser({ userId, limit: 1 }),
      this.peers.upcomingForUser({ userId, withinDays: UPCOMING_WINDOW_DAYS }),
      this.outbox.reminderDeliveryStats(userId),
    ]);
    return {
      overdueCount: overdue.totalItems,
      upcomingCount: upcoming.totalItems,
      remindersSent: delivered.remindersSent,
      lastSentAt: delivered.lastSentAt?.toISOString() ?? null,
    };
  }
}
