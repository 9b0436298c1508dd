import { type ErrorCode, ErrorCode as Codes, type FieldError, httpStatusOf } from '@kith/contracts';

/** The one error type services throw; the filters turn it into the envelope (HTTP) or an RPC error. */
export class AppError extends Error {
  override readonly name = 'AppError';

  /** `cause` is for logs and records only: the filters never put it in an answer. */
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: FieldError[],
    cause?: unknown,
  ) {
    super(message, cause === undefined ? undefined : { cause });
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

/** An error's message with the messages of its causes, for logs and records (never for answers). */
export function internalReason(error: unknown): string {
  const parts: string[] = [];
  for (let current: unknown = error; current !== undefined && parts.length < 5;) {
    parts.push(current instanceof Error ? current.message : String(current));
    current = current instanceof Error ? current.cause : undefined;
  }
  return parts.join(': ');
}
