import { DEFAULT_CONTACT_REMINDER_DAYS, MS_PER_DAY } from '../constants.js';
import { daysOverdue, daysSince, effectiveReminderDays, isOverdue, overdueAt } from './overdue.js';

const now = new Date('2026-06-15T12:00:00Z');
const daysAgo = (days: number, extraMs = 0) => new Date(now.getTime() - days * MS_PER_DAY - extraMs);

describe('effectiveReminderDays', () => {
  it('prefers the custom interval over the list interval', () => {
    expect(effectiveReminderDays(5, 30)).toBe(5);
  });
  it('falls back to the list interval', () => {
    expect(effectiveReminderDays(null, 30)).toBe(30);
  });
  it('falls back to 90 days with neither', () => {
    expect(effectiveReminderDays(null, null)).toBe(DEFAULT_CONTACT_REMINDER_DAYS);
    expect(DEFAULT_CONTACT_REMINDER_DAYS).toBe(90);
  });
});

describe('isOverdue', () => {
  it('is overdue when never contacted', () => {
    expect(isOverdue({ lastContactDate: null, customReminderDays: 365, listReminderDays: null }, now)).toBe(true);
  });
  it('is not overdue at exactly the interval', () => {
    expect(isOverdue({ lastContactDate: daysAgo(30), customReminderDays: null, listReminderDays: 30 }, now)).toBe(
      false,
    );
  });
  it('rounds days down: interval plus 23 hours is still not overdue', () => {
    const lastContactDate = daysAgo(30, 23 * 3_600_000);
    expect(isOverdue({ lastContactDate, customReminderDays: null, listReminderDays: 30 }, now)).toBe(false);
  });
  it('is overdue one day after the interval', () => {
    expect(isOverdue({ lastContactDate: daysAgo(31), customReminderDays: null, listReminderDays: 30 }, now)).toBe(true);
  });
  it('uses the custom interval before the list interval', () => {
    const subject = { lastContactDate: daysAgo(10), customReminderDays: 7, listReminderDays: 30 };
    expect(isOverdue(subject, now)).toBe(true);
    expect(isOverdue({ ...subject, customReminderDays: 10 }, now)).toBe(false);
  });
  it('uses 90 days without custom or list interval', () => {
    expect(isOverdue({ lastContactDate: daysAgo(90), customReminderDays: null, listReminderDays: null }, now)).toBe(
      false,
    );
    expect(isOverdue({ lastContactDate: daysAgo(91), customReminderDays: null, listReminderDays: null }, now)).toBe(
      true,
    );
  });
});

describe('daysSince / daysOverdue', () => {
  it('counts whole days rounded down and null for never', () => {
    expect(daysSince(daysAgo(3, 1000), now)).toBe(3);
    expect(daysSince(null, now)).toBeNull();
  });
  it('reports days past the interval', () => {
    expect(daysOverdue({ lastContactDate: daysAgo(45), customReminderDays: null, listReminderDays: 30 }, now)).toBe(15);
    expect(daysOverdue({ lastContactDate: null, customReminderDays: null, listReminderDays: 30 }, now)).toBeNull();
  });
});

describe('overdueAt agrees with isOverdue', () => {
  it.each([0, 1, 7, 30, 90, 365])('interval %i: flips exactly at the stored instant', (interval) => {
    const last = daysAgo(interval + 1);
    const at = overdueAt(last, interval);
    const subject = { lastContactDate: last, customReminderDays: interval, listReminderDays: null };
    expect(isOverdue(subject, at)).toBe(true);
    expect(isOverdue(subject, new Date(at.getTime() - 1))).toBe(false);
  });
  it('is the epoch for never contacted', () => {
    expect(overdueAt(null, 30).getTime()).toBe(0);
  });
});
