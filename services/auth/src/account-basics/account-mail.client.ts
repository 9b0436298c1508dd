import { type AccountMailRequest, NatsSubject, type PasswordResetMailQueued } from '@kith/contracts';
import { internalReason, NatsClient } from '@kith/nest-kit';
import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { sendUntilAcknowledged } from '../auth/password-reset-mail.client.js';

/** A mail without a link of its own ("your password changed") is retried this long. */
const NOTICE_RETRY_MS = 60 * 60_000;

/**
 * Hands account mails (confirm an address, an invitation, "your password changed") to the
 * notifications service, which alone sends mail; retried until it acknowledges or the link expires.
 */
@Injectable()
export class AccountMailClient implements OnApplicationShutdown {
  private readonly logger = new Logger(AccountMailClient.name);
  private shuttingDown = false;

  constructor(@Inject(NatsClient) private readonly nats: NatsClient) {}

  requestMail(request: AccountMailRequest): void {
    const deadline = request.expiresAt ? Date.parse(request.expiresAt) : Date.now() + NOTICE_RETRY_MS;
    void sendUntilAcknowledged(
      () => this.nats.request<PasswordResetMailQueued>(NatsSubject.NOTIFICATIONS_QUEUE_ACCOUNT_MAIL, request),
      deadline,
      {
        stopped: () => this.shuttingDown,
        onRetry: (error, delayMs) =>
          this.logger.warn(`${request.kind} mail not queued yet (${internalReason(error)}); retrying in ${delayMs} ms`),
      },
    ).then((queued) => {
      if (!queued) this.logger.error(`${request.kind} mail was never queued: notifications did not answer in time`);
    });
  }

  onApplicationShutdown(): void {
    this.shuttingDown = true;
  }
}
