import {
  NatsSubject,
  type PasswordResetMailQueued,
  type PasswordResetMailRequest,
  type RetryPreset,
  retryDelayMs,
} from '@kith/contracts';
import { internalReason, NatsClient } from '@kith/nest-kit';
import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';

/** Waits between attempts to reach notifications: 1 s doubling to a minute, until the link expires. */
export const RESET_MAIL_RETRY: RetryPreset = {
  maxAttempts: Number.POSITIVE_INFINITY,
  baseDelayMs: 1000,
  maxDelayMs: 60_000,
};

export interface DeliveryClock {
  now(): number;
  wait(ms: number): Promise<void>;
}

const realClock: DeliveryClock = {
  now: () => Date.now(),
  wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms).unref()),
};

/**
 * Calls `send` until it succeeds; true then. False once the next attempt would start after
 * `deadline`, or when `stopped()` says the process is shutting down.
 */
export async function sendUntilAcknowledged(
  send: () => Promise<unknown>,
  deadline: number,
  {
    clock = realClock,
    stopped = () => false,
    onRetry = () => {},
  }: { clock?: DeliveryClock; stopped?: () => boolean; onRetry?: (error: Error, delayMs: number) => void } = {},
): Promise<boolean> {
  for (let failures = 1; ; failures += 1) {
    try {
      await send();
      return true;
    } catch (error) {
      const delayMs = retryDelayMs(failures, RESET_MAIL_RETRY);
      if (stopped() || clock.now() + delayMs >= deadline) return false;
      onRetry(error as Error, delayMs);
      await clock.wait(delayMs);
      if (stopped()) return false;
    }
  }
}

/**
 * Hands reset mails to the notifications service. The caller never waits (forgot-password must
 * answer alike for known and unknown emails); notifications acknowledges once the mail is in its
 * outbox, and until then the request is retried, so a notifications restart or outage no longer
 * loses the mail. The retries live in this process: if auth itself restarts meanwhile, the user
 * asks again.
 */
@Injectable()
export class PasswordResetMailClient implements OnApplicationShutdown {
  private readonly logger = new Logger(PasswordResetMailClient.name);
  private shuttingDown = false;

  constructor(@Inject(NatsClient) private readonly nats: NatsClient) {}

  requestMail(request: PasswordResetMailRequest): void {
    const subject = NatsSubject.NOTIFICATIONS_QUEUE_PASSWORD_RESET_MAIL;
    void sendUntilAcknowledged(
      () => this.nats.request<PasswordResetMailQueued>(subject, request),
      Date.parse(request.expiresAt),
      {
        stopped: () => this.shuttingDown,
        onRetry: (error, delayMs) =>
          this.logger.warn(
            `Reset mail for user ${request.userId} not queued yet (${internalReason(error)}); retrying in ${delayMs} ms`,
          ),
      },
    ).then((queued) => {
      if (!queued)
        this.logger.error(
          `Reset mail for user ${request.userId} was never queued: notifications did not answer before the link expired`,
        );
    });
  }

  onApplicationShutdown(): void {
    this.shuttingDown = true;
  }
}
