import { sendUntilAcknowledged, type DeliveryClock } from './password-reset-mail.client.js';

/** A clock that advances by exactly the waits asked of it. */
function fakeClock(): DeliveryClock & { waits: number[] } {
  let now = 0;
  const waits: number[] = [];
  return { waits, now: () => now, wait: async (ms) => void (waits.push(ms), (now += ms)) };
}

const failingTimes = (failures: number) => {
  let calls = 0;
  return {
    send: async () => {
      calls += 1;
      if (calls <= failures) throw new Error(`no responders (${calls})`);
      return { queued: true };
    },
    calls: () => calls,
  };
};

describe('sendUntilAcknowledged', () => {
  it('retries with growing waits until the request is acknowledged', async () => {
    const clock = fakeClock();
    const target = failingTimes(3);
    const retries: string[] = [];
    await expect(
      sendUntilAcknowledged(target.send, 60 * 60_000, { clock, onRetry: (error) => retries.push(error.message) }),
    ).resolves.toBe(true);
    expect(target.calls()).toBe(4);
    expect(retries).toEqual(['no responders (1)', 'no responders (2)', 'no responders (3)']);
    expect(clock.waits).toHaveLength(3);
    expect(clock.waits[1]! > clock.waits[0]! && clock.waits[2]! > clock.waits[1]!).toBe(true);
  });

  it('gives up when the next attempt would come after the deadline (the link has expired)', async () => {
    const clock = fakeClock();
    const target = failingTimes(Number.POSITIVE_INFINITY);
    await expect(sendUntilAcknowledged(target.send, 10_000, { clock })).resolves.toBe(false);
    expect(clock.now()).toBeLessThan(10_000);
    expect(Math.max(...clock.waits)).toBeLessThanOrEqual(10_000);
    expect(target.calls()).toBe(clock.waits.length + 1);
  });

  it('stops retrying once the process shuts down', async () => {
    const clock = fakeClock();
    const target = failingTimes(Number.POSITIVE_INFINITY);
    let stopping = false;
    const attempts = sendUntilAcknowledged(target.send, 60 * 60_000, {
      clock,
      stopped: () => stopping,
      onRetry: () => (stopping = target.calls() >= 2),
    });
    await expect(attempts).resolves.toBe(false);
    expect(target.calls()).toBe(2);
  });
});
