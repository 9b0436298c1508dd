import { z } from 'zod';
import type { StepUpResponse } from './step-up.js';
import { currentPasswordSchema } from './text.schemas.js';
import { withOptionalSecondFactor } from './two-factor.schemas.js';

/** `POST /auth/step-up`: the password, and a second factor when two-factor sign-in is on. */
export const stepUpSchema = withOptionalSecondFactor({ password: currentPasswordSchema });
export type StepUpRequest = z.input<typeof stepUpSchema>;

export const stepUpResponseSchema = z.object({
  stepUpToken: z.string(),
  expiresAt: z.iso.datetime(),
}) satisfies z.ZodType<StepUpResponse>;

/**
 * The proof a guarded request may carry in its own body instead of the X-Step-Up header: the
 * password again (`currentPassword`) and, with two-factor sign-in on, a code or a recovery code.
 */
export const stepUpInBodyShape = {
  currentPassword: currentPasswordSchema.optional(),
};
