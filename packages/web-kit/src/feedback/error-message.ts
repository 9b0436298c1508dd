import { ErrorMessage } from '@kith/contracts';
import { isApiError } from '../api/api-error.js';

/**
 * The one way screens word a failure: the supplied fallback, else the server's error field, else the
 * error's own message, else 'An unexpected error occurred'.
 */
export function getErrorMessage(error: unknown, fallback?: string): string {
  if (fallback) return fallback;
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return ErrorMessage.INTERNAL_ERROR;
}

/** For the screens where the server's error field wins over the screen's own wording. */
export function serverErrorOr(error: unknown, fallback: string): string {
  return isApiError(error) && error.fromServer && error.message ? error.message : fallback;
}
