import { percentile, recoveryAfter } from './figures.mjs';

describe('chaos figures', () => {
  it('percentile by nearest rank', () => {
    const values = Array.from({ length: 100 }, (_, index) => index + 1);
    expect(percentile(values, 95)).toBe(95);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile([], 95)).toBe(0);
  });

  it('recovery is the first one-second window after a kill whose p95 is back near the level before it', () => {
    const killAt = 10_000;
    const samples = [];
    // 5 s at 20 ms before the kill, two slow seconds, then back to 20 ms.
    for (let at = killAt - 5_000; at < killAt + 5_000; at += 50) {
      const slow = at >= killAt && at < killAt + 2_000;
      samples.push({ at, ms: slow ? 400 : 20 });
    }
    const recovery = recoveryAfter(samples, killAt);
    expect(recovery.before).toBe(20);
    expect(recovery.recoveredAfterMs).toBe(2_000);
    expect(recovery.windows).toEqual([400, 400, 20]);
  });

  it('never back within the horizon is null', () => {
    const samples = [
      { at: 0, ms: 10 },
      ...Array.from({ length: 20 }, (_, index) => ({ at: 1_000 + index * 500, ms: 900 })),
    ];
    expect(recoveryAfter(samples, 1_000, { horizonMs: 5_000 }).recoveredAfterMs).toBeNull();
  });
});
