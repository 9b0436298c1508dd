import type { RetryPresetName } from '@kith/contracts';
import { notify } from './notify.js';

/** The toasts shown while a request is retried; one toast id so repeated retries replace each other. */
export function announceRetry(preset: RetryPresetName, nextAttempt: number, maxAttempts: number): void {
  const message =
    preset === 'mutation'
      ? 'Operation failed. Trying again...'
      : preset === 'critical'
        ? 'Request failed. Retrying automatically...'
        : `Request failed. Retrying... (${nextAttempt}/${maxAttempts})`;
  notify.info(message, { id: 'api-retry' });
}
