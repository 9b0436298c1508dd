import { RETRY_PRESETS, isRetryableFailure, isRetryableMutationFailure, retryDelayMs } from './retry.js';

describe('RETRY_PRESETS', () => {
  it('match the spec table', () => {
    expect(RETRY_PRESETS).toEqual({
      default: { maxAttempts: 3, baseDelayMs: 1000, maxDelayMs: 10000 },
      critical: { maxAttempts: 5, baseDelayMs: 500, maxDelayMs: 5000 },
      fetch: { maxAttempts: 3, baseDelayMs: 1000, maxDelayMs: 8000 },
      mutation: { maxAttempts: 2, baseDelayMs: 1500, maxDelayMs: 3000 },
    });
  });
});

describe('retryDelayMs', () => {
  const noJitter = () => 0.5;
  it('doubles from the base and caps at the max', () => {
    const preset = RETRY_PRESETS.fetch;
    expect([1, 2, 3, 4, 5].map((attempt) => retryDelayMs(attempt, preset, noJitter))).toEqual([
      1000, 2000, 4000, 8000, 8000,
    ]);
  });
  it('adds at most 10% jitter either way', () => {
    expect(retryDelayMs(1, RETRY_PRESETS.default, () => 0)).toBe(900);
    expect(retryDelayMs(1, RETRY_PRESETS.default, () => 1)).toBe(1100);
  });
});

describe('isRetryableFailure', () => {
  it.each([
    [{ status: undefined }, true],
    [{ status: 500 }, true],
    [{ status: 503 }, true],
    [{ status: 408 }, true],
    [{ status: 429 }, true],
    [{ status: 400 }, false],
    [{ status: 401 }, false],
    [{ status: 404 }, false],
    [{ status: 500, message: 'Validation failed' }, false],
  ])('%o → %s', (failure, expected) => {
    expect(isRetryableFailure(failure)).toBe(expected);
  });
});

describe('isRetryableMutationFailure', () => {
  it.each([
    [{ status: undefined }, true],
    [{ status: 502 }, true],
    [{ status: 408 }, false],
    [{ status: 429 }, false],
    [{ status: 422 }, false],
  ])('%o → %s', (failure, expected) => {
    expect(isRetryableMutationFailure(failure)).toBe(expected);
  });
});
