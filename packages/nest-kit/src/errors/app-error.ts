import { type ErrorCode, ErrorCode as Codes, type FieldError, httpStatusOf } from '@kith/contracts';

/** The one error type services throw; the filters turn it into the envelope (HTTP) or an RPC error. */
export class AppError extends Error {
  override readonly name = 'AppError';

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: FieldError[],
  ) {
    super(message);
  }

  get status(): number {
    return httpStatusOf(this.code);
  }

  static notFound(what: string): AppError {
    return new AppError(Codes.NOT_FOUND, `${what} not found`);
  }

  static validation(details: FieldError[]): AppError {
    const message = details.map((detail) => `${detail.field}: ${detail.message}`).join('; ');
    return new AppError(Codes.VALIDATION_ERROR, message || 'Validation failed', details);
  }

  static unauthorized(message: string): AppError {
    return new AppError(Codes.UNAUTHORIZED, message);
  }
}
