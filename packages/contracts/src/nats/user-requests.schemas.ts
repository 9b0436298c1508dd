import {
  type AccountMailRequest,
  AccountMailKind,
  type RevokeCalendarFeedRequest,
  type UserByIdRequest,
  type UsersByIdsRequest,
} from './subjects.js';
import { z } from 'zod';
import { idSchema } from '../validation.js';

/** Most users one AUTH_USERS_BY_IDS request may ask for; callers page through larger sets. */
export const MAX_USERS_PER_REQUEST = 500;

export const userByIdRequestSchema = z.object({ userId: idSchema('userId') }) satisfies z.ZodType<UserByIdRequest>;

export const usersByIdsRequestSchema = z.object({
  userIds: z.array(idSchema('userIds')).max(MAX_USERS_PER_REQUEST, `at most ${MAX_USERS_PER_REQUEST} ids per request`),
}) satisfies z.ZodType<UsersByIdsRequest>;

export const revokeCalendarFeedRequestSchema = z.object({
  userId: idSchema('userId'),
}) satisfies z.ZodType<RevokeCalendarFeedRequest>;

/** What auth asks notifications to mail about an account (confirmation, invitation, notice). */
export const accountMailRequestSchema = z.object({
  kind: z.enum(Object.values(AccountMailKind) as [AccountMailKind, ...AccountMailKind[]]),
  userId: idSchema('userId').nullable(),
  to: z.string().min(3).max(254),
  firstName: z.string().max(100).nullable(),
  token: z.string().max(512).nullable(),
  expiresAt: z.iso.datetime().nullable(),
  revoked: z
    .object({ sessions: z.int().nonnegative(), appPasswords: z.int().nonnegative(), calendarFeed: z.boolean() })
    .optional(),
}) satisfies z.ZodType<AccountMailRequest>;
