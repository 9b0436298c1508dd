import {
  RETRY_PRESETS,
  isRetryableFailure,
  isRetryableMutationFailure,
  retryDelayMs,
  type RetryPresetName,
} from '@kith/contracts';
import { isApiError } from './api-error.js';
import type { HttpMethod, RequestOptions } from './transport.js';

/** Told before each automatic retry; the host injects the user-facing notice (see feedback/). */
export type RetryListener = (preset: RetryPresetName, nextAttempt: number, maxAttempts: number) => void;

let onRetry: RetryListener = () => undefined;

export function setRetryListener(listener: RetryListener): void {
  onRetry = listener;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

function shouldRetry(method: HttpMethod, error: unknown): boolean {
  if (!isApiError(error)) return false;
  const failure = { status: error.status, message: error.message };
  return method === 'GET' ? isRetryableFailure(failure) : isRetryableMutationFailure(failure);
}

export async function withRetry<T>(
  method: HttpMethod,
  options: RequestOptions,
  attemptOnce: () => Promise<T>,
): Promise<T> {
  const presetName = options.retry ?? (method === 'GET' ? 'fetch' : 'mutation');
  const preset = presetName ? RETRY_PRESETS[presetName] : null;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await attemptOnce();
    } catch (error) {
      if (
        !presetName ||
        !preset ||
        attempt >= preset.maxAttempts ||
        options.signal?.aborted ||
        !shouldRetry(method, error)
      )
        throw error;
      onRetry(presetName, attempt + 1, preset.maxAttempts);
      await sleep(retryDelayMs(attempt, preset), options.signal);
    }
  }
}
