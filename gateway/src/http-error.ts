import { type ApiFailure, type ErrorCode, httpStatusOf } from '@kith/contracts';
import type { ServerResponse } from 'node:http';

/** Writes the error envelope on a raw response (middleware runs outside Nest's filters). */
export function sendError(res: ServerResponse, code: ErrorCode, message: string): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body: ApiFailure = { success: false, error: message, code };
  res.writeHead(httpStatusOf(code), { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}
