import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { type ApiFailure, ErrorCode, ErrorMessage, errorCodeOfStatus, type RpcErrorPayload } from '@kith/contracts';
import type { Response } from 'express';
import { throwError } from 'rxjs';
import { AppError } from '../errors/app-error.js';

/** Normalises any thrown value into an AppError so HTTP and RPC answers share one shape. */
export function toAppError(exception: unknown): AppError {
  if (exception instanceof AppError) return exception;
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const response = exception.getResponse();
    const message =
      typeof response === 'string'
        ? response
        : Array.isArray((response as { message?: unknown }).message)
          ? (response as { message: string[] }).message.join('; ')
          : String((response as { message?: unknown }).message ?? exception.message);
    return new AppError(errorCodeOfStatus(status), message);
  }
  // body-parser and multer errors carry an HTTP status of their own.
  const status =
    (exception as { status?: unknown; statusCode?: unknown })?.status ??
    (exception as { statusCode?: unknown })?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new AppError(errorCodeOfStatus(status), (exception as Error).message);
  }
  return new AppError(ErrorCode.INTERNAL_ERROR, ErrorMessage.INTERNAL_ERROR);
}

/** The one place errors leave a service: the envelope for HTTP, `{code, message}` for NATS. */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Exceptions');

  catch(exception: unknown, host: ArgumentsHost) {
    const error = toAppError(exception);
    if (error.code === ErrorCode.INTERNAL_ERROR)
      this.logger.error(exception instanceof Error ? exception.stack : String(exception));

    if (host.getType() === 'rpc') {
      const payload: RpcErrorPayload = { code: error.code, message: error.message };
      return throwError(() => payload);
    }
    const response = host.switchToHttp().getResponse<Response>();
    const body: ApiFailure = { success: false, error: error.message, code: error.code };
    if (error.details?.length) body.details = error.details;
    response.status(error.status).json(body);
  }
}
