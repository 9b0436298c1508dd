import { allDayEvent } from './ical-writer.js';

describe('ical-writer', () => {
  it('writes an all-day event ending the next day', () => {
    const text = allDayEvent({
      uid: 'due-1@kith',
      date: new Date('2026-12-31T00:00:00Z'),
      summary: 'Get in touch with A B',
      stamp: new Date('2026-01-02T03:04:05Z'),
    });
    expect(text).toContain('DTSTART;VALUE=DATE:20261231\r\n');
    expect(text).toContain('DTEND;VALUE=DATE:20270101\r\n');
    expect(text).toContain('DTSTAMP:20260102T030405Z\r\n');
  });
});
