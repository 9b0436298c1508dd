import { z } from 'zod';
import { idSchema } from '../validation.js';
import type { AccountErasureRequest, NotificationsErasureRequest } from '../account.js';

/** Payload schemas of the account erasure and export subjects (types in account.ts). */

export const accountErasureRequestSchema = z.object({
  userId: idSchema('userId'),
}) satisfies z.ZodType<AccountErasureRequest>;
export const notificationsErasureRequestSchema = accountErasureRequestSchema.extend({
  email: z.string().max(254),
  firstName: z.string().max(100),
}) satisfies z.ZodType<NotificationsErasureRequest>;
export const accountExportPageRequestSchema = <Section extends string>(sections: readonly Section[]) =>
  z.object({
    userId: z.string().min(1).max(64),
    section: z.enum(sections as [Section, ...Section[]]),
    cursor: z
      .string()
      .max(200)
      .nullish()
      .transform((value) => value ?? null),
    limit: z.number().int().min(1).max(1000),
  });
