import { jest } from '@jest/globals';
import type { ClientProxy } from '@nestjs/microservices';
import { ErrorCode } from '@kith/contracts';
import { NEVER, type Observable, of, throwError } from 'rxjs';
import { AppError } from '../errors/app-error.js';
import { NatsClient } from './nats-client.js';

const proxyAnswering = (send: () => Observable<unknown>) =>
  ({ send, emit: () => of(undefined), close: async () => {} }) as unknown as ClientProxy;

describe('NatsClient.request', () => {
  afterEach(() => jest.useRealTimers());

  it('returns the reply', async () => {
    const sut = new NatsClient(
      proxyAnswering(() => of({ ok: true })),
      1000,
    );
    await expect(sut.request('subject', {})).resolves.toEqual({ ok: true });
  });

  it('turns a remote {code, message} back into the same AppError', async () => {
    const sut = new NatsClient(
      proxyAnswering(() => throwError(() => ({ code: ErrorCode.NOT_FOUND, message: 'User not found' }))),
      1000,
    );
    const error = await sut.request('subject', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'NOT_FOUND', status: 404, message: 'User not found' });
  });

  it('times out with a 503 when nobody answers, at its timeout and not before', async () => {
    // Fake timers: the timeout is checked on the clock it uses, not on a busy machine's wall clock.
    jest.useFakeTimers();
    const sut = new NatsClient(
      proxyAnswering(() => NEVER),
      5000,
    );
    let settled = false;
    const outcome = sut
      .request('contacts.overdue.digest', {})
      .catch((caught: unknown) => caught)
      .finally(() => (settled = true));
    await jest.advanceTimersByTimeAsync(4999);
    expect(settled).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(settled).toBe(true);
    const error = await outcome;
    expect(error).toMatchObject({ code: 'SERVICE_UNAVAILABLE', status: 503 });
    expect((error as Error).message).toContain('contacts.overdue.digest: timed out');
  });

  it('maps a transport failure (no responders) to 503', async () => {
    const sut = new NatsClient(
      proxyAnswering(() => throwError(() => new Error('503'))),
      1000,
    );
    await expect(sut.request('subject', {})).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  });
});
