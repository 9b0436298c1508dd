import { parseTimestamptz } from './kysely-database.js';

describe('parseTimestamptz', () => {
  it('reads PostgreSQL timestamptz text in any session time zone, with or without fractions', () => {
    expect(parseTimestamptz('2026-11-21 08:00:00.123+00').toISOString()).toBe('2026-11-21T08:00:00.123Z');
    expect(parseTimestamptz('2026-11-21 08:00:00+00').toISOString()).toBe('2026-11-21T08:00:00.000Z');
    expect(parseTimestamptz('2026-11-21 08:00:00.1+05:30').toISOString()).toBe('2026-11-21T02:30:00.100Z');
    expect(parseTimestamptz('2026-03-01 23:15:00.5-03').toISOString()).toBe('2026-03-02T02:15:00.500Z');
    expect(parseTimestamptz('1970-01-01 00:00:00+00').getTime()).toBe(0);
  });
});
