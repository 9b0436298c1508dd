import { Inject, Injectable } from '@nestjs/common';
import {
  type MessageResponse,
  needsAttentionLabel,
  type NotificationStats,
  UPCOMING_WINDOW_DAYS,
  type UpcomingForUserResponse,
} from '@kith/contracts';
import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from '../config/notifications.config.js';
import { renderReminderEmail } from '../mail/templates/reminder.template.js';
import { OutboxDispatcher } from '../outbox/outbox-dispatcher.service.js';
import { EmailKind } from '../outbox/outbox.types.js';
import { PeersClient } from '../peers/peers.client.js';
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
  ) {}

  /** One reminder to the caller now, through the outbox, even when nothing is overdue. */
  async sendTest(userId: string): Promise<MessageResponse> {
    const [user, overdue] = await Promise.all([
      this.peers.userById(userId),
      this.peers.overdueForUser({ userId, limit: CONTACTS_PER_EMAIL }),
    ]);
    const email = renderReminderEmail({
      recipient: user,
      contacts: overdue.items,
      totalOverdue: overdue.totalItems,
      appUrl: this.config.APP_URL,
      isTest: true,
    });
    const delivered = await this.dispatcher.sendNow({
      kind: EmailKind.TEST_REMINDER,
      userId,
      to: user.email,
      ...email,
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
