import { createHash } from 'node:crypto';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  NatsSubject,
  type RecentErasuresResponse,
  type UserErasedEvent,
} from '@kith/contracts';
import { BoundedMap, NatsClient } from '@kith/nest-kit';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';

const TOKEN_LIFETIME_MS = ACCESS_TOKEN_TTL_SECONDS * 1000;
/** Reload period: also covers an event this gateway missed (a NATS reconnect). */
const RELOAD_INTERVAL_MS = 30_000;
/**
 * Far above what auth can erase in one token lifetime (each erasure checks a password with
 * argon2). Entries expire after the token lifetime anyway; the cap only keeps a flood bounded,
 * dropping first the user whose token was looked up least recently (one still in use stays).
 */
export const MAX_ERASED_USERS = 100_000;

/**
 * Users erased while their access tokens (stateless JWTs) may still be unexpired. Auth broadcasts
 * each erasure; a starting gateway, and every 30 s, also reloads the recent ones from auth. Kept
 * only for the token lifetime, by SHA-256 of the user id (the form auth publishes).
 */
@Injectable()
export class ErasedUsers implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ErasedUsers.name);
  private readonly expiresAtByHash = new BoundedMap<string, number>(MAX_ERASED_USERS);
  private timer?: NodeJS.Timeout;

  constructor(@Inject(NatsClient) private readonly nats: NatsClient) {}

  /** Serves no request before it knows the recent erasures (or knows it cannot learn them yet). */
  async onApplicationBootstrap(): Promise<void> {
    // Not awaited: a gateway must start (and answer 503s) even while NATS is unreachable.
    void this.nats
      .subscribe<UserErasedEvent>(NatsSubject.AUTH_USER_ERASED, (event) => this.add(event.userIdHash))
      .catch((error: Error) => this.logger.error(`Cannot hear erasures yet (${error.message}); relying on reloads`));
    await this.reload();
    this.timer = setInterval(() => void this.reload(), RELOAD_INTERVAL_MS).unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  isErased(userId: string): boolean {
    const hash = createHash('sha256').update(userId).digest('hex');
    const expiresAt = this.expiresAtByHash.get(hash);
    return expiresAt !== undefined && expiresAt > Date.now();
  }

  private add(userIdHash: string): void {
    if (this.expiresAtByHash.get(userIdHash) === undefined)
      this.expiresAtByHash.set(userIdHash, Date.now() + TOKEN_LIFETIME_MS);
  }

  private async reload(): Promise<void> {
    try {
      const { userIdHashes } = await this.nats.request<RecentErasuresResponse>(NatsSubject.AUTH_RECENT_ERASURES, {});
      for (const hash of userIdHashes) this.add(hash);
      const now = Date.now();
      this.expiresAtByHash.prune((expiresAt) => expiresAt <= now);
    } catch (error) {
      this.logger.warn(`Could not reload erased users: ${(error as Error).message}`);
    }
  }
}
