import { scheduledTimeOn } from './daily-run.scheduler.js';

describe('scheduledTimeOn', () => {
  it("gives the day's first firing of the UTC cron, whether it is past or still ahead", () => {
    expect(scheduledTimeOn('0 9 * * *', new Date('2026-11-21T10:30:00Z'))?.toISOString()).toBe(
      '2026-11-21T09:00:00.000Z',
    );
    expect(scheduledTimeOn('0 9 * * *', new Date('2026-11-21T03:00:00Z'))?.toISOString()).toBe(
      '2026-11-21T09:00:00.000Z',
    );
    expect(scheduledTimeOn('0 0 * * *', new Date('2026-11-21T00:00:00Z'))?.toISOString()).toBe(
      '2026-11-21T00:00:00.000Z',
    );
    expect(scheduledTimeOn('30 7,19 * * *', new Date('2026-11-21T23:00:00Z'))?.toISOString()).toBe(
      '2026-11-21T07:30:00.000Z',
    );
  });

  it('is null on a day the cron skips', () => {
    expect(scheduledTimeOn('0 0 1 1 *', new Date('2026-11-21T10:30:00Z'))).toBeNull();
    expect(scheduledTimeOn('0 9 * * 1', new Date('2026-11-21T10:30:00Z'))).toBeNull(); // a Saturday
    expect(scheduledTimeOn('0 9 * * 6', new Date('2026-11-21T10:30:00Z'))?.toISOString()).toBe(
      '2026-11-21T09:00:00.000Z',
    );
  });
});
