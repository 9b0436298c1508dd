import { MAX_CONTACTS_PER_EMAIL } from '@kith/contracts';

/**
 * Overdue contacts fetched for one reminder, most important first: as many as any user's e-mail
 * may list. ReminderComposer cuts them to the user's setting; the e-mail counts the rest and
 * links to the overdue page.
 */
export const CONTACTS_PER_EMAIL = MAX_CONTACTS_PER_EMAIL;

/** The UTC calendar day of an instant, as YYYY-MM-DD: the unit of "one daily reminder". */
export function utcDay(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}
