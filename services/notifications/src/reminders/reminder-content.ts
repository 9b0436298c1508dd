/** Overdue contacts listed in one reminder; the email counts the rest and links to the overdue page. */
export const CONTACTS_PER_EMAIL = 20;

/** The UTC calendar day of an instant, as YYYY-MM-DD: the unit of "one daily reminder". */
export function utcDay(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}
