import { DEFAULT_CONTACT_REMINDER_DAYS } from '@kith/contracts';
import { sql } from 'kysely';
import type { Fragment } from './contact-query.sql.js';

/*
 * The overdue rule of @kith/contracts (rules/overdue.ts, rules/snooze.ts) as SQL, for the
 * set-based writes and the reads that must never load a user's contacts: contacts.overdue_at
 * stores overdueAt(lastContactDate, effectiveReminderDays(...)), computed in the database by the
 * migrations' contact_overdue_at(), and being overdue is `overdue_at <= now`. The default interval
 * comes from the contracts. test/rules-sql.integration-spec.ts runs these and the TypeScript
 * rules on the same cases.
 */

/** effectiveReminderDays(): the contact's own interval, else its list's, else the default. */
export function effectiveReminderDaysSql(custom: Fragment, list: Fragment): Fragment {
  return sql`coalesce(${custom}, ${list}, ${DEFAULT_CONTACT_REMINDER_DAYS}::int)`;
}

/**
 * remindingDays(): the effective interval when the contact is kept in touch with (keepsInTouch():
 * its own switch on, and its list's on unless it has an interval of its own), else NULL.
 */
export function remindingDaysSql(custom: Fragment, list: Fragment, keep: Fragment, listKeep: Fragment): Fragment {
  return sql`CASE WHEN ${keep} AND (${custom} IS NOT NULL OR ${listKeep} IS NOT FALSE)
                  THEN ${effectiveReminderDaysSql(custom, list)} END`;
}

/** overdueAt(): no interval (not kept in touch with) ⇒ NULL, never contacted ⇒ the epoch, else one whole day after the interval has elapsed. */
export function overdueAtSql(lastContact: Fragment, reminderDays: Fragment): Fragment {
  return sql`contact_overdue_at(${lastContact}, ${reminderDays})`;
}

/** isOverdue() at `now` of the contact aliased `c`. */
export function overdueSql(now: Date): Fragment {
  return sql`c.overdue_at <= ${now}`;
}

/** Overdue and not snoozed (isSnoozed()) at `now`: what reminder e-mails list (`c` is the contacts alias). */
export function remindableSql(now: Date): Fragment {
  return sql`c.overdue_at <= ${now} AND (c.snoozed_until IS NULL OR c.snoozed_until <= ${now})`;
}

/**
 * ORDER BY of rules/priority.ts comparePriority() at `now` for the contact `c` with its list `l`:
 * the tier, then the lateness ratio (whole days since the last contact, else since it was added,
 * ÷ its interval) largest first. Computed per row, so it sorts the rows the filter leaves (the
 * overdue ones, on the screens and in e-mails) rather than walking an index.
 */
export function priorityTierSql(): Fragment {
  const keeps = sql`(c.keep_in_touch AND (c.custom_reminder_days IS NOT NULL OR l.keep_in_touch IS NOT FALSE))`;
  return sql`CASE WHEN NOT ${keeps} THEN 2
                  WHEN c.last_contact_date IS NULL AND c.list_id IS NULL AND c.custom_reminder_days IS NULL THEN 1
                  ELSE 0 END`;
}

export function latenessRatioSql(now: Date): Fragment {
  const days = sql`greatest(0, floor(extract(epoch FROM (${now}::timestamptz - coalesce(c.last_contact_date, c.created_at))) * 1000 / 86400000))`;
  const interval = remindingDaysSql(
    sql`c.custom_reminder_days`,
    sql`l.reminder_days`,
    sql`c.keep_in_touch`,
    sql`l.keep_in_touch`,
  );
  return sql`(${days}::float8 / ${interval})`;
}

/**
 * Most important first (`c` joined with its list `l`), or last when `reversed`, ending in the id
 * so pages are stable.
 */
export function priorityOrderSql(now: Date, reversed = false): Fragment {
  const direction = sql.raw(reversed ? 'ASC' : 'DESC');
  const tierDirection = sql.raw(reversed ? 'DESC' : 'ASC');
  return sql`${priorityTierSql()} ${tierDirection}, ${latenessRatioSql(now)} ${direction} NULLS LAST, c.id ASC`;
}
