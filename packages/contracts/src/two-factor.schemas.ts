import { z } from 'zod';
import { authResponseSchema, userSchema } from './entities.js';
import { currentPasswordSchema, singleLineText } from './text.schemas.js';
import {
  type MeResponse,
  type RecoveryCodesResponse,
  type ResetTokenCheckResponse,
  TOTP_DIGITS,
  type TwoFactorChallengeResponse,
  type TwoFactorSetupResponse,
  TwoFactorMessage,
  type TwoFactorStatus,
} from './two-factor.js';

/** Apps show the code as "123 456": spaces are dropped before the digits are checked. */
export const totpCodeSchema = z
  .string({ error: TwoFactorMessage.CODE_REQUIRED_FIELD })
  .max(32, TwoFactorMessage.CODE_FORMAT)
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .min(1, TwoFactorMessage.CODE_REQUIRED_FIELD)
      .regex(new RegExp(`^\\d{${TOTP_DIGITS}}$`), TwoFactorMessage.CODE_FORMAT),
  );

/** Case, spaces and dashes do not matter (the server normalises before comparing). */
export const recoveryCodeSchema = singleLineText(TwoFactorMessage.RECOVERY_CODE_REQUIRED)
  .trim()
  .min(1, TwoFactorMessage.RECOVERY_CODE_REQUIRED)
  .max(64, 'Recovery code must be at most 64 characters');

const secondFactorShape = { code: totpCodeSchema.optional(), recoveryCode: recoveryCodeSchema.optional() };
/** How many of code and recoveryCode the body gives (typed loosely: the shapes around them vary). */
const factorsGiven = (value: object) =>
  (['code', 'recoveryCode'] as const).filter((key) => (value as Record<string, unknown>)[key] !== undefined).length;
const notBoth = (value: object) => factorsGiven(value) <= 1;
const notNeither = (value: object) => factorsGiven(value) >= 1;
const bothIssue = { path: ['recoveryCode'], message: TwoFactorMessage.ONE_FACTOR };
const neitherIssue = { path: ['code'], message: TwoFactorMessage.CODE_REQUIRED_FIELD };

/** A code from the app or a recovery code: exactly one. */
const secondFactorSchema = <Shape extends z.ZodRawShape>(shape: Shape) =>
  z
    .object({ ...shape, ...secondFactorShape })
    .refine(notBoth, bothIssue)
    .refine(notNeither, neitherIssue);

/** A body that may carry a second factor (a password reset: the server asks when the account has one). */
export const withOptionalSecondFactor = <Shape extends z.ZodRawShape>(shape: Shape) =>
  z.object({ ...shape, ...secondFactorShape }).refine(notBoth, bothIssue);

/** `POST /auth/login/2fa`: the challenge from the password step and the second factor. */
export const loginTwoFactorSchema = secondFactorSchema({
  challenge: singleLineText('challenge is required').min(1, 'challenge is required').max(512),
});
export type LoginTwoFactorRequest = z.input<typeof loginTwoFactorSchema>;

/**
 * `POST /auth/2fa/enable`: a code from the app proves it holds the key just set up. Like the
 * set-up, it needs step-up: the X-Step-Up header or `currentPassword`.
 */
export const twoFactorEnableSchema = z.object({
  code: totpCodeSchema,
  currentPassword: currentPasswordSchema.optional(),
});
export type TwoFactorEnableRequest = z.input<typeof twoFactorEnableSchema>;

/** `POST /auth/2fa/disable`: the password and a second factor (a lost phone: a recovery code). */
export const twoFactorDisableSchema = secondFactorSchema({ password: currentPasswordSchema });
export type TwoFactorDisableRequest = z.input<typeof twoFactorDisableSchema>;

/**
 * `POST /auth/2fa/recovery-codes`: new codes (the old ones stop working). Needs step-up, which
 * with two-factor sign-in on means the password and a second factor: the X-Step-Up header, or
 * `currentPassword` with `code` or `recoveryCode` here.
 */
export const recoveryCodesRegenerateSchema = withOptionalSecondFactor({
  currentPassword: currentPasswordSchema.optional(),
});
export type RecoveryCodesRegenerateRequest = z.input<typeof recoveryCodesRegenerateSchema>;

/** `GET /auth/me` and the account export: the response schema of TwoFactorStatus. */
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: z.iso.datetime().nullable(),
  recoveryCodesRemaining: z.int().nonnegative(),
}) satisfies z.ZodType<TwoFactorStatus>;

// Response schemas of the two-factor routes, for the API document (api/routes/auth.schemas.ts); each is held to the
// interface the browser entry exports (two-factor.ts stays zod-free for the front-end bundles).

export const meResponseSchema = z.object({
  user: userSchema,
  twoFactor: twoFactorStatusSchema,
}) satisfies z.ZodType<MeResponse>;

export const twoFactorSetupResponseSchema = z.object({
  secret: z.string(),
  otpauthUri: z.string(),
  qrSvg: z.string(),
}) satisfies z.ZodType<TwoFactorSetupResponse>;

export const recoveryCodesResponseSchema = z.object({
  message: z.string(),
  recoveryCodes: z.array(z.string()),
}) satisfies z.ZodType<RecoveryCodesResponse>;

export const twoFactorChallengeResponseSchema = z.object({
  twoFactorRequired: z.literal(true),
  challenge: z.string(),
  expiresAt: z.iso.datetime(),
}) satisfies z.ZodType<TwoFactorChallengeResponse>;

export const loginResponseSchema = z.union([authResponseSchema, twoFactorChallengeResponseSchema]);

export const resetTokenCheckResponseSchema = z.object({
  valid: z.literal(true),
  twoFactorRequired: z.boolean(),
}) satisfies z.ZodType<ResetTokenCheckResponse>;
