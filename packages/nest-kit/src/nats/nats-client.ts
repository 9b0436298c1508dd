import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import { ErrorCode, ErrorMessage, type RpcErrorPayload } from '@kith/contracts';
import { firstValueFrom, timeout, TimeoutError } from 'rxjs';
import { AppError } from '../errors/app-error.js';

export const NATS_CLIENT_PROXY = Symbol('NATS_CLIENT_PROXY');
export const NATS_TIMEOUT_MS = Symbol('NATS_TIMEOUT_MS');

function isRpcErrorPayload(value: unknown): value is RpcErrorPayload {
  return typeof value === 'object' && value !== null && 'code' in value && 'message' in value;
}

/**
 * Request/reply and events over NATS. Every request has a timeout; a remote error comes back as
 * the same AppError (so a 404 stays a 404), and an absent or silent peer becomes a 503 whose
 * message says only that: the subject and the transport's reason go to the log, never to a client.
 */
@Injectable()
export class NatsClient implements OnApplicationShutdown {
  private readonly logger = new Logger(NatsClient.name);

  constructor(
    @Inject(NATS_CLIENT_PROXY) private readonly proxy: ClientProxy,
    @Inject(NATS_TIMEOUT_MS) private readonly timeoutMs: number,
  ) {}

  async request<Response, Payload = unknown>(
    subject: string,
    payload: Payload,
    timeoutMs = this.timeoutMs,
  ): Promise<Response> {
    try {
      return await firstValueFrom(this.proxy.send<Response, Payload>(subject, payload).pipe(timeout(timeoutMs)));
    } catch (error) {
      if (isRpcErrorPayload(error)) throw new AppError(error.code, error.message);
      const reason = error instanceof TimeoutError ? `no answer within ${timeoutMs} ms` : (error as Error)?.message;
      this.logger.warn(`${subject}: ${reason}`);
      throw new AppError(
        ErrorCode.SERVICE_UNAVAILABLE,
        ErrorMessage.SERVICE_UNAVAILABLE,
        undefined,
        new Error(`${subject}: ${reason}`),
      );
    }
  }

  /** Fire-and-forget event; resolves once handed to the NATS connection. */
  async emit<Payload>(subject: string, payload: Payload): Promise<void> {
    await firstValueFrom(this.proxy.emit<unknown, Payload>(subject, payload).pipe(timeout(this.timeoutMs)), {
      defaultValue: undefined,
    });
  }

  /**
   * Listens to an event subject on this process alone (no queue group: every replica hears it),
   * for state each replica keeps, such as the gateway's erased users.
   */
  async subscribe<Payload>(subject: string, onEvent: (payload: Payload) => void): Promise<void> {
    await this.proxy.connect();
    const connection = this.proxy.unwrap<{
      subscribe(
        subject: string,
        options: { callback: (error: Error | null, message: { json(): unknown }) => void },
      ): unknown;
    }>();
    connection.subscribe(subject, {
      callback: (error, message) => {
        if (!error) onEvent((message.json() as { data: Payload }).data);
      },
    });
  }

  /** Round-trips to the server: proves the connection is alive. */
  async ping(): Promise<void> {
    await this.proxy.connect();
    const connection = this.proxy.unwrap<{ flush(): Promise<void> }>();
    await Promise.race([
      connection.flush(),
      new Promise((_, reject) => setTimeout(() => reject(new Error('NATS flush timed out')), 2000)),
    ]);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.proxy.close();
  }
}
