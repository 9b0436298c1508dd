import { MS_PER_DAY } from '../constants.js';
import type { SnoozeChoice } from '../constants.js';

/** When a snooze chosen at `now` ends: a day, a week, or the same time next calendar month (UTC). */
export function snoozeUntil(choice: SnoozeChoice, now: Date = new Date()): Date {
  switch (choice) {
    case 'day':
      return new Date(now.getTime() + MS_PER_DAY);
    case 'week':
      return new Date(now.getTime() + 7 * MS_PER_DAY);
    case 'month': {
      const next = new Date(now);
      const day = next.getUTCDate();
      next.setUTCDate(1);
      next.setUTCMonth(next.getUTCMonth() + 1);
      // 31 January + 1 month is the last day of February, not 3 March.
      const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
      next.setUTCDate(Math.min(day, lastDay));
      return next;
    }
    default: {
      const unknown: never = choice;
      throw new Error(`Unknown snooze choice ${String(unknown)}`);
    }
  }
}

/** Whether a snooze is still running at `now` (a snoozed contact is left out of reminders). */
export function isSnoozed(snoozedUntil: Date | string | null | undefined, now: Date = new Date()): boolean {
  return snoozedUntil != null && new Date(snoozedUntil).getTime() > now.getTime();
}

/** The label the app shows on a snoozed contact, e.g. 'Snoozed until 30 Nov 2026'. */
export function snoozedUntilLabel(snoozedUntil: Date | string): string {
  const date = new Date(snoozedUntil);
  return `Snoozed until ${date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })}`;
}
