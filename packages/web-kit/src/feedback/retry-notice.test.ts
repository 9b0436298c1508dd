import { describe, expect, it, jest } from '@jest/globals';
import { announceRetry } from './retry-notice.js';
import { notify } from './notify.js';

describe('announceRetry (the toasts of a retried request)', () => {
  it.each([
    ['fetch', 2, 3, 'Request failed. Retrying... (2/3)'],
    ['mutation', 2, 2, 'Operation failed. Trying again...'],
    ['critical', 4, 5, 'Request failed. Retrying automatically...'],
  ] as const)('%s preset, attempt %i of %i: "%s", one toast id for all retries', (preset, next, max, message) => {
    const info = jest.spyOn(notify, 'info').mockImplementation(() => 'api-retry');
    announceRetry(preset, next, max);
    expect(info).toHaveBeenCalledWith(message, { id: 'api-retry' });
    info.mockRestore();
  });
});
