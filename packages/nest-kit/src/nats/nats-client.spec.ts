import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { ErrorCode } from '@kith/contracts';
import { NEVER, type Observable, of, throwError } from 'rxjs';
import { AppError, internalReason } from '../errors/app-error.js';
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
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => {});
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
    // The subject and the reason are for the log; people read only that the service is unavailable.
    expect((error as Error).message).toBe('Service temporarily unavailable');
    expect(warn).toHaveBeenCalledWith('contacts.overdue.digest: no answer within 5000 ms');
  });

  it('maps a transport failure (no responders) to a 503 that names no subject', async () => {
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => {});
    const sut = new NatsClient(
      proxyAnswering(() =>
        throwError(() => new Error('Empty response. There are no subscribers listening to that message')),
      ),
      1000,
    );
    await expect(sut.request('contacts.overdue.for-user', {})).rejects.toEqual(
      expect.objectContaining({ code: 'SERVICE_UNAVAILABLE', message: 'Service temporarily unavailable' }),
    );
  });
});

describe('NatsClient failures in logs and records', () => {
  it('keeps the subject and the reason as the cause, for internalReason, out of the message', async () => {
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => {});
    const sut = new NatsClient(
      proxyAnswering(() => throwError(() => new Error('Empty response'))),
      1000,
    );
    const error = await sut.request('contacts.overdue.digest', {}).catch((caught: unknown) => caught);
    expect((error as Error).message).toBe('Service temporarily unavailable');
    expect(internalReason(error)).toBe('Service temporarily unavailable: contacts.overdue.digest: Empty response');
  });
});
