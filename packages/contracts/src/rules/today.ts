/**
 * "The date cannot be later than today" (spec §5): today is not in the future, so any time later
 * today is allowed. The browser knows the user's day; the server does not, so it accepts anything
 * up to the end of the day in the earliest time zone (UTC+14) and refuses what no zone calls today.
 */
const EARLIEST_ZONE_OFFSET_MS = 14 * 60 * 60 * 1000;

/** The last millisecond that is still "today" somewhere on Earth. */
export function endOfTodayAnywhere(now: Date = new Date()): number {
  const there = new Date(now.getTime() + EARLIEST_ZONE_OFFSET_MS);
  return Date.UTC(there.getUTCFullYear(), there.getUTCMonth(), there.getUTCDate() + 1) - EARLIEST_ZONE_OFFSET_MS - 1;
}

/** Server side: a moment that no time zone calls today or earlier. */
export function isLaterThanTodayAnywhere(moment: Date, now: Date = new Date()): boolean {
  return moment.getTime() > endOfTodayAnywhere(now);
}

/** Browser side: a moment on a later calendar day than today, in the user's own time zone. */
export function isLaterThanToday(moment: Date, now: Date = new Date()): boolean {
  const startOfTomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  return moment.getTime() >= startOfTomorrow.getTime();
}
