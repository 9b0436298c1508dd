import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { Transform, type TransformCallback } from 'node:stream';

/** How long the rest of a refused body may keep arriving before its connection is closed. */
export const REFUSED_BODY_LINGER_MS = 5_000;

/**
 * Call before answering a request whose body may still be arriving (a 413 for an upload, a 401
 * before one was read). Once the answer is out, the rest of the body is read and dropped (see
 * `dropRestOfBody`). When the connection is to close after the answer (the request asked for
 * `Connection: close`, as a proxy forwarding a chunked body does), it is closed the lingering
 * way of RFC 9112 §9.6: our side is shut after the answer, but the client's bytes are still read
 * until it stops sending or the linger is over. Node would otherwise close it at once, resetting
 * the connection under a client still sending, which then may never read the answer.
 */
export function answerBeforeBody(req: IncomingMessage, res: ServerResponse): void {
  if (req.complete || req.destroyed || res.headersSent) return;
  res.once('finish', () => dropRestOfBody(req));
  const socket = req.socket as Socket & { destroySoon?: () => void };
  socket.destroySoon = () => void socket.end();
}

/**
 * What is left of a refused body is read and dropped, never kept, and the connection is closed
 * once the body ends or the linger is over.
 */
export function dropRestOfBody(req: IncomingMessage, lingerMs = REFUSED_BODY_LINGER_MS): void {
  if (req.complete || req.destroyed) return;
  const timer = setTimeout(() => req.destroy(), lingerMs);
  timer.unref();
  const stop = () => clearTimeout(timer);
  req.once('end', stop);
  req.once('close', stop);
  req.unpipe();
  req.resume();
}

/**
 * Passes a request body on while counting the bytes actually received (Content-Length may be
 * absent, chunked, or a lie). Past `maxBytes` it passes nothing more, stops reading the source
 * and calls `onTooLarge` once: the caller answers 413 and ends the consumer.
 */
export class ByteLimit extends Transform {
  private received = 0;
  private exceeded = false;

  constructor(
    readonly maxBytes: number,
    private readonly onTooLarge: () => void,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (this.exceeded) return callback();
    this.received += chunk.length;
    if (this.received <= this.maxBytes) return callback(null, chunk);
    this.exceeded = true;
    callback();
    this.onTooLarge();
  }
}

/** The declared Content-Length when it is already over `maxBytes` (refused before reading a byte). */
export const declaresMoreThan = (req: IncomingMessage, maxBytes: number): boolean =>
  Number(req.headers['content-length'] ?? 0) > maxBytes;
