import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  contactForUserSchema,
  type ContactForUserResponse,
  NatsSubject,
  reminderActionSchema,
  type ReminderActionResponse,
  snoozeFromReminderSchema,
} from '@kith/contracts';
import { validate } from '@kith/nest-kit';
import type { z } from 'zod';
import { ReminderActionsService } from './reminder-actions.service.js';

/**
 * What the notifications service asks when someone follows a one-click link of a reminder
 * e-mail: the link was verified there (signed, single use, bound to this user and contact).
 */
@Controller()
export class ReminderActionsController {
  constructor(@Inject(ReminderActionsService) private readonly actions: ReminderActionsService) {}

  @MessagePattern(NatsSubject.CONTACTS_CONTACT_FOR_USER)
  contactForUser(
    @Payload(validate(contactForUserSchema)) request: z.output<typeof contactForUserSchema>,
  ): Promise<ContactForUserResponse> {
    return this.actions.contactForUser(request.userId, request.contactId);
  }

  @MessagePattern(NatsSubject.CONTACTS_MARK_CONTACTED_FROM_REMINDER)
  markContacted(
    @Payload(validate(reminderActionSchema)) request: z.output<typeof reminderActionSchema>,
  ): Promise<ReminderActionResponse> {
    return this.actions.markContacted(request.userId, request.contactId);
  }

  @MessagePattern(NatsSubject.CONTACTS_SNOOZE_FROM_REMINDER)
  snooze(
    @Payload(validate(snoozeFromReminderSchema)) request: z.output<typeof snoozeFromReminderSchema>,
  ): Promise<ReminderActionResponse> {
    return this.actions.snooze(request.userId, request.contactId, new Date(request.until));
  }
}
