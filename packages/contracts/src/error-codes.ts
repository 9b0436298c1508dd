/** The one list of machine error codes of the API (each with its HTTP status in envelope.ts). */
export const ErrorCode = {
  VALIDATION_ERROR: 'VALIDATION_ERROR',
  BAD_REQUEST: 'BAD_REQUEST',
  INVALID_RESET_TOKEN: 'INVALID_RESET_TOKEN',
  UNAUTHORIZED: 'UNAUTHORIZED',
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  /** The account uses two-factor sign-in and the request carried no code (password reset). */
  TWO_FACTOR_REQUIRED: 'TWO_FACTOR_REQUIRED',
  /** A wrong, replayed or used authentication or recovery code. */
  INVALID_TWO_FACTOR_CODE: 'INVALID_TWO_FACTOR_CODE',
  /** The sign-in challenge is unknown, expired or used up: start again from the password. */
  TWO_FACTOR_CHALLENGE_INVALID: 'TWO_FACTOR_CHALLENGE_INVALID',
  FORBIDDEN: 'FORBIDDEN',
  /**
   * The change outlasts the access token (an app password, a feed, two-factor sign-in, the
   * password or e-mail, deleting the account): it needs a step-up grant or the password in the body.
   */
  STEP_UP_REQUIRED: 'STEP_UP_REQUIRED',
  /** Registration is by invitation, or closed, on this instance. */
  REGISTRATION_CLOSED: 'REGISTRATION_CLOSED',
  /** Mail goes only to a proven address: the account's e-mail is not confirmed yet. */
  EMAIL_NOT_VERIFIED: 'EMAIL_NOT_VERIFIED',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  EMAIL_TAKEN: 'EMAIL_TAKEN',
  /** The server has no mail server configured (SMTP_URL), so it cannot send e-mail. */
  EMAIL_NOT_CONFIGURED: 'EMAIL_NOT_CONFIGURED',
  /** A one-click e-mail link past its validity, or already used. */
  LINK_EXPIRED: 'LINK_EXPIRED',
  LINK_USED: 'LINK_USED',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  RATE_LIMITED: 'RATE_LIMITED',
  INTERNAL_ERROR: 'INTERNAL_ERROR',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  UPSTREAM_TIMEOUT: 'UPSTREAM_TIMEOUT',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
