import { z } from 'zod';
import { idSchema } from '../validation.js';
import type {
  OverdueDigestRequest,
  OverdueForUserRequest,
  ReminderDigestForUserRequest,
  UpcomingForUserRequest,
} from './subjects.js';

/** Validation of the NATS request payloads of subjects.ts (callers are other services). */
export const overdueForUserSchema = z.object({
  userId: idSchema('userId'),
  limit: z.number().int().min(1).max(1000).default(100),
  excludeSnoozed: z.boolean().default(false),
}) satisfies z.ZodType<OverdueForUserRequest>;

export const overdueDigestSchema = z.object({
  cursor: idSchema('cursor')
    .nullish()
    .transform((cursor) => cursor ?? null),
  batchSize: z.number({ error: 'batchSize is required' }).int().min(1).max(1000),
  contactsPerUser: z.number().int().min(1).max(100).default(10),
  birthdaysWithinDays: z.number().int().min(0).max(60).optional(),
  userId: idSchema('userId').optional(),
}) satisfies z.ZodType<OverdueDigestRequest>;

export const reminderDigestForUserSchema = z.object({
  userId: idSchema('userId'),
  contactsPerUser: overdueDigestSchema.shape.contactsPerUser.unwrap(),
  birthdaysWithinDays: z.number({ error: 'birthdaysWithinDays is required' }).int().min(0).max(60),
}) satisfies z.ZodType<ReminderDigestForUserRequest>;

export const upcomingForUserSchema = z.object({
  userId: idSchema('userId'),
  withinDays: z.number({ error: 'withinDays is required' }).int().min(1).max(365),
  limit: z.number().int().min(1).max(1000).default(100),
}) satisfies z.ZodType<UpcomingForUserRequest>;
