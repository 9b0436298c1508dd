import type { FieldError } from '@kith/contracts';

/**
 * A failed API call. `message` is the server's `error` field when the server answered with one
 * (`fromServer`), otherwise a description of what went wrong on the way (network, timeout).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status?: number;
  readonly code?: string;
  readonly details?: FieldError[];
  readonly fromServer: boolean;

  constructor(init: { message: string; status?: number; code?: string; details?: FieldError[]; fromServer?: boolean }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.details = init.details;
    this.fromServer = init.fromServer ?? false;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
