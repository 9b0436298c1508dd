import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { ClientProxy, NatsRecordBuilder } from '@nestjs/microservices';
import { headers as natsHeaders } from '@nats-io/transport-node';
import { ErrorCode, ErrorMessage, REQUEST_ID_HEADER, type RpcErrorPayload } from '@kith/contracts';
import { firstValueFrom, timeout, TimeoutError } from 'rxjs';
import { AppError } from '../errors/app-error.js';
import { natsRequestDuration, natsRequestTimeouts } from '../observability/metrics.js';
import { currentRequestId } from '../observability/request-context.js';

export const NATS_CLIENT_PROXY = Symbol('NATS_CLIENT_PROXY');
export const NATS_TIMEOUT_MS = Symbol('NATS_TIMEOUT_MS');

function isRpcErrorPayload(value: unknown): value is RpcErrorPayload {
  return typeof value === 'object' && value !== null && 'code' in value && 'message' in value;
}

/** The payload with the current request id in its NATS headers, so the receiver logs the same id. */
function withRequestId<Payload>(payload: Payload) {
  const requestId = currentRequestId();
  if (!requestId) return payload;
  const headers = natsHeaders();
  headers.set(REQUEST_ID_HEADER, requestId);
  return new NatsRecordBuilder(payload).setHeaders(headers).build();
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
    const stopTimer = natsRequestDuration.startTimer({ subject });
    try {
      const answer = await firstValueFrom(
        this.proxy.send<Response>(subject, withRequestId(payload)).pipe(timeout(timeoutMs)),
      );
      stopTimer({ outcome: 'ok' });
      return answer;
    } catch (error) {
      if (isRpcErrorPayload(error)) {
        stopTimer({ outcome: 'error' });
        throw new AppError(error.code, error.message);
      }
      const timedOut = error instanceof TimeoutError;
      stopTimer({ outcome: timedOut ? 'timeout' : 'unavailable' });
      if (timedOut) natsRequestTimeouts.inc({ subject });
      const reason = timedOut ? `no answer within ${timeoutMs} ms` : (error as Error)?.message;
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
    await firstValueFrom(this.proxy.emit<unknown>(subject, withRequestId(payload)).pipe(timeout(this.timeoutMs)), {
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
