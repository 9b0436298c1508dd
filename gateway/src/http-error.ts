import { type ApiFailure, type ErrorCode, httpStatusOf } from '@kith/contracts';
import { answerBeforeBody } from '@kith/nest-kit';
import type { ServerResponse } from 'node:http';

/**
 * Writes the error envelope on a raw response (middleware runs outside Nest's filters). A body
 * still arriving (an upload refused before it was read) is dropped, and its connection closed soon.
 */
export function sendError(res: ServerResponse, code: ErrorCode, message: string): void {
  if (res.headersSent) {
    if (!res.writableEnded) res.destroy();
    return;
  }
  const body: ApiFailure = { success: false, error: message, code };
  if (res.req) answerBeforeBody(res.req, res);
  res.writeHead(httpStatusOf(code), { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}
