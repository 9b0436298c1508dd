import { buildLogRequest, endOfTodayInput, isBeforeToday, parseLocalInput, quickDateTime } from './log-contact.js';

const now = new Date(2026, 4, 20, 14, 30);

describe('quick date choices', () => {
  it('keeps the time of day and moves the date back', () => {
    expect(quickDateTime(0, now)).toBe('2026-05-20T14:30');
    expect(quickDateTime(1, now)).toBe('2026-05-19T14:30');
    expect(quickDateTime(7, now)).toBe('2026-05-13T14:30');
  });
});

describe('date rules', () => {
  it('offers every minute of today, later today included', () => {
    expect(endOfTodayInput(now)).toBe('2026-05-20T23:59');
  });

  it('allows a reminder today but not yesterday', () => {
    expect(isBeforeToday(new Date(2026, 4, 20), now)).toBe(false);
    expect(isBeforeToday(new Date(2026, 4, 19, 23, 59), now)).toBe(true);
  });
});

describe('buildLogRequest', () => {
  it('sends an ISO timestamp and trimmed notes', () => {
    const request = buildLogRequest('c1', { type: 'TEXT', dateTime: '2026-05-19T09:15', notes: '  coffee  ' });
    expect(request).toEqual({
      contactId: 'c1',
      type: 'TEXT',
      timestamp: new Date(2026, 4, 19, 9, 15).toISOString(),
      notes: 'coffee',
    });
  });

  it('omits blank notes', () => {
    const request = buildLogRequest('c1', { type: 'PHONE_CALL', dateTime: '2026-05-19T09:15', notes: '   ' });
    expect(request).not.toHaveProperty('notes');
  });

  it('rejects a missing date', () => {
    expect(parseLocalInput('')).toBeNull();
    expect(() => buildLogRequest('c1', { type: 'OTHER', dateTime: '', notes: '' })).toThrow(
      'Date and time are required',
    );
  });
});

describe('parseLocalInput', () => {
  it('reads date and date-time inputs and refuses impossible dates', () => {
    expect(parseLocalInput('2026-05-19T09:15')).toEqual(new Date(2026, 4, 19, 9, 15));
    expect(parseLocalInput('2026-05-19')).toEqual(new Date(2026, 4, 19));
    expect(parseLocalInput('2026-02-31')).toBeNull();
    expect(parseLocalInput('yesterday')).toBeNull();
  });
});
