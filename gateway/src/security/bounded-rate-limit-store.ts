import { BoundedMap } from '@kith/nest-kit';
import type { ClientRateLimitInfo, IncrementResponse, Options, Store } from 'express-rate-limit';

/** Clients (IP addresses) a limiter remembers; each costs about 100 bytes. */
export const RATE_LIMIT_MAX_CLIENTS = 100_000;

/**
 * express-rate-limit's fixed window per client, in memory like its MemoryStore, but never for
 * more than `maxClients`: an attacker cycling through addresses (an IPv6 range is plenty) cannot
 * grow the gateway's memory. When full, the client seen least recently is forgotten.
 */
export class BoundedRateLimitStore implements Store {
  readonly localKeys = true;
  private windowMs = 60_000;
  private readonly clients: BoundedMap<string, { totalHits: number; resetTime: Date }>;

  constructor(maxClients = RATE_LIMIT_MAX_CLIENTS) {
    this.clients = new BoundedMap(maxClients);
  }

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  get(key: string): ClientRateLimitInfo | undefined {
    const client = this.clients.get(key);
    return client && client.resetTime.getTime() > Date.now() ? client : undefined;
  }

  increment(key: string): IncrementResponse {
    const now = Date.now();
    let client = this.clients.get(key);
    if (!client || client.resetTime.getTime() <= now) {
      client = { totalHits: 0, resetTime: new Date(now + this.windowMs) };
      this.clients.set(key, client);
    }
    client.totalHits += 1;
    return client;
  }

  decrement(key: string): void {
    const client = this.clients.get(key);
    if (client && client.totalHits > 0) client.totalHits -= 1;
  }

  resetKey(key: string): void {
    this.clients.delete(key);
  }

  resetAll(): void {
    this.clients.clear();
  }

  /** How many clients it remembers (for tests). */
  get size(): number {
    return this.clients.size;
  }
}
