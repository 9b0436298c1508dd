import type { VerifyAppPasswordRequest } from './subjects.js';
import { z } from 'zod';

/**
 * HTTP Basic credentials as a CardDAV client sent them (auth answers null for any bad one). The
 * user name is handed on as e-mail addresses are stored: trimmed and lower-case.
 */
export const verifyAppPasswordRequestSchema = z.object({
  username: z
    .string({ error: 'must be a string' })
    .max(254)
    .transform((username) => username.trim().toLowerCase()),
  password: z.string({ error: 'must be a string' }).max(1024),
}) satisfies z.ZodType<VerifyAppPasswordRequest>;
