import { z } from 'zod';
import { idSchema } from '../validation.js';
import type { ContactForUserRequest, ReminderActionRequest, SnoozeFromReminderRequest } from './subjects.js';

/** Validation of the reminder-action payloads of subjects.ts (the caller is the notifications service). */

export const contactForUserSchema = z.object({
  userId: idSchema('userId'),
  contactId: idSchema('contactId'),
}) satisfies z.ZodType<ContactForUserRequest>;
export const reminderActionSchema = contactForUserSchema satisfies z.ZodType<ReminderActionRequest>;
export const snoozeFromReminderSchema = reminderActionSchema.extend({
  until: z
    .string({ error: 'until is required' })
    .refine((value) => !Number.isNaN(Date.parse(value)), 'until must be a valid ISO 8601 date'),
}) satisfies z.ZodType<SnoozeFromReminderRequest>;
