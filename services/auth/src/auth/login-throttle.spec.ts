import { jest } from '@jest/globals';
import type { AuthConfig } from '../config/auth.config.js';
import { backoffDelayMs, type LoginBackoff, LoginThrottle } from './login-throttle.js';

const backoff: LoginBackoff = { freeAttempts: 5, baseDelayMs: 1000, maxDelayMs: 300_000, forgetAfterMs: 900_000 };
const config = {
  LOGIN_BACKOFF_FREE_ATTEMPTS: backoff.freeAttempts,
  LOGIN_BACKOFF_BASE_MS: backoff.baseDelayMs,
  LOGIN_BACKOFF_MAX_MS: backoff.maxDelayMs,
  LOGIN_BACKOFF_FORGET_MS: backoff.forgetAfterMs,
} as AuthConfig;

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

  const attempts = (sut: LoginThrottle, email: string, count: number) => {
    const outcomes: string[] = [];
    for (let i = 0; i < count; i++) {
      try {
        sut.begin(email);
        outcomes.push('checked');
      } catch (error) {
        outcomes.push((error as { code: string }).code);
      }
    }
    return outcomes;
  };

  it('makes an account wait after its free attempts, whoever sends them, and names the wait', () => {
    const sut = new LoginThrottle(config);
    expect(attempts(sut, 'ann@example.test', 8)).toEqual([...Array(6).fill('checked'), 'RATE_LIMITED', 'RATE_LIMITED']);
    expect(() => sut.begin('ann@example.test')).toThrow('please try again in 1 second');
    // Another account (and an unknown address, alike) is not affected.
    expect(attempts(sut, 'bob@example.test', 1)).toEqual(['checked']);
  });

  it('lets the next attempt through once the wait is over, and doubles the following wait', () => {
    const sut = new LoginThrottle(config);
    attempts(sut, 'ann@example.test', 6);
    jest.advanceTimersByTime(1000);
    expect(attempts(sut, 'ann@example.test', 2)).toEqual(['checked', 'RATE_LIMITED']);
    jest.advanceTimersByTime(1999);
    expect(attempts(sut, 'ann@example.test', 1)).toEqual(['RATE_LIMITED']);
    jest.advanceTimersByTime(1);
    expect(attempts(sut, 'ann@example.test', 1)).toEqual(['checked']);
  });

  it('never makes the owner wait longer than the cap, however long the attack', () => {
    const sut = new LoginThrottle(config);
    for (let i = 0; i < 200; i++) {
      attempts(sut, 'ann@example.test', 1);
      jest.advanceTimersByTime(backoff.maxDelayMs);
    }
    expect(attempts(sut, 'ann@example.test', 1)).toEqual(['checked']);
  });

  it('forgets the attempts on success, or after a quiet while', () => {
    const sut = new LoginThrottle(config);
    attempts(sut, 'ann@example.test', 6);
    jest.advanceTimersByTime(1000);
    sut.begin('ann@example.test');
    sut.succeeded('Ann@Example.test');
    expect(attempts(sut, 'ann@example.test', 6)).toEqual(Array(6).fill('checked'));
    jest.advanceTimersByTime(backoff.forgetAfterMs + 1);
    expect(attempts(sut, 'ann@example.test', 6)).toEqual(Array(6).fill('checked'));
  });
});
