import { ErrorCode } from '@kith/contracts';
import { AppError, toAppError } from '@kith/nest-kit';
import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import type { GatewayConfig } from '../config/gateway.config.js';
import { sendError } from '../http-error.js';
import { LARGE_JSON_PATHS } from '../proxy/routes.js';

/**
 * JSON bodies are parsed (and size-limited) here so malformed JSON is a 400 at the edge; the proxy
 * re-serialises them. Other bodies (multipart uploads) stream through, capped by Content-Length.
 */
export function bodyLimits(config: GatewayConfig): { parse: RequestHandler[]; onError: ErrorRequestHandler } {
  const capUploads: RequestHandler = (req, res, next) => {
    const length = Number(req.headers['content-length'] ?? 0);
    if (!req.is('application/json') && length > config.MAX_UPLOAD_BYTES) {
      res.setHeader('connection', 'close');
      return sendError(
        res,
        ErrorCode.PAYLOAD_TOO_LARGE,
        `Request body is larger than ${config.MAX_UPLOAD_BYTES} bytes`,
      );
    }
    next();
  };
  const standardJson = express.json({ limit: config.JSON_BODY_LIMIT });
  const largeJson = express.json({ limit: config.LARGE_JSON_BODY_LIMIT });
  const parseJson: RequestHandler = (req, res, next) =>
    (LARGE_JSON_PATHS.has(req.originalUrl.split('?')[0]!) ? largeJson : standardJson)(req, res, next);
  const onError: ErrorRequestHandler = (error, req, res, next) => {
    if (!error) return next();
    const appError =
      (error as { type?: string }).type === 'entity.parse.failed'
        ? new AppError(ErrorCode.BAD_REQUEST, 'Malformed JSON body')
        : toAppError(error);
    const limit = LARGE_JSON_PATHS.has(req.originalUrl.split('?')[0]!)
      ? config.LARGE_JSON_BODY_LIMIT
      : config.JSON_BODY_LIMIT;
    sendError(
      res,
      appError.code,
      appError.code === ErrorCode.PAYLOAD_TOO_LARGE ? `JSON body is larger than ${limit}` : appError.message,
    );
  };
  return { parse: [capUploads, parseJson], onError };
}
