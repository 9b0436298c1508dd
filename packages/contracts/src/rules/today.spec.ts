import { describe, expect, it } from '@jest/globals';
import { endOfTodayAnywhere, isLaterThanToday, isLaterThanTodayAnywhere } from './today.js';

describe('later than today', () => {
  it("allows any time later today in the user's zone, refuses tomorrow", () => {
    const now = new Date(2026, 4, 20, 9, 15);
    expect(isLaterThanToday(new Date(2026, 4, 20, 23, 59), now)).toBe(false);
    expect(isLaterThanToday(new Date(2026, 4, 20, 9, 16), now)).toBe(false);
    expect(isLaterThanToday(new Date(2026, 4, 19, 12, 0), now)).toBe(false);
    expect(isLaterThanToday(new Date(2026, 4, 21, 0, 0), now)).toBe(true);
  });

  it('on the server, allows what some zone still calls today and refuses what none does', () => {
    const now = new Date('2026-05-20T09:15:00Z');
    // In UTC+14 it is 23:15 on 20 May: today ends there at 10:00 UTC.
    expect(new Date(endOfTodayAnywhere(now)).toISOString()).toBe('2026-05-20T09:59:59.999Z');
    expect(isLaterThanTodayAnywhere(new Date('2026-05-20T09:59:00Z'), now)).toBe(false);
    expect(isLaterThanTodayAnywhere(new Date('2026-05-20T10:00:00Z'), now)).toBe(true);

    const early = new Date('2026-05-20T11:00:00Z'); // 01:00 on 21 May in UTC+14
    expect(new Date(endOfTodayAnywhere(early)).toISOString()).toBe('2026-05-21T09:59:59.999Z');
    // 22:00 tonight in UTC-10 (08:00 UTC tomorrow) is still today there.
    expect(isLaterThanTodayAnywhere(new Date('2026-05-21T08:00:00Z'), early)).toBe(false);
  });
});
