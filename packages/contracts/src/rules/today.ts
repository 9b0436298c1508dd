/**
 * "The date cannot be later than today": today is not in the future, so any time later
 * today is allowed. The browser knows the user's day; the server does not, so it accepts anything
 * that some time zone (UTC-12 to UTC+14, in half hours) still calls today, and refuses what none does.
 */
const HOUR_MS = 60 * 60 * 1000;
const ZONE_OFFSETS_MS = Array.from({ length: (14 + 12) * 2 + 1 }, (_, index) => (index / 2 - 12) * HOUR_MS);

/** The last millisecond that is still "today" somewhere on Earth. */
export function endOfTodayAnywhere(now: Date = new Date()): number {
  let latest = -Infinity;
  for (const offset of ZONE_OFFSETS_MS) {
    const there = new Date(now.getTime() + offset);
    const endThere = Date.UTC(there.getUTCFullYear(), there.getUTCMonth(), there.getUTCDate() + 1) - offset - 1;
    latest = Math.max(latest, endThere);
  }
  return latest;
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
