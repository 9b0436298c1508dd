import { Inject, Injectable } from '@nestjs/common';
import {
  BIRTHDAY_DIGEST_DAYS,
  type MessageResponse,
  needsAttentionLabel,
  type NotificationStats,
  UPCOMING_WINDOW_DAYS,
  type UpcomingForUserResponse,
} from '@kith/contracts';
import { OutboxDispatcher } from '../outbox/outbox-dispatcher.service.js';
import { OutboxRepository } from '../outbox/outbox.repository.js';
import { MessageKind } from '../outbox/outbox.types.js';
import { PeersClient } from '../peers/peers.client.js';
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
    @Inject(PeersClient) private readonly peers: PeersClient,
    @Inject(OutboxRepository) private readonly outbox: OutboxRepository,
    @Inject(OutboxDispatcher) private readonly dispatcher: OutboxDispatcher,
    @Inject(ReminderComposer) private readonly composer: ReminderComposer,
    @Inject(WebhooksService) private readonly webhooks: WebhooksService,
  ) {}

  /**
   * The caller's reminder now, even when nothing is overdue: what the daily run would send them
   * today, marked as a test, by e-mail (delivered while the caller waits) and to their webhook.
   */
  async sendTest(userId: string): Promise<MessageResponse> {
    const [user, entry, webhooks] = await Promise.all([
      this.peers.userById(userId),
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
