import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { AUTH_CONFIG, type AuthConfig } from '../config/auth.config.js';
import { PrismaService } from '../database/prisma.service.js';
import { EmailConfirmationsRepository } from '../account-basics/email-confirmations.repository.js';
import { LoginThrottle } from './login-throttle.js';

/** Rows deleted per statement, so a large backlog never holds locks for long. */
const PURGE_BATCH = 1000;

/**
 * Deletes refresh and reset tokens (and two-factor sign-in challenges) past their expiry, at boot and every TOKEN_PURGE_INTERVAL_MS,
 * so the tables hold live sessions rather than every token ever issued (a refresh every 15
 * minutes adds a row). An expired token cannot be exchanged anyway; reuse of a rotated token is
 * still detected for its whole 30-day life. Replicas may purge at once: deletes are idempotent.
 */
@Injectable()
export class ExpiredTokensPurger implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ExpiredTokensPurger.name);
  private timer?: NodeJS.Timeout;

  constructor(
    @Inject(PrismaService) private readonly prisma: PrismaService,
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    @Inject(LoginThrottle) private readonly throttle: LoginThrottle,
    @Inject(EmailConfirmationsRepository) private readonly links: EmailConfirmationsRepository,
  ) {}

  onApplicationBootstrap(): void {
    void this.purgeQuietly();
    this.timer = setInterval(() => void this.purgeQuietly(), this.config.TOKEN_PURGE_INTERVAL_MS).unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  async purge(now: Date = new Date()): Promise<{ refreshTokens: number; resetTokens: number; challenges: number }> {
    const refreshTokens = await this.inBatches(
      () =>
        this.prisma.$executeRaw`
        DELETE FROM refresh_tokens WHERE id IN (SELECT id FROM refresh_tokens WHERE expires_at <= ${now} LIMIT ${PURGE_BATCH})`,
    );
    const resetTokens = await this.inBatches(
      () =>
        this.prisma.$executeRaw`
        DELETE FROM password_reset_tokens WHERE id IN (SELECT id FROM password_reset_tokens WHERE expires_at <= ${now} LIMIT ${PURGE_BATCH})`,
    );
    const challenges = await this.inBatches(
      () =>
        this.prisma.$executeRaw`
        DELETE FROM two_factor_challenges WHERE id IN (SELECT id FROM two_factor_challenges WHERE expires_at <= ${now} LIMIT ${PURGE_BATCH})`,
    );
    // Passkey ceremonies nobody finished.
    await this.inBatches(
      () =>
        this.prisma.$executeRaw`
        DELETE FROM webauthn_challenges WHERE challenge IN (SELECT challenge FROM webauthn_challenges WHERE expires_at <= ${now} LIMIT ${PURGE_BATCH})`,
    );
    // Sign-in counters quiet for longer than they are remembered, and expired confirmation links.
    await this.throttle.purgeForgotten(now);
    await this.links.purgeExpired(now);
    return { refreshTokens, resetTokens, challenges };
  }

  private async inBatches(deleteBatch: () => Promise<number>): Promise<number> {
    let total = 0;
    let deleted: number;
    do {
      deleted = await deleteBatch();
      total += deleted;
    } while (deleted === PURGE_BATCH);
    return total;
  }

  private async purgeQuietly(): Promise<void> {
    try {
      const { refreshTokens, resetTokens, challenges } = await this.purge();
      if (refreshTokens || resetTokens || challenges)
        this.logger.log(
          `Purged ${refreshTokens} expired refresh and ${resetTokens} expired reset tokens, ${challenges} sign-in challenges`,
        );
    } catch (error) {
      this.logger.error(
        `Token purge failed (retried in ${this.config.TOKEN_PURGE_INTERVAL_MS} ms): ${(error as Error).message}`,
      );
    }
  }
}
