/** Retry presets and rules, shared by the web client (and any server-side caller). */

export interface RetryPreset {
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const RETRY_PRESETS = {
  default: { maxAttempts: 3, baseDelayMs: 1000, maxDelayMs: 10_000 },
  critical: { maxAttempts: 5, baseDelayMs: 500, maxDelayMs: 5000 },
  fetch: { maxAttempts: 3, baseDelayMs: 1000, maxDelayMs: 8000 },
  mutation: { maxAttempts: 2, baseDelayMs: 1500, maxDelayMs: 3000 },
} as const satisfies Record<string, RetryPreset>;
export type RetryPresetName = keyof typeof RETRY_PRESETS;

export const RETRY_JITTER_RATIO = 0.1;

/**
 * Delay before attempt `failedAttempts + 1`: doubles from the base, capped, with ±10% jitter.
 * `random` is injectable so tests are deterministic.
 */
export function retryDelayMs(failedAttempts: number, preset: RetryPreset, random: () => number = Math.random): number {
  const exponential = Math.min(preset.baseDelayMs * 2 ** Math.max(0, failedAttempts - 1), preset.maxDelayMs);
  const jitter = exponential * RETRY_JITTER_RATIO * (random() * 2 - 1);
  return Math.max(0, Math.round(exponential + jitter));
}

export interface RetryableFailure {
  /** HTTP status; undefined when no response arrived (network error, timeout). */
  status?: number;
  message?: string;
}

/** Generic rule: no retry on 4xx except 408/429, nor on errors that mention 'validation'. */
export function isRetryableFailure(failure: RetryableFailure): boolean {
  if (failure.message && /validation/i.test(failure.message)) return false;
  const { status } = failure;
  if (status != null && status >= 400 && status < 500) return status === 408 || status === 429;
  return true;
}

/** Mutations retry only without a response or on 5xx, and only if the generic rule allows it. */
export function isRetryableMutationFailure(failure: RetryableFailure): boolean {
  const { status } = failure;
  return isRetryableFailure(failure) && (status == null || status >= 500);
}
