import type { UserByIdRequest, UsersByIdsRequest } from './subjects.js';
import { z } from 'zod';
import { idSchema } from '../validation.js';

/** Most users one AUTH_USERS_BY_IDS request may ask for; callers page through larger sets. */
export const MAX_USERS_PER_REQUEST = 500;

export const userByIdRequestSchema = z.object({ userId: idSchema('userId') }) satisfies z.ZodType<UserByIdRequest>;

export const usersByIdsRequestSchema = z.object({
  userIds: z.array(idSchema('userIds')).max(MAX_USERS_PER_REQUEST, `at most ${MAX_USERS_PER_REQUEST} ids per request`),
}) satisfies z.ZodType<UsersByIdsRequest>;
