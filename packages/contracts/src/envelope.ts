import type { z } from 'zod';
import type { apiFailureSchema, fieldErrorSchema } from './api/envelope.schemas.js';
import { ErrorCode } from './error-codes.js';

/**
 * The API envelope (`{success, data}` or `{success: false, error, code, details?}`; schemas in
 * api/envelope.schemas.ts), the error codes' HTTP statuses and their messages for people.
 */

/** Generic, so written out; `apiSuccessSchema(data)` describes the same shape for one payload. */
export interface ApiSuccess<T> {
  success: true;
  data: T;
}
export type FieldError = z.infer<typeof fieldErrorSchema>;
export type ApiFailure = z.infer<typeof apiFailureSchema>;

export type ApiResponse<T> = ApiSuccess<T> | ApiFailure;

export { ErrorCode };

/**
 * 401 codes that answer a credential typed for this request (a password re-typed to confirm, an
 * authentication code): the session is fine, so a client must not refresh it and retry.
 */
export const CREDENTIAL_ERROR_CODES: readonly string[] = [
  ErrorCode.INVALID_CREDENTIALS,
  ErrorCode.TWO_FACTOR_REQUIRED,
  ErrorCode.INVALID_TWO_FACTOR_CODE,
  ErrorCode.TWO_FACTOR_CHALLENGE_INVALID,
];

/** HTTP status of each code; the exhaustive switch makes an unmapped new code a compile error. */
export function httpStatusOf(code: ErrorCode): number {
  switch (code) {
    case ErrorCode.VALIDATION_ERROR:
    case ErrorCode.BAD_REQUEST:
    case ErrorCode.INVALID_RESET_TOKEN:
      return 400;
    case ErrorCode.UNAUTHORIZED:
    case ErrorCode.INVALID_CREDENTIALS:
    case ErrorCode.TWO_FACTOR_REQUIRED:
    case ErrorCode.INVALID_TWO_FACTOR_CODE:
    case ErrorCode.TWO_FACTOR_CHALLENGE_INVALID:
      return 401;
    case ErrorCode.FORBIDDEN:
    case ErrorCode.STEP_UP_REQUIRED:
    case ErrorCode.REGISTRATION_CLOSED:
    case ErrorCode.EMAIL_NOT_VERIFIED:
      return 403;
    case ErrorCode.NOT_FOUND:
      return 404;
    case ErrorCode.CONFLICT:
    case ErrorCode.EMAIL_TAKEN:
    case ErrorCode.EMAIL_NOT_CONFIGURED:
      return 409;
    case ErrorCode.LINK_EXPIRED:
    case ErrorCode.LINK_USED:
      return 410;
    case ErrorCode.PAYLOAD_TOO_LARGE:
      return 413;
    case ErrorCode.UNSUPPORTED_MEDIA_TYPE:
      return 415;
    case ErrorCode.RATE_LIMITED:
      return 429;
    case ErrorCode.INTERNAL_ERROR:
      return 500;
    case ErrorCode.SERVICE_UNAVAILABLE:
      return 503;
    case ErrorCode.UPSTREAM_TIMEOUT:
      return 504;
    default: {
      const unmapped: never = code;
      throw new Error(`Unmapped error code ${String(unmapped)}`);
    }
  }
}

/** Code for an HTTP status, for errors that arrive without one (framework or proxy errors). */
export function errorCodeOfStatus(status: number): ErrorCode {
  const byStatus: Record<number, ErrorCode> = {
    400: ErrorCode.BAD_REQUEST,
    401: ErrorCode.UNAUTHORIZED,
    403: ErrorCode.FORBIDDEN,
    404: ErrorCode.NOT_FOUND,
    409: ErrorCode.CONFLICT,
    413: ErrorCode.PAYLOAD_TOO_LARGE,
    415: ErrorCode.UNSUPPORTED_MEDIA_TYPE,
    429: ErrorCode.RATE_LIMITED,
    503: ErrorCode.SERVICE_UNAVAILABLE,
    504: ErrorCode.UPSTREAM_TIMEOUT,
  };
  return byStatus[status] ?? (status >= 500 ? ErrorCode.INTERNAL_ERROR : ErrorCode.BAD_REQUEST);
}

/** Messages people read for errors that have one fixed wording. */
export const ErrorMessage = {
  INVALID_CREDENTIALS: 'Invalid email or password',
  EMAIL_TAKEN: 'An account with this email already exists',
  EMAIL_NOT_CONFIGURED: 'E-mail is not configured on this server, so Kith cannot send e-mail.',
  INVALID_RESET_TOKEN: 'Invalid or expired reset token',
  MISSING_RESET_TOKEN: 'Invalid or missing reset token',
  UNAUTHORIZED: 'Authentication required',
  INVALID_REFRESH_TOKEN: 'Invalid or expired refresh token',
  RATE_LIMITED: 'Too many requests, please try again later',
  SERVICE_UNAVAILABLE: 'Service temporarily unavailable',
  UPSTREAM_TIMEOUT: 'The service took too long to respond',
  NOT_FOUND: 'Not found',
  INTERNAL_ERROR: 'An unexpected error occurred',
  FORGOT_PASSWORD_SENT: "If an account with that email exists, we've sent you a password reset link.",
  PASSWORD_UPDATED: 'Password updated successfully',
  LOGGED_OUT: 'Logged out successfully',
  EMAIL_LINK_INVALID: 'This link is not valid. Open Kith to see your reminders.',
  EMAIL_LINK_EXPIRED:
    'This link has expired: links in reminder e-mails work for 7 days. Open Kith to act on your reminders.',
  EMAIL_LINK_USED: 'This link has already been used. Open Kith to see your reminders.',
  EMAIL_LINK_CONTACT_GONE: 'This contact no longer exists.',
} as const;
