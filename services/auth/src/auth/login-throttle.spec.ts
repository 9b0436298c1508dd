import { backoffDelayMs, counterKeyOf, type LoginBackoff, type SignInClient } from './login-throttle.js';

// The counting itself is one SQL statement: test/enumeration-and-throttle.integration-spec.ts runs
// it against PostgreSQL (sequential and parallel guesses, known devices, quiet spells).

const backoff: LoginBackoff = { freeAttempts: 5, baseDelayMs: 1000, maxDelayMs: 300_000, forgetAfterMs: 900_000 };

const ann: SignInClient = { email: 'ann@example.test', userId: 'user-ann', knownDevice: undefined };
const annsLaptop: SignInClient = { ...ann, knownDevice: { deviceId: 'laptop' } };
const nobody: SignInClient = { email: 'nobody@example.test', userId: undefined, knownDevice: undefined };

describe('backoffDelayMs', () => {
  it('lets the free attempts through, then doubles the wait up to the cap', () => {
    expect([1, 5, 6, 7, 8, 14, 15, 40, 1000].map((attempts) => backoffDelayMs(attempts, backoff))).toEqual([
      0, 0, 1000, 2000, 4000, 256_000, 300_000, 300_000, 300_000,
    ]);
  });
});

describe('counterKeyOf', () => {
  it("counts a known device on its own, any other client on the account's, an unknown address on its hash", () => {
    expect(counterKeyOf(ann)).toBe('account:user-ann');
    expect(counterKeyOf(annsLaptop)).toBe('device:laptop');
    expect(counterKeyOf(nobody)).toMatch(/^address:[A-Za-z0-9_-]{43}$/);
    expect(counterKeyOf(nobody)).not.toContain('nobody');
  });

  it('ignores a device presented for an address without an account', () => {
    expect(counterKeyOf({ ...nobody, knownDevice: { deviceId: 'laptop' } })).toBe(counterKeyOf(nobody));
  });
});
