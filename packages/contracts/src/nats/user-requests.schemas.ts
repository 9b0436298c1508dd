import type { UserByIdRequest, UsersByIdsRequest } from './subjects.js';
import { z } from 'zod';

/** Most users one AUTH_USERS_BY_IDS request may ask for; callers page through larger sets. */
export const MAX_USERS_PER_REQUEST = 500;

const userId = z.string({ error: 'must be a string' }).min(1, 'is required').max(64);

export const userByIdRequestSchema = z.object({ userId }) satisfies z.ZodType<UserByIdRequest>;

export const usersByIdsRequestSchema = z.object({
  userIds: z.array(userId).max(MAX_USERS_PER_REQUEST, `at most ${MAX_USERS_PER_REQUEST} ids per request`),
}) satisfies z.ZodType<UsersByIdsRequest>;
