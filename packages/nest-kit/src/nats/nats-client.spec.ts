import type { ClientProxy } from '@nestjs/microservices';
import { ErrorCode } from '@kith/contracts';
import { NEVER, type Observable, of, throwError } from 'rxjs';
import { AppError } from '../errors/app-error.js';
import { NatsClient } from './nats-client.js';

const proxyAnswering = (send: () => Observable<unknown>) =>
  ({ send, emit: () => of(undefined), close: async () => {} }) as unknown as ClientProxy;

describe('NatsClient.request', () => {
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

  it('times out with a 503 when nobody answers', async () => {
    const sut = new NatsClient(
      proxyAnswering(() => NEVER),
      50,
    );
    const started = Date.now();
    const error = await sut.request('contacts.overdue.digest', {}).catch((caught: unknown) => caught);
    expect(Date.now() - started).toBeLessThan(1000);
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
