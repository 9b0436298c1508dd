import { createHash } from 'node:crypto';
import { ErrorCode } from '@kith/contracts';
import { AppError, BoundedMap } from '@kith/nest-kit';
import type { AuthConfig } from '../config/auth.config.js';
import type { KnownDevice } from './known-devices.js';

/** Entries each kind of counter keeps (each costs about 150 bytes). */
export const LOGIN_THROTTLE_MAX_ENTRIES = 100_000;

export interface LoginBackoff {
  /** Attempts in a row without a success that are never slowed down. */
  freeAttempts: number;
  /** The wait after the first attempt past the free ones; it doubles with each further one. */
  baseDelayMs: number;
  /** The longest wait between two attempts, however many failed. */
  maxDelayMs: number;
  /** Attempts are forgotten after this long without one. */
  forgetAfterMs: number;
}

interface Attempts {
  attempts: number;
  lastAttemptAt: number;
  /** No attempt is checked before this time. */
  waitUntil: number;
}

/** Who is signing in, as far as the throttle needs to know. */
export interface SignInClient {
  /** The normalised address asked for. */
  email: string;
  /** The account of that address; none when there is no such account. */
  userId: string | undefined;
  /** Set when the client proved that it signed in to this account before (KnownDevices). */
  knownDevice: KnownDevice | undefined;
}

/** The counter an attempt was counted on; a success resets that one. */
export interface CountedAttempt {
  counter: BoundedMap<string, Attempts>;
  key: string;
}

/** The wait before the next attempt once `attempts` were made without success. */
export function backoffDelayMs(attempts: number, backoff: LoginBackoff): number {
  if (attempts <= backoff.freeAttempts) return 0;
  const doublings = Math.min(attempts - backoff.freeAttempts - 1, 30);
  return Math.min(backoff.baseDelayMs * 2 ** doublings, backoff.maxDelayMs);
}

/**
 * Backoff for sign-ins, in the auth service itself so it holds whichever way a request arrives
 * (the gateway, with any number of client addresses, or auth's own port). Past the free attempts
 * each one makes the next wait, doubling up to `maxDelayMs`; a success, or `forgetAfterMs` of
 * quiet, forgets them. An attempt counts when it starts, so concurrent guesses cannot slip past.
 *
 * Each attempt counts on one of three counters:
 * - a client that signed in to the account before (a known device) on its own, so an attacker
 *   keeping the account's backoff up does not keep its owner out, while a stolen or guessing
 *   device is still slowed (and the gateway still limits it per address); device ids come only
 *   from completed sign-ins, so they cannot be made up to fill that store;
 * - any other client on the account's, however many addresses the guesses come from;
 * - an address without an account on its own, so the answers are the same as for one with an
 *   account. These never share a store with accounts: made-up addresses cannot push a real
 *   account's counter out (doing that takes as many real accounts failing at once as the store holds).
 */
export class LoginThrottle {
  private readonly accounts: BoundedMap<string, Attempts>;
  private readonly devices: BoundedMap<string, Attempts>;
  private readonly unknownAddresses: BoundedMap<string, Attempts>;
  private readonly backoff: LoginBackoff;

  constructor(config: AuthConfig, maxEntries = LOGIN_THROTTLE_MAX_ENTRIES) {
    this.accounts = new BoundedMap(maxEntries);
    this.devices = new BoundedMap(maxEntries);
    this.unknownAddresses = new BoundedMap(maxEntries);
    this.backoff = {
      freeAttempts: config.LOGIN_BACKOFF_FREE_ATTEMPTS,
      baseDelayMs: config.LOGIN_BACKOFF_BASE_MS,
      maxDelayMs: config.LOGIN_BACKOFF_MAX_MS,
      forgetAfterMs: config.LOGIN_BACKOFF_FORGET_MS,
    };
  }

  /** Counts an attempt; a 429 naming the wait when this client must wait first. */
  begin(client: SignInClient): CountedAttempt {
    const attempt = this.counterOf(client);
    const now = Date.now();
    let previous = attempt.counter.get(attempt.key);
    if (previous && now - previous.lastAttemptAt > this.backoff.forgetAfterMs) previous = undefined;
    if (previous && previous.waitUntil > now) {
      const seconds = Math.ceil((previous.waitUntil - now) / 1000);
      throw new AppError(
        ErrorCode.RATE_LIMITED,
        `Too many failed sign-ins for this account, please try again in ${seconds} second${seconds === 1 ? '' : 's'}`,
      );
    }
    const attempts = (previous?.attempts ?? 0) + 1;
    attempt.counter.set(attempt.key, {
      attempts,
      lastAttemptAt: now,
      waitUntil: now + backoffDelayMs(attempts, this.backoff),
    });
    return attempt;
  }

  /** The right password: the attempts on the counter it was counted on are forgotten. */
  succeeded(attempt: CountedAttempt): void {
    attempt.counter.delete(attempt.key);
  }

  private counterOf({ email, userId, knownDevice }: SignInClient): CountedAttempt {
    if (userId && knownDevice) return { counter: this.devices, key: knownDevice.deviceId };
    if (userId) return { counter: this.accounts, key: userId };
    return { counter: this.unknownAddresses, key: addressKey(email) };
  }
}

/** Addresses are kept hashed: this memory has no need to hold them readable. */
const addressKey = (email: string) => createHash('sha256').update(email).digest('base64url');
