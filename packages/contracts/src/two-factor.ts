import type { AuthResponse, User } from './entities.js';

/**
 * Two-factor sign-in (TOTP, RFC 6238) and its recovery codes. Zod-free, so the browser entry
 * exports it whole; the request schemas are in two-factor.schemas.ts.
 */

/** What authenticator apps show above the account (the otpauth:// URI's issuer). */
export const TOTP_ISSUER = 'Kith';
/** RFC 6238 defaults, the only parameters every authenticator app supports. */
export const TOTP_ALGORITHM = 'SHA1';
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** Codes one step before and after the current one are accepted too (clock drift). */
export const TOTP_WINDOW_STEPS = 1;
/** RFC 4226 recommends 160 bits, the length of an HMAC-SHA1 key. */
export const TOTP_SECRET_BYTES = 20;

/** Recovery codes handed out when two-factor sign-in is turned on; each works once. */
export const RECOVERY_CODE_COUNT = 10;

/** How long the password step's challenge waits for the code. */
export const TWO_FACTOR_CHALLENGE_TTL_SECONDS = 5 * 60;
/** Wrong codes one challenge (or one password-reset link) accepts before it is void. */
export const TWO_FACTOR_MAX_ATTEMPTS = 5;
/**
 * Wrong codes one account accepts within the window, across challenges: a password thief who
 * starts challenge after challenge still gets only this many guesses at a 6-digit code.
 */
export const TWO_FACTOR_ACCOUNT_FAILURE_LIMIT = 10;
export const TWO_FACTOR_ACCOUNT_FAILURE_WINDOW_MINUTES = 15;

/** Messages of the two-factor flows (server and pages share them). */
export const TwoFactorMessage = {
  INVALID_CODE: 'Invalid authentication code',
  INVALID_RECOVERY_CODE: 'Invalid recovery code, or one that was already used',
  CHALLENGE_EXPIRED: 'Your sign-in has expired. Please sign in again.',
  TOO_MANY_ATTEMPTS: 'Too many wrong codes. Please sign in again.',
  ACCOUNT_LOCKED: `Too many wrong codes for this account. Try again in ${TWO_FACTOR_ACCOUNT_FAILURE_WINDOW_MINUTES} minutes.`,
  CODE_REQUIRED: 'This account uses two-factor sign-in: enter an authentication code or a recovery code',
  CODE_FORMAT: `Authentication code must be ${TOTP_DIGITS} digits`,
  CODE_REQUIRED_FIELD: 'Authentication code is required',
  RECOVERY_CODE_REQUIRED: 'Recovery code is required',
  ONE_FACTOR: 'Give either an authentication code or a recovery code, not both',
  ALREADY_ENABLED: 'Two-factor sign-in is already on',
  NOT_ENABLED: 'Two-factor sign-in is not on',
  SETUP_NOT_STARTED: 'Start the set-up again: there is no key waiting to be confirmed',
  DEMO_ACCOUNT: 'Two-factor sign-in cannot be turned on for the shared demo account',
  UNAVAILABLE: 'Authentication codes cannot be checked right now. Use a recovery code, or ask your administrator.',
  ENABLED: 'Two-factor sign-in is on',
  DISABLED: 'Two-factor sign-in is off',
  RECOVERY_CODES_REPLACED: 'New recovery codes created: the old ones no longer work',
  WRONG_PASSWORD: 'Incorrect password',
} as const;

/** `GET /auth/me` and the account export: whether the second factor is on (never the secret). */
export interface TwoFactorStatus {
  enabled: boolean;
  /** When it was turned on; null when off. */
  enabledAt: string | null;
  /** Unused recovery codes; 0 when off. */
  recoveryCodesRemaining: number;
}

/** `GET /auth/me`. */
export interface MeResponse {
  user: User;
  twoFactor: TwoFactorStatus;
}

/** `POST /auth/2fa/setup`: a new key to scan; nothing is on until `/auth/2fa/enable` confirms a code. */
export interface TwoFactorSetupResponse {
  /** Base32, for typing into the app by hand. */
  secret: string;
  otpauthUri: string;
  /** The otpauth URI as a QR code, an SVG document rendered by the server (no third party sees the key). */
  qrSvg: string;
}

/** `POST /auth/2fa/enable` and `POST /auth/2fa/recovery-codes`: the codes in clear, shown this once. */
export interface RecoveryCodesResponse {
  message: string;
  recoveryCodes: string[];
}

/** `POST /auth/login` for an account with two-factor sign-in: no tokens yet, a challenge to answer. */
export interface TwoFactorChallengeResponse {
  twoFactorRequired: true;
  /** Opaque; posted back to `/auth/login/2fa` with the code. */
  challenge: string;
  expiresAt: string;
}

export type LoginResponse = AuthResponse | TwoFactorChallengeResponse;

export const isTwoFactorChallenge = (answer: LoginResponse): answer is TwoFactorChallengeResponse =>
  'twoFactorRequired' in answer && answer.twoFactorRequired === true;

/** `POST /auth/reset-password/check`: the link is good, and whether the reset will ask for a code. */
export interface ResetTokenCheckResponse {
  valid: true;
  twoFactorRequired: boolean;
}

/** The second factor as a request gives it: a code from the app, or one recovery code. */
export type SecondFactor = { code: string; recoveryCode?: undefined } | { recoveryCode: string; code?: undefined };
