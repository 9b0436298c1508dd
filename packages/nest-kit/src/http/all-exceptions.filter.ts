import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { type ApiFailure, ErrorCode, ErrorMessage, errorCodeOfStatus, type RpcErrorPayload } from '@kith/contracts';
import type { Request, Response } from 'express';
import { throwError } from 'rxjs';
import { AppError } from '../errors/app-error.js';
import { answerBeforeBody } from './request-body.js';

/** Normalises any thrown value into an AppError so HTTP and RPC answers share one shape. */
export function toAppError(exception: unknown): AppError {
  if (exception instanceof AppError) return exception;
  // body-parser's own text is the JSON engine's ("Unexpected token } in JSON at position 7").
  if ((exception as { type?: unknown })?.type === 'entity.parse.failed')
    return new AppError(ErrorCode.BAD_REQUEST, 'Malformed JSON body');
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    // The router's own 404 reads "Cannot GET /path", the framework's signature phrase.
    if (status === 404) return new AppError(ErrorCode.NOT_FOUND, ErrorMessage.NOT_FOUND);
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
    const http = host.switchToHttp();
    writeErrorResponse(http.getRequest<Request>(), http.getResponse<Response>(), error);
  }
}

/**
 * The error envelope on an HTTP response, for the filter and for code that must answer before a
 * handler would (an upload refused while it streams in). A response already answered is left as
 * it is, or cut off if it is half-written (a streamed export failing midway must not look complete).
 */
export function writeErrorResponse(request: Request | undefined, response: Response, error: AppError): void {
  if (response.headersSent) {
    if (!response.writableEnded) response.destroy();
    return;
  }
  const body: ApiFailure = { success: false, error: error.message, code: error.code };
  if (error.details?.length) body.details = error.details;
  if (request) answerBeforeBody(request, response);
  response.status(error.status).json(body);
}
