import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { retryDelayMs, type RetryPreset } from '@kith/contracts';
import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from '../config/notifications.config.js';
import { EMAIL_NOT_CONFIGURED_REASON, isPermanentSmtpFailure, MailTransport } from '../mail/mail-transport.service.js';
import { WebhookError, WebhookTransport } from '../webhooks/webhook-transport.service.js';
import { WebhooksRepository } from '../webhooks/webhooks.repository.js';
import { deliveries } from '../metrics/notifications-metrics.service.js';
import { OutboxRepository } from './outbox.repository.js';
import {
  Channel,
  type ClaimedMessage,
  type DailyReminderCandidate,
  type DeliveryOutcome,
  MessageKind,
  type NewOutboxMessage,
  OutboxStatus,
} from './outbox.types.js';

/** Mails whose body must not outlive delivery (a reset link is a credential). */
const SENSITIVE_KINDS: ReadonlySet<string> = new Set([MessageKind.PASSWORD_RESET]);

/**
 * Decides what one delivery attempt means for the row: sent, retried later with exponential
 * backoff (transient failures: server down, 4xx), or given up (5xx refusal, last attempt, expired).
 */
export async function attemptDelivery(
  email: ClaimedMessage,
  send: (email: ClaimedMessage) => Promise<void>,
  policy: RetryPreset,
  now: Date = new Date(),
): Promise<DeliveryOutcome> {
  if (email.expiresAt && email.expiresAt.getTime() <= now.getTime()) {
    return { status: OutboxStatus.EXPIRED, error: 'Expired before it could be delivered' };
  }
  try {
    await send(email);
    return { status: OutboxStatus.SENT, clearBody: SENSITIVE_KINDS.has(email.kind) };
  } catch (error) {
    const message = (error as Error).message ?? String(error);
    const attempts = email.attempts + 1;
    const permanent = isPermanentSmtpFailure(error) || (error instanceof WebhookError && error.permanent);
    if (permanent || attempts >= policy.maxAttempts) return { status: OutboxStatus.FAILED, error: message };
    return {
      status: OutboxStatus.PENDING,
      retryAt: new Date(now.getTime() + retryDelayMs(attempts, policy)),
      error: message,
    };
  }
}

/**
 * Drains the outbox: a poll every OUTBOX_POLL_MS (and a kick whenever mail is queued) runs
 * OUTBOX_CONCURRENCY workers, each delivering one locked row per transaction until none is due.
 */
