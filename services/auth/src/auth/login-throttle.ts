import { createHash } from 'node:crypto';
import { ErrorCode } from '@kith/contracts';
import { AppError } from '@kith/nest-kit';
import { Inject, Injectable } from '@nestjs/common';
import { AUTH_CONFIG, type AuthConfig } from '../config/auth.config.js';
import { PrismaService } from '../database/prisma.service.js';
import { Prisma } from '../generated/prisma/client.js';
import type { KnownDevice } from './known-devices.js';

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
  counterKey: string;
}

/** The wait before the next attempt once `attempts` were made without success. */
export function backoffDelayMs(attempts: number, backoff: LoginBackoff): number {
  if (attempts <= backoff.freeAttempts) return 0;
  const doublings = Math.min(attempts - backoff.freeAttempts - 1, 30);
  return Math.min(backoff.baseDelayMs * 2 ** doublings, backoff.maxDelayMs);
}

/**
 * The counter an attempt counts on:
 * - a client that signed in to the account before (a known device) on its own, so an attacker
 *   keeping the account's backoff up does not keep its owner out, while a stolen or guessing
 *   device is still slowed (and the gateway still limits it per address); device ids come only
 *   from completed sign-ins, so they cannot be made up;
 * - any other client on the account's, however many addresses the guesses come from;
 * - an address without an account on its own, hashed, so the answers are the same as for one with
 *   an account (and the table never holds the addresses people typed).
 */
export function counterKeyOf({ email, userId, knownDevice }: SignInClient): string {
  if (userId && knownDevice) return `device:${knownDevice.deviceId}`;
  if (userId) return `account:${userId}`;
  return `address:${createHash('sha256').update(email).digest('base64url')}`;
}

const waitMessage = (seconds: number) =>
  `Too many failed sign-ins for this account, please try again in ${seconds} second${seconds === 1 ? '' : 's'}`;

/**
 * Backoff for sign-ins (and for passwords given to step up), in the auth database so it holds
 * whichever replica or address a request comes through, and across restarts. Past the free
 * attempts each one makes the next wait, doubling up to `maxDelayMs`; a success, or
 * `forgetAfterMs` of quiet, forgets them.
 *
 * An attempt is reserved before the password is checked, by one atomic upsert of its counter's
 * row: of N guesses sent at the same moment exactly `freeAttempts + 1` are checked, the others
 * wait. Known and unknown addresses take the very same statement, so they answer alike.
 */
@Injectable()
export class LoginThrottle {
  private readonly backoff: LoginBackoff;

  constructor(
    @Inject(PrismaService) private readonly prisma: PrismaService,
    @Inject(AUTH_CONFIG) config: AuthConfig,
  ) {
    this.backoff = {
      freeAttempts: config.LOGIN_BACKOFF_FREE_ATTEMPTS,
      baseDelayMs: config.LOGIN_BACKOFF_BASE_MS,
      maxDelayMs: config.LOGIN_BACKOFF_MAX_MS,
      forgetAfterMs: config.LOGIN_BACKOFF_FORGET_MS,
    };
  }

  /** Counts an attempt; a 429 naming the wait when this client must wait first. */
  async begin(client: SignInClient): Promise<CountedAttempt> {
    const counterKey = counterKeyOf(client);
    const { freeAttempts, baseDelayMs, maxDelayMs, forgetAfterMs } = this.backoff;
    // The new count: 1 after a quiet spell, else one more, and the wait it earns (backoffDelayMs),
    // written in one statement under the row's lock; a client still waiting changes nothing.
    const quiet = Prisma.sql`t.last_attempt_at < now() - ${forgetAfterMs}::float8 * interval '1 millisecond'`;
    const count = Prisma.sql`(CASE WHEN ${quiet} THEN 1 ELSE t.attempts + 1 END)`;
    const waitAfter = (attempts: Prisma.Sql) => Prisma.sql`now() + (CASE WHEN ${attempts} <= ${freeAttempts}::int THEN 0
      ELSE LEAST(${baseDelayMs}::float8 * power(2, LEAST(${attempts} - ${freeAttempts}::int - 1, 30)), ${maxDelayMs}::float8) END)
      * interval '1 millisecond'`;
    const [reserved] = await this.prisma.$queryRaw<{ attempts: number }[]>`
      INSERT INTO sign_in_attempts AS t (counter_key, attempts, last_attempt_at, wait_until)
      VALUES (${counterKey}, 1, now(), ${waitAfter(Prisma.sql`1`)})
      ON CONFLICT (counter_key) DO UPDATE SET attempts = ${count}, last_attempt_at = now(), wait_until = ${waitAfter(count)}
      WHERE t.wait_until <= now() OR ${quiet}
      RETURNING t.attempts`;
    if (reserved) return { counterKey };
    const [waiting] = await this.prisma.$queryRaw<{ wait_ms: number }[]>`
      SELECT GREATEST(EXTRACT(EPOCH FROM wait_until - now()) * 1000, 0)::float8 AS wait_ms
      FROM sign_in_attempts WHERE counter_key = ${counterKey}`;
    throw new AppError(ErrorCode.RATE_LIMITED, waitMessage(Math.max(1, Math.ceil((waiting?.wait_ms ?? 1000) / 1000))));
  }

  /** The right password: the attempts on the counter it was counted on are forgotten. */
  async succeeded(attempt: CountedAttempt): Promise<void> {
    await this.prisma.signInAttempt.deleteMany({ where: { counterKey: attempt.counterKey } });
  }

  /** Counters quiet for longer than they are remembered (the hourly purge). */
  async purgeForgotten(now: Date): Promise<number> {
    const cutoff = new Date(now.getTime() - this.backoff.forgetAfterMs);
    return (await this.prisma.signInAttempt.deleteMany({ where: { lastAttemptAt: { lt: cutoff } } })).count;
  }
}
