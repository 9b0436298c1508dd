import { type AccountExportPage, type NotificationsErasureRequest, NotificationsExportSection } from '@kith/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from '../config/notifications.config.js';
import { renderAccountDeletedEmail } from '../mail/templates/account-deleted.template.js';
import { OutboxDispatcher } from '../outbox/outbox-dispatcher.service.js';
import { AccountDataRepository } from './account-data.repository.js';

/** This service's part of the account export and of the account erasure (with the farewell mail). */
@Injectable()
export class AccountService {
  constructor(
    @Inject(AccountDataRepository) private readonly data: AccountDataRepository,
    @Inject(OutboxDispatcher) private readonly dispatcher: OutboxDispatcher,
    @Inject(NOTIFICATIONS_CONFIG) private readonly config: NotificationsConfig,
  ) {}

  exportPage(request: {
    userId: string;
    section: NotificationsExportSection;
    cursor: string | null;
    limit: number;
  }): Promise<AccountExportPage> {
    switch (request.section) {
      case NotificationsExportSection.NOTIFICATION_SETTINGS:
        return this.data.settingsPage(request.userId);
      case NotificationsExportSection.REMINDER_HISTORY:
        return this.data.reminderHistoryPage(request.userId, request.cursor, request.limit);
      case NotificationsExportSection.WEBHOOK:
        return this.data.webhookPage(request.userId);
      case NotificationsExportSection.WEBHOOK_DELIVERIES:
        return this.data.webhookDeliveriesPage(request.userId, request.cursor, request.limit);
      case NotificationsExportSection.DAILY_REMINDERS:
        return this.data.dailyRemindersPage(request.userId, request.cursor, request.limit);
      case NotificationsExportSection.EMAIL_ACTIONS_USED:
        return this.data.emailActionsUsedPage(request.userId, request.cursor, request.limit);
      default: {
        const unknown: never = request.section;
        throw new Error(`Unknown export section ${String(unknown)}`);
      }
    }
  }

  async erase(request: NotificationsErasureRequest): Promise<void> {
    const farewell = renderAccountDeletedEmail({ recipient: request, appUrl: this.config.APP_URL });
    await this.data.eraseUserAndQueueFarewell(request.userId, { ...farewell, to: request.email });
    this.dispatcher.kick();
  }
}
