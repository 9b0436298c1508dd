import { Inject, Injectable } from '@nestjs/common';
import {
  CommunicationType,
  type ContactForUserResponse,
  ErrorCode,
  REMINDER_EMAIL_INTERACTION_NOTE,
  type ReminderActionResponse,
} from '@kith/contracts';
import { AppError } from '@kith/nest-kit';
import { CommunicationsService } from '../communications/communications.service.js';
import { ContactsRepository } from '../contacts/contacts.repository.js';
import { ContactsService } from '../contacts/contacts.service.js';

/** The contact actions a reminder e-mail offers; a contact deleted since the e-mail answers null. */
@Injectable()
export class ReminderActionsService {
  constructor(
    @Inject(ContactsService) private readonly contacts: ContactsService,
    @Inject(ContactsRepository) private readonly repository: ContactsRepository,
    @Inject(CommunicationsService) private readonly communications: CommunicationsService,
  ) {}

  async contactForUser(userId: string, contactId: string): Promise<ContactForUserResponse> {
    const record = await this.repository.findById(userId, contactId);
    return record ? { _id: record.id, firstName: record.firstName, lastName: record.lastName } : null;
  }

  /** Logs an interaction (OTHER, 'From reminder e-mail'), which resets the timer by the overdue rule. */
  markContacted(userId: string, contactId: string): Promise<ReminderActionResponse> {
    return this.orNullWhenGone(async () => {
      const { contact } = await this.communications.logNow(userId, contactId, {
        type: CommunicationType.OTHER,
        notes: REMINDER_EMAIL_INTERACTION_NOTE,
        duration: null,
      });
      return { firstName: contact.firstName, lastName: contact.lastName };
    });
  }

  snooze(userId: string, contactId: string, until: Date): Promise<ReminderActionResponse> {
    return this.orNullWhenGone(async () => {
      const { contact } = await this.contacts.snooze(userId, contactId, until);
      return { firstName: contact.firstName, lastName: contact.lastName };
    });
  }

  private async orNullWhenGone(act: () => Promise<ReminderActionResponse>): Promise<ReminderActionResponse> {
    try {
      return await act();
    } catch (error) {
      if (error instanceof AppError && error.code === ErrorCode.NOT_FOUND) return null;
      throw error;
    }
  }
}
