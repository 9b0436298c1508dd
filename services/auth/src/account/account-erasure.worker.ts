import {
  ACCESS_TOKEN_TTL_SECONDS,
  type AccountErasureAcknowledged,
  type AccountErasureRequest,
  ErasingService,
  NatsSubject,
  type NotificationsErasureRequest,
  retryDelayMs,
} from '@kith/contracts';
import { internalReason, NatsClient } from '@kith/nest-kit';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { AUTH_CONFIG, type AuthConfig } from '../config/auth.config.js';
import type { AccountErasure } from '../generated/prisma/client.js';
import { AccountErasuresRepository } from './account-erasures.repository.js';

/** Requests handled per sweep; the rest wait for the next one. */
const SWEEP_BATCH = 100;

/**
 * Delivers filed erasure requests until each service acknowledges: right after the account is
 * deleted, then every ERASURE_SWEEP_INTERVAL_MS with a doubling back-off per request. The requests
 * live in auth's database, so an outage of the other service, or a restart of auth itself, only
 * delays the erasure. The handlers are idempotent, so replicas sweeping together do no harm.
 */
@Injectable()
export class AccountErasureWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(AccountErasureWorker.name);
  private timer?: NodeJS.Timeout;
  private sweeping = false;

  constructor(
    @Inject(AccountErasuresRepository) private readonly erasures: AccountErasuresRepository,
    @Inject(NatsClient) private readonly nats: NatsClient,
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.sweep(), this.config.ERASURE_SWEEP_INTERVAL_MS).unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  /** Tries this user's requests now; true when every service has acknowledged. */
  async deliverFor(userId: string): Promise<boolean> {
    const pending = await this.erasures.findDue(new Date(), SWEEP_BATCH, userId);
    const results = await Promise.all(pending.map((erasure) => this.deliver(erasure)));
    return results.every(Boolean);
  }

  async sweep(): Promise<void> {
    if (this.sweeping) return;
    this.sweeping = true;
    try {
      const now = new Date();
      await this.erasures.purgeErasedBefore(new Date(now.getTime() - ACCESS_TOKEN_TTL_SECONDS * 1000));
      for (const erasure of await this.erasures.findDue(now, SWEEP_BATCH)) await this.deliver(erasure);
    } catch (error) {
      this.logger.error(`Erasure sweep failed: ${(error as Error).message}`);
    } finally {
      this.sweeping = false;
    }
  }

  private async deliver(erasure: AccountErasure): Promise<boolean> {
    try {
      await this.nats.request<AccountErasureAcknowledged>(...this.requestOf(erasure));
      await this.erasures.complete(erasure);
      return true;
    } catch (error) {
      const delayMs = retryDelayMs(erasure.attempts + 1, {
        maxAttempts: Number.POSITIVE_INFINITY,
        baseDelayMs: this.config.ERASURE_SWEEP_INTERVAL_MS,
        maxDelayMs: this.config.ERASURE_RETRY_MAX_DELAY_MS,
      });
      this.logger.warn(
        `Erasure of user ${erasure.userId} in ${erasure.service} not acknowledged (${internalReason(error)}); retrying in ${delayMs} ms`,
      );
      await this.erasures.postpone(erasure, new Date(Date.now() + delayMs), internalReason(error));
      return false;
    }
  }

  private requestOf(erasure: AccountErasure): [string, AccountErasureRequest | NotificationsErasureRequest] {
    switch (erasure.service) {
      case ErasingService.CONTACTS:
        return [NatsSubject.CONTACTS_ERASE_ACCOUNT, { userId: erasure.userId }];
      case ErasingService.NOTIFICATIONS:
        return [
          NatsSubject.NOTIFICATIONS_ERASE_ACCOUNT,
          { userId: erasure.userId, email: erasure.email ?? '', firstName: erasure.firstName ?? '' },
        ];
      default:
        throw new Error(`No erasure subject for service ${erasure.service}`);
    }
  }
}
