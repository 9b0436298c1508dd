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
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  EMAIL_TAKEN: 'EMAIL_TAKEN',
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
