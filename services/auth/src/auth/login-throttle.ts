import { createHash } from 'node:crypto';
import { ErrorCode } from '@kith/contracts';
import { AppError, BoundedMap } from '@kith/nest-kit';
import { Inject, Injectable } from '@nestjs/common';
import { AUTH_CONFIG, type AuthConfig } from '../config/auth.config.js';

/** Accounts whose recent sign-in attempts are remembered (each costs about 150 bytes). */
export const LOGIN_THROTTLE_MAX_ACCOUNTS = 100_000;

export interface LoginBackoff {
  /** Attempts in a row without a success that are never slowed down. */
  freeAttempts: number;
  /** The wait after the first attempt past the free ones; it doubles with each further one. */
  baseDelayMs: number;
  /** The longest wait: an attacker can keep an account waiting this long at most before its owner may try. */
  maxDelayMs: number;
  /** Attempts are forgotten after this long without one. */
  forgetAfterMs: number;
}

interface AccountAttempts {
  attempts: number;
  lastAttemptAt: number;
  /** No attempt is checked before this time. */
  waitUntil: number;
}

/** The wait before the next attempt once `attempts` were made without success. */
export function backoffDelayMs(attempts: number, backoff: LoginBackoff): number {
  if (attempts <= backoff.freeAttempts) return 0;
  const doublings = Math.min(attempts - backoff.freeAttempts - 1, 30);
  return Math.min(backoff.baseDelayMs * 2 ** doublings, backoff.maxDelayMs);
}

/**
 * Per-account backoff for sign-ins, in the auth service itself so it holds whichever way a
 * request arrives (the gateway, with any number of client addresses, or auth's own port). Keyed
 * by the e-mail address asked for, known or not, so the answers say nothing about which exist.
 *
 * An attempt counts when it starts (concurrent guesses cannot slip past the count) and a
 * success forgets them all. Past the free attempts each one makes the next wait, doubling up to
 * `maxDelayMs`: guessing gets slow fast, while an attacker can make the owner wait a few minutes
 * at most, never lock them out.
 */
@Injectable()
export class LoginThrottle {
  private readonly accounts = new BoundedMap<string, AccountAttempts>(LOGIN_THROTTLE_MAX_ACCOUNTS);
  private readonly backoff: LoginBackoff;

  constructor(@Inject(AUTH_CONFIG) config: AuthConfig) {
    this.backoff = {
      freeAttempts: config.LOGIN_BACKOFF_FREE_ATTEMPTS,
      baseDelayMs: config.LOGIN_BACKOFF_BASE_MS,
      maxDelayMs: config.LOGIN_BACKOFF_MAX_MS,
      forgetAfterMs: config.LOGIN_BACKOFF_FORGET_MS,
    };
  }

  /** Counts an attempt for `email`; a 429 naming the wait when the account must wait first. */
  begin(email: string): void {
    const key = accountKey(email);
    const now = Date.now();
    let account = this.accounts.get(key);
    if (account && now - account.lastAttemptAt > this.backoff.forgetAfterMs) account = undefined;
    if (account && account.waitUntil > now) {
      const seconds = Math.ceil((account.waitUntil - now) / 1000);
      throw new AppError(
        ErrorCode.RATE_LIMITED,
        `Too many failed sign-ins for this account, please try again in ${seconds} second${seconds === 1 ? '' : 's'}`,
      );
    }
    const attempts = (account?.attempts ?? 0) + 1;
    this.accounts.set(key, { attempts, lastAttemptAt: now, waitUntil: now + backoffDelayMs(attempts, this.backoff) });
  }

  /** The right password: the account's attempts are forgotten. */
  succeeded(email: string): void {
    this.accounts.delete(accountKey(email));
  }
}

/** Addresses are kept hashed: this memory has no need to hold them readable. */
const accountKey = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('base64url');
