import { dueDay, feedEvents } from './calendar-feed.service.js';

const day = (iso: string) => new Date(`${iso}T00:00:00.000Z`);
const today = day('2026-11-23');

describe('dueDay', () => {
  it('is the last day of the interval, never before today', () => {
    expect(dueDay(new Date('2026-12-02T15:00:00Z'), today)).toEqual(day('2026-12-01'));
    expect(dueDay(new Date(0), today)).toEqual(today);
  });

  it('waits for the day a snooze ends, and ignores a snooze that is over or ends before the due day', () => {
    expect(dueDay(new Date(0), today, new Date('2026-12-05T10:00:00Z'))).toEqual(day('2026-12-05'));
    expect(dueDay(new Date(0), today, new Date('2026-11-20T10:00:00Z'))).toEqual(today);
    expect(dueDay(new Date('2027-01-10T00:00:00Z'), today, new Date('2026-12-05T00:00:00Z'))).toEqual(
      day('2027-01-09'),
    );
  });
});

describe('feedEvents', () => {
  const contact = {
    id: 'c1',
    firstName: 'Ann',
    lastName: 'Lee',
    createdAt: day('2026-01-01'),
    updatedAt: day('2026-11-01'),
    overdueAt: new Date(0),
    reminderDate: null,
    reminderNotes: null,
    birthday: null,
    snoozedUntil: null,
  };

  it('says why a due event moved when a snooze moved it', () => {
    const snoozed = feedEvents({ ...contact, snoozedUntil: new Date('2026-12-05T10:00:00Z') }, today);
    expect(snoozed).toContain('DTSTART;VALUE=DATE:20261205\r\n');
    expect(snoozed).toContain('DESCRIPTION:Snoozed until 2026-12-05\r\n');
    const due = feedEvents(contact, today);
    expect(due).toContain('DTSTART;VALUE=DATE:20261123\r\n');
    expect(due).not.toContain('DESCRIPTION');
  });
});
