import { z } from 'zod';

/** Validation of the NATS request payloads of contracts' nats.ts (callers are other services). */
const uuid = (field: string) => z.string({ error: `${field} is required` }).uuid(`${field} must be a uuid`);

export const overdueForUserSchema = z.object({
  userId: uuid('userId'),
  limit: z.number().int().min(1).max(1000).default(100),
});

export const overdueDigestSchema = z.object({
  cursor: uuid('cursor')
    .nullish()
    .transform((cursor) => cursor ?? null),
  batchSize: z.number({ error: 'batchSize is required' }).int().min(1).max(1000),
  contactsPerUser: z.number().int().min(1).max(100).default(10),
});

export const upcomingForUserSchema = z.object({
  userId: uuid('userId'),
  withinDays: z.number({ error: 'withinDays is required' }).int().min(1).max(365),
  limit: z.number().int().min(1).max(1000).default(100),
});
