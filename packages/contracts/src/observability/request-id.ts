/**
 * One id follows a user action across processes: the gateway keeps a valid incoming
 * `X-Request-Id` or makes one, forwards it to services over HTTP and in NATS message headers,
 * and returns it in the response.
 */
export const REQUEST_ID_HEADER = 'x-request-id';

/** What a client may send as its own id: short, printable, no spaces (it lands in logs verbatim). */
const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{8,128}$/;

export function isValidRequestId(value: unknown): value is string {
  return typeof value === 'string' && REQUEST_ID_PATTERN.test(value);
}
