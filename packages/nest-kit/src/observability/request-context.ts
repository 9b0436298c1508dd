import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { isValidRequestId } from '@kith/contracts';

/** The request id of the HTTP request or NATS message being handled, for logs and outgoing calls. */
const storage = new AsyncLocalStorage<{ requestId: string }>();

export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

export function runWithRequestId<T>(requestId: string, work: () => T): T {
  return storage.run({ requestId }, work);
}

/** A caller's id when it is valid, else a new one (an invalid id never reaches a log line). */
export function requestIdOrNew(value: unknown): string {
  return isValidRequestId(value) ? value : randomUUID();
}
