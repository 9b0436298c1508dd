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
    // 10:00 UTC is later today in every zone west of UTC+14 (Europe, Africa, the Americas).
    expect(isLaterThanTodayAnywhere(new Date('2026-05-20T10:00:00Z'), now)).toBe(false);
    expect(isLaterThanTodayAnywhere(new Date('2026-05-20T23:59:00Z'), now)).toBe(false);
    // In UTC-9 it is 00:15 on 20 May: that day ends at 09:00 UTC tomorrow, the latest "today" anywhere.
    expect(new Date(endOfTodayAnywhere(now)).toISOString()).toBe('2026-05-21T08:59:59.999Z');
    expect(isLaterThanTodayAnywhere(new Date('2026-05-21T08:59:00Z'), now)).toBe(false);
    expect(isLaterThanTodayAnywhere(new Date('2026-05-21T09:00:00Z'), now)).toBe(true);
    expect(isLaterThanTodayAnywhere(new Date('2026-05-22T00:00:00Z'), now)).toBe(true);
  });

  it('on the server, one hour from now is never refused, whatever the time of day', () => {
    for (let minute = 0; minute < 24 * 60; minute += 15) {
      const now = new Date(Date.UTC(2026, 4, 20, 0, minute));
      expect(isLaterThanTodayAnywhere(new Date(now.getTime() + 60 * 60 * 1000), now)).toBe(false);
      // ...and nothing more than a day ahead is ever accepted.
      expect(isLaterThanTodayAnywhere(new Date(now.getTime() + 24 * 60 * 60 * 1000 + 1), now)).toBe(true);
    }
  });
});
