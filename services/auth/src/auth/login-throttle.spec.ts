import { jest } from '@jest/globals';
import type { AuthConfig } from '../config/auth.config.js';
import { backoffDelayMs, type LoginBackoff, LoginThrottle, type SignInClient } from './login-throttle.js';

const backoff: LoginBackoff = { freeAttempts: 5, baseDelayMs: 1000, maxDelayMs: 300_000, forgetAfterMs: 900_000 };
const config = {
  LOGIN_BACKOFF_FREE_ATTEMPTS: backoff.freeAttempts,
  LOGIN_BACKOFF_BASE_MS: backoff.baseDelayMs,
  LOGIN_BACKOFF_MAX_MS: backoff.maxDelayMs,
  LOGIN_BACKOFF_FORGET_MS: backoff.forgetAfterMs,
} as AuthConfig;

const ann: SignInClient = { email: 'ann@example.test', userId: 'user-ann', knownDevice: undefined };
const annsLaptop: SignInClient = { ...ann, knownDevice: { deviceId: 'laptop' } };
const bob: SignInClient = { email: 'bob@example.test', userId: 'user-bob', knownDevice: undefined };
const nobody: SignInClient = { email: 'nobody@example.test', userId: undefined, knownDevice: undefined };

describe('backoffDelayMs', () => {
  it('lets the free attempts through, then doubles the wait up to the cap', () => {
    expect([1, 5, 6, 7, 8, 14, 15, 40, 1000].map((attempts) => backoffDelayMs(attempts, backoff))).toEqual([
      0, 0, 1000, 2000, 4000, 256_000, 300_000, 300_000, 300_000,
    ]);
  });
});

describe('LoginThrottle', () => {
  beforeEach(() => jest.useFakeTimers({ now: new Date('2030-01-01T00:00:00Z') }));
  afterEach(() => jest.useRealTimers());

  const attempts = (sut: LoginThrottle, client: SignInClient, count: number) => {
    const outcomes: string[] = [];
    for (let i = 0; i < count; i++) {
      try {
        sut.begin(client);
        outcomes.push('checked');
      } catch (error) {
        outcomes.push((error as { code: string }).code);
      }
    }
    return outcomes;
  };
  const waitingAfterFreeAttempts = [...Array(6).fill('checked'), 'RATE_LIMITED', 'RATE_LIMITED'];

  it('makes an account wait after its free attempts, whoever sends them, and names the wait', () => {
    const sut = new LoginThrottle(config);
    expect(attempts(sut, ann, 8)).toEqual(waitingAfterFreeAttempts);
    expect(() => sut.begin(ann)).toThrow('please try again in 1 second');
    expect(attempts(sut, bob, 1)).toEqual(['checked']);
  });

  it('makes an address without an account wait the same way', () => {
    const sut = new LoginThrottle(config);
    expect(attempts(sut, nobody, 8)).toEqual(waitingAfterFreeAttempts);
    expect(() => sut.begin(nobody)).toThrow('Too many failed sign-ins for this account, please try again in 1 second');
  });

  it('lets the next attempt through once the wait is over, and doubles the following wait', () => {
    const sut = new LoginThrottle(config);
    attempts(sut, ann, 6);
    jest.advanceTimersByTime(1000);
    expect(attempts(sut, ann, 2)).toEqual(['checked', 'RATE_LIMITED']);
    jest.advanceTimersByTime(1999);
    expect(attempts(sut, ann, 1)).toEqual(['RATE_LIMITED']);
    jest.advanceTimersByTime(1);
    expect(attempts(sut, ann, 1)).toEqual(['checked']);
  });

  it('never makes a client wait longer than the cap, however long the attack', () => {
    const sut = new LoginThrottle(config);
    for (let i = 0; i < 200; i++) {
      attempts(sut, ann, 1);
      jest.advanceTimersByTime(backoff.maxDelayMs);
    }
    expect(attempts(sut, ann, 1)).toEqual(['checked']);
  });

  it("lets the owner's known device in while the account waits, and slows that device by its own failures", () => {
    const sut = new LoginThrottle(config);
    expect(attempts(sut, ann, 8)).toEqual(waitingAfterFreeAttempts);
    expect(attempts(sut, annsLaptop, 1)).toEqual(['checked']);
    // A stolen or guessing device is not an open door: its own count slows it the same way.
    expect(attempts(sut, annsLaptop, 7)).toEqual(waitingAfterFreeAttempts.slice(1));
    // Another known device is not held up by the first one's failures.
    expect(attempts(sut, { ...ann, knownDevice: { deviceId: 'phone' } }, 1)).toEqual(['checked']);
  });

  it('a success forgets the attempts of the counter it was counted on only', () => {
    const sut = new LoginThrottle(config);
    attempts(sut, ann, 8);
    sut.succeeded(sut.begin(annsLaptop));
    // The attacker's count on the account stands: the owner signing in does not reset it.
    expect(attempts(sut, ann, 1)).toEqual(['RATE_LIMITED']);
    jest.advanceTimersByTime(1000);
    sut.succeeded(sut.begin(ann));
    expect(attempts(sut, ann, 6)).toEqual(Array(6).fill('checked'));
  });

  it('forgets the attempts after a quiet while', () => {
    const sut = new LoginThrottle(config);
    attempts(sut, ann, 8);
    jest.advanceTimersByTime(backoff.forgetAfterMs + 1);
    expect(attempts(sut, ann, 6)).toEqual(Array(6).fill('checked'));
  });

  it('cannot be made to forget an account by flooding it with addresses that have none', () => {
    const sut = new LoginThrottle(config, 100);
    attempts(sut, ann, 8);
    for (let i = 0; i < 1000; i++) sut.begin({ ...nobody, email: `made-up-${i}@example.test` });
    expect(attempts(sut, ann, 1)).toEqual(['RATE_LIMITED']);
  });
});
