import { ErrorCode } from '@kith/contracts';
import { ByteLimit, declaresMoreThan, dropRestOfBody, toAppError } from '@kith/nest-kit';
import express, { type ErrorRequestHandler, type Request, type RequestHandler } from 'express';
import type { IncomingMessage } from 'node:http';
import type { Readable, Writable } from 'node:stream';
import type { GatewayConfig } from '../config/gateway.config.js';
import { sendError } from '../http-error.js';
import { LARGE_JSON_PATHS } from '../proxy/routes.js';

/** What the proxy's request fails with when the client's body passes MAX_UPLOAD_BYTES. */
export class UploadTooLargeError extends Error {
  readonly code = 'PAYLOAD_TOO_LARGE';
}

export const uploadTooLargeMessage = (config: GatewayConfig) =>
  `Request body is larger than ${config.MAX_UPLOAD_BYTES} bytes`;

/**
 * JSON bodies are parsed (and size-limited) here so malformed JSON is a 400 at the edge; the proxy
 * re-serialises them. Other bodies (multipart uploads, CardDAV) stream through: refused at once
 * when their Content-Length is too large, and counted as they arrive (see `countedBody`).
 */
export function bodyLimits(config: GatewayConfig): { parse: RequestHandler[]; onError: ErrorRequestHandler } {
  const capUploads: RequestHandler = (req, res, next) => {
    if (!req.is('application/json') && declaresMoreThan(req, config.MAX_UPLOAD_BYTES))
      return sendError(res, ErrorCode.PAYLOAD_TOO_LARGE, uploadTooLargeMessage(config));
    next();
  };
  const standardJson = express.json({ limit: config.JSON_BODY_LIMIT });
  const largeJson = express.json({ limit: config.LARGE_JSON_BODY_LIMIT });
  const parseJson: RequestHandler = (req, res, next) =>
    (LARGE_JSON_PATHS.has(req.originalUrl.split('?')[0]!) ? largeJson : standardJson)(req, res, next);
  const onError: ErrorRequestHandler = (error, req, res, next) => {
    if (!error) return next();
    const appError = toAppError(error);
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

/** A streamed body on its way to the upstream request, which it ends with an error past the limit. */
class CountedBody extends ByteLimit {
  private upstream?: Writable;

  override pipe<Destination extends NodeJS.WritableStream>(destination: Destination, options?: { end?: boolean }) {
    this.upstream = destination as unknown as Writable;
    return super.pipe(destination, options);
  }

  failUpstream(error: Error): boolean {
    this.upstream?.destroy(error);
    return this.upstream !== undefined;
  }
}

/**
 * The body the proxy sends upstream for a request whose body was not parsed here: the client's
 * bytes, counted as they arrive, so a chunked upload (no Content-Length) is cut off with a 413 at
 * MAX_UPLOAD_BYTES instead of streaming on without end. Undefined when there is no such body.
 */
export function countedBody(req: IncomingMessage, config: GatewayConfig): Readable | undefined {
  if ((req as Request).body !== undefined) return undefined;
  const hasBody = req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
  if (!hasBody) return undefined;
  const res = (req as Request).res;
  const counted: CountedBody = new CountedBody(config.MAX_UPLOAD_BYTES, () => {
    const error = new UploadTooLargeError(uploadTooLargeMessage(config));
    // The proxy's error handler answers the 413 once the upstream request fails.
    if (!counted.failUpstream(error) && res) sendError(res, ErrorCode.PAYLOAD_TOO_LARGE, error.message);
  });
  // The upstream answered (its own 413, a 401...) while the client is still sending: the rest is
  // neither forwarded nor kept.
  res?.once('finish', () => {
    if (req.complete) return;
    counted.failUpstream(new Error('answered before the request body arrived'));
    dropRestOfBody(req);
  });
  return req.pipe(counted);
}
