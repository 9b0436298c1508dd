import { type AccountExportPage, ContactsExportSection } from '@kith/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { AccountDataRepository } from './account-data.repository.js';

/** This service's part of the account export and of the account erasure. */
@Injectable()
export class AccountService {
  constructor(@Inject(AccountDataRepository) private readonly data: AccountDataRepository) {}

  exportPage(request: {
    userId: string;
    section: ContactsExportSection;
    cursor: string | null;
    limit: number;
  }): Promise<AccountExportPage> {
    const now = new Date();
    switch (request.section) {
      case ContactsExportSection.LISTS:
        return this.data.listsPage(request.userId, now);
      case ContactsExportSection.CONTACTS:
        return this.data.contactsPage(request.userId, request.cursor, request.limit, now);
      case ContactsExportSection.INTERACTIONS:
        return this.data.interactionsPage(request.userId, request.cursor, request.limit);
      case ContactsExportSection.SCHEDULED_REMINDERS:
        return this.data.scheduledRemindersPage(request.userId, request.cursor, request.limit);
      case ContactsExportSection.PHONE_CARDS:
        return this.data.phoneCardsPage(request.userId, request.cursor, request.limit);
      case ContactsExportSection.DELETED_PHONE_CARDS:
        return this.data.deletedPhoneCardsPage(request.userId, request.cursor, request.limit);
      case ContactsExportSection.CALENDAR_FEED:
        return this.data.calendarFeed(request.userId);
      case ContactsExportSection.PHONE_SYNC:
        return this.data.phoneSync(request.userId);
      default: {
        const unknown: never = request.section;
        throw new Error(`Unknown export section ${String(unknown)}`);
      }
    }
  }

  erase(userId: string): Promise<void> {
    return this.data.eraseUser(userId);
  }
}
