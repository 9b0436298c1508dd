import { ErrorCode } from '@kith/contracts';
import { AppError, toAppError } from '@kith/nest-kit';
import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import type { GatewayConfig } from '../config/gateway.config.js';
import { sendError } from '../http-error.js';

/**
 * JSON bodies are parsed (and size-limited) here so malformed JSON is a 400 at the edge; the proxy
 * re-serialises them. Other bodies (multipart uploads) stream through, capped by Content-Length.
 */
export function bodyLimits(config: GatewayConfig): { parse: RequestHandler[]; onError: ErrorRequestHandler } {
  const capUploads: RequestHandler = (req, res, next) => {
    const length = Number(req.headers['content-length'] ?? 0);
    if (length > config.MAX_UPLOAD_BYTES) {
      res.setHeader('connection', 'close');
      return sendError(res, ErrorCode.PAYLOAD_TOO_LARGE, `Request body is larger than ${config.MAX_UPLOAD_BYTES} bytes`);
    }
    next();
  };
  const onError: ErrorRequestHandler = (error, _req, res, next) => {
    if (!error) return next();
    const appError = (error as { type?: string }).type === 'entity.parse.failed'
      ? new AppError(ErrorCode.BAD_REQUEST, 'Malformed JSON body')
      : toAppError(error);
    sendError(res, appError.code, appError.code === ErrorCode.PAYLOAD_TOO_LARGE ? `JSON body is larger than ${config.JSON_BODY_LIMIT}` : appError.message);
  };
  return { parse: [capUploads, express.json({ limit: config.JSON_BODY_LIMIT })], onError };
}
