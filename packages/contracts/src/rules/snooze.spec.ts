import { isSnoozed, snoozedUntilLabel, snoozeUntil } from './snooze.js';

describe('snoozeUntil', () => {
  const now = new Date('2026-01-31T10:00:00.000Z');
  it('adds a day, a week, or a calendar month clamped to the month end', () => {
    expect(snoozeUntil('day', now).toISOString()).toBe('2026-02-01T10:00:00.000Z');
    expect(snoozeUntil('week', now).toISOString()).toBe('2026-02-07T10:00:00.000Z');
    expect(snoozeUntil('month', now).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(snoozeUntil('month', new Date('2026-03-15T08:00:00Z')).toISOString()).toBe('2026-04-15T08:00:00.000Z');
    expect(snoozeUntil('month', new Date('2026-12-20T08:00:00Z')).toISOString()).toBe('2027-01-20T08:00:00.000Z');
  });
});

describe('isSnoozed', () => {
  const now = new Date('2026-01-10T00:00:00Z');
  it('is true only while the snooze runs', () => {
    expect(isSnoozed(null, now)).toBe(false);
    expect(isSnoozed('2026-01-09T23:59:59Z', now)).toBe(false);
    expect(isSnoozed(now, now)).toBe(false);
    expect(isSnoozed('2026-01-10T00:00:01Z', now)).toBe(true);
  });
  it('labels the end date in UTC', () => {
    expect(snoozedUntilLabel('2026-11-30T23:30:00Z')).toBe('Snoozed until 30 Nov 2026');
  });
});
