/**
 * Step-up ("sudo mode"): changes that outlast an access token, or cannot be undone, need proof
 * beyond the bearer token — the password again (and the second factor when it is on). The proof
 * comes either in the guarded request's own body (`currentPassword`, with `code` or
 * `recoveryCode`) or as a short-lived grant from `POST /auth/step-up`, sent in STEP_UP_HEADER.
 * Zod-free, so the browser entry exports it whole; the schemas are in step-up.schemas.ts.
 */

/** The request header that carries a step-up grant. */
export const STEP_UP_HEADER = 'X-Step-Up';
/** How long a grant opens guarded changes. */
export const STEP_UP_TTL_SECONDS = 5 * 60;
/**
 * The grant is a JWT signed like access tokens (so any service verifies it with the public key)
 * but for this audience only: an access token is never a grant, nor a grant an access token.
 */
export const STEP_UP_AUDIENCE = 'kith-step-up';

/**
 * How the user proved it is them (RFC 8176 "amr" values), carried in the grant: `pwd` for the
 * password, `otp` for an authenticator code, `rec` for a recovery code. Other proofs (a passkey)
 * add their own value; guards only ask that a grant exists for the user and session.
 */
export const StepUpMethod = { PASSWORD: 'pwd', ONE_TIME_CODE: 'otp', RECOVERY_CODE: 'rec', PASSKEY: 'hwk' } as const;
export type StepUpMethod = (typeof StepUpMethod)[keyof typeof StepUpMethod];

export const StepUpMessage = {
  REQUIRED: 'Confirm it is you: enter your password again to make this change',
  EXPIRED: 'Your confirmation has expired: enter your password again',
  WRONG_PASSWORD: 'Incorrect password',
} as const;

/** `POST /auth/step-up`. */
export interface StepUpResponse {
  /** Send as the X-Step-Up header with guarded requests until `expiresAt`. */
  stepUpToken: string;
  expiresAt: string;
}