@Injectable()
export class OutboxDispatcher implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(OutboxDispatcher.name);
  private readonly policy: RetryPreset;
  private timer?: NodeJS.Timeout;
  private draining: Promise<void> | null = null;
  private kickedWhileDraining = false;
  private stopped = false;

  constructor(
    @Inject(NOTIFICATIONS_CONFIG) private readonly config: NotificationsConfig,
    @Inject(OutboxRepository) private readonly outbox: OutboxRepository,
    @Inject(MailTransport) private readonly transport: MailTransport,
    @Inject(WebhookTransport) private readonly webhookTransport: WebhookTransport,
    @Inject(WebhooksRepository) private readonly webhooks: WebhooksRepository,
  ) {
    this.policy = {
      maxAttempts: config.OUTBOX_MAX_ATTEMPTS,
      baseDelayMs: config.OUTBOX_BACKOFF_BASE_MS,
      maxDelayMs: config.OUTBOX_BACKOFF_MAX_MS,
    };
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => this.kick(), this.config.OUTBOX_POLL_MS);
    this.kick();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.draining;
  }

  /** Queues a message and wakes the workers. */
  async enqueue(message: NewOutboxMessage): Promise<void> {
    await this.outbox.enqueue(message);
    this.kick();
  }

  /** Queues the daily reminders of users not yet reminded that day (see OutboxRepository); how many were. */
  async enqueueDailyReminders(day: string, candidates: DailyReminderCandidate[]): Promise<number> {
    const queued = await this.outbox.enqueueDailyReminders(day, candidates);
    if (queued > 0) this.kick();
    return queued;
  }

  /**
   * Queues an email and delivers it right away, while the caller waits; true when the SMTP server
   * accepted it. Otherwise it stays queued and the workers retry it like any other.
   */
  async sendNow(email: NewOutboxMessage): Promise<boolean> {
    const status = await this.outbox.insertAndProcess(email, (claimed) => this.deliver(claimed));
    return status === OutboxStatus.SENT;
  }

  /** Starts a drain, or asks the running one to look again when it is done. */
  kick(): void {
    if (this.stopped) return;
    if (this.draining) {
      this.kickedWhileDraining = true;
      return;
    }
    this.draining = this.drain().finally(() => {
      this.draining = null;
      if (this.kickedWhileDraining) {
        this.kickedWhileDraining = false;
        this.kick();
      }
    });
  }

  private async drain(): Promise<void> {
    const worker = async () => {
      while (!this.stopped && (await this.outbox.processNextDue((email) => this.deliver(email))));
    };
    try {
      await Promise.all(Array.from({ length: this.config.OUTBOX_CONCURRENCY }, worker));
    } catch (error) {
      // Database unreachable: the next poll tries again; nothing was lost, rows stay pending.
      this.logger.error(`Outbox drain failed: ${(error as Error).message}`);
    }
  }

  private async deliver(email: ClaimedMessage): Promise<DeliveryOutcome> {
    if (email.channel === Channel.WEBHOOK) return this.deliverWebhook(email);
    if (!this.transport.configured) {
      // Without a mail server nothing is sent, now or later: a reminder or reset link that turned
      // up days after SMTP_URL was set would be stale. Given up at once (no retries), body erased.
      deliveries.inc({ channel: 'email', outcome: OutboxStatus.FAILED });
      return { status: OutboxStatus.FAILED, error: EMAIL_NOT_CONFIGURED_REASON, clearBody: true };
    }
    const outcome = await attemptDelivery(
      email,
      (claimed) => this.transport.send({ ...claimed, to: claimed.toAddress }),
      this.policy,
    );
    deliveries.inc({ channel: 'email', outcome: outcome.status });
    if (outcome.status !== OutboxStatus.SENT) {
      this.logger.warn(`${email.kind} ${email.id} attempt ${email.attempts + 1}: ${outcome.status} (${outcome.error})`);
    }
    return outcome;
  }

  /** A webhook POST, with every attempt written to the user's delivery log. */
  private async deliverWebhook(email: ClaimedMessage): Promise<DeliveryOutcome> {
    let httpStatus: number | null = null;
    const outcome = await attemptDelivery(
      email,
      async (claimed) => {
        try {
          httpStatus = await this.webhookTransport.post({
            url: claimed.toAddress,
            body: claimed.text,
            headers: claimed.headers ?? {},
          });
        } catch (error) {
          if (error instanceof WebhookError) httpStatus = error.httpStatus;
          throw error;
        }
      },
      this.policy,
    );
    deliveries.inc({ channel: 'webhook', outcome: outcome.status });
    const status =
      outcome.status === OutboxStatus.SENT
        ? 'DELIVERED'
        : outcome.status === OutboxStatus.PENDING
          ? 'RETRYING'
          : 'FAILED';
    await this.webhooks
      .logAttempt({
        userId: email.userId!,
        outboxId: email.id,
        kind: email.kind,
        url: email.toAddress,
        status,
        attempt: email.attempts + 1,
        httpStatus,
        error: outcome.status === OutboxStatus.SENT ? null : outcome.error,
      })
      .catch((error: unknown) =>
        this.logger.error(`Cannot log webhook delivery ${email.id}: ${(error as Error).message}`),
      );
    if (status !== 'DELIVERED')
      this.logger.warn(
        `webhook ${email.id} attempt ${email.attempts + 1}: ${status} (${outcome.status === OutboxStatus.SENT ? '' : outcome.error})`,
      );
    return outcome;
  }
}
