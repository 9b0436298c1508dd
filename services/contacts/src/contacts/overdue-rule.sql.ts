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

/** overdueAt(): never contacted ⇒ the epoch, else one whole day after the interval has elapsed. */
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
