import type { RetryPreset } from '@kith/contracts';
import { attemptDelivery } from './outbox-dispatcher.service.js';
import { type ClaimedMessage, MessageKind, OutboxStatus } from './outbox.types.js';
import { WebhookError } from '../webhooks/webhook-transport.service.js';

const policy: RetryPreset = { maxAttempts: 4, baseDelayMs: 1000, maxDelayMs: 8000 };
const now = new Date('2026-11-21T09:00:00.000Z');

function email(overrides: Partial<ClaimedMessage> = {}): ClaimedMessage {
  return {
    id: 'e1',
    kind: MessageKind.DAILY_REMINDER,
    toAddress: 'ada@example.test',
    subject: 's',
    html: '<p>h</p>',
    text: 't',
    attempts: 0,
    expiresAt: null,
    ...overrides,
  };
}
const accepted = async () => undefined;
const refused = (error: Error & { responseCode?: number }) => async () => {
  throw error;
};

describe('attemptDelivery', () => {
  it('marks an accepted email sent and keeps its body', async () => {
    await expect(attemptDelivery(email(), accepted, policy, now)).resolves.toEqual({
      status: OutboxStatus.SENT,
      clearBody: false,
    });
  });

  it('clears the body of a sent password-reset mail (it holds a credential)', async () => {
    await expect(attemptDelivery(email({ kind: MessageKind.PASSWORD_RESET }), accepted, policy, now)).resolves.toEqual({
      status: OutboxStatus.SENT,
      clearBody: true,
    });
  });

  it('retries a transient failure later, backing off exponentially', async () => {
    const down = refused(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ESOCKET' }));
    const delays: number[] = [];
    for (const attempts of [0, 1, 2]) {
      const outcome = await attemptDelivery(email({ attempts }), down, policy, now);
      expect(outcome.status).toBe(OutboxStatus.PENDING);
      if (outcome.status !== OutboxStatus.PENDING) throw new Error('unreachable');
      expect(outcome.error).toContain('ECONNREFUSED');
      delays.push(outcome.retryAt.getTime() - now.getTime());
    }
    // 1 s, 2 s, 4 s, each within ±10% jitter.
    [1000, 2000, 4000].forEach((expected, index) => {
      expect(delays[index]).toBeGreaterThanOrEqual(expected * 0.9);
      expect(delays[index]).toBeLessThanOrEqual(expected * 1.1);
    });
  });

  it('gives up after the last allowed attempt', async () => {
    const outcome = await attemptDelivery(email({ attempts: 3 }), refused(new Error('timeout')), policy, now);
    expect(outcome).toEqual({ status: OutboxStatus.FAILED, error: 'timeout' });
  });

  it('gives up at once on a permanent SMTP refusal (5xx)', async () => {
    const outcome = await attemptDelivery(
      email(),
      refused(Object.assign(new Error('550 no such user'), { responseCode: 550 })),
      policy,
      now,
    );
    expect(outcome.status).toBe(OutboxStatus.FAILED);
  });

  it('retries a temporary SMTP refusal (4xx)', async () => {
    const outcome = await attemptDelivery(
      email(),
      refused(Object.assign(new Error('451 try later'), { responseCode: 451 })),
      policy,
      now,
    );
    expect(outcome.status).toBe(OutboxStatus.PENDING);
  });

  it('does not send an email that expired while it waited', async () => {
    let sent = false;
    const outcome = await attemptDelivery(
      email({ expiresAt: new Date(now.getTime() - 1) }),
      async () => void (sent = true),
      policy,
      now,
    );
    expect(outcome.status).toBe(OutboxStatus.EXPIRED);
    expect(sent).toBe(false);
  });

  it('gives up on a webhook refusing with 4xx, and retries one answering 5xx or 429', async () => {
    await expect(
      attemptDelivery(email(), refused(new WebhookError('HTTP 404', 404, true)), policy, now),
    ).resolves.toMatchObject({ status: OutboxStatus.FAILED });
    await expect(
      attemptDelivery(email(), refused(new WebhookError('HTTP 503', 503, false)), policy, now),
    ).resolves.toMatchObject({ status: OutboxStatus.PENDING });
    await expect(
      attemptDelivery(email(), refused(new WebhookError('HTTP 429', 429, false)), policy, now),
    ).resolves.toMatchObject({ status: OutboxStatus.PENDING });
  });
});
