import { DEFAULT_CONTACT_REMINDER_DAYS, MS_PER_DAY } from '../constants.js';

/**
 * The overdue rule: never contacted ⇒ overdue; otherwise overdue when the whole days
 * since the last contact (rounded down) exceed the interval. The interval is the contact's
 * custom days, else its list's, else 90. The SQL side stores `overdueAt(...)` and compares it
 * with now(), which is the same rule: floor(elapsed / day) > interval ⇔ elapsed ≥ (interval + 1) days.
 */

export interface OverdueSubject {
  lastContactDate: Date | string | null;
  customReminderDays: number | null;
  listReminderDays: number | null;
  /** The contact's keep-in-touch switch; absent means on (the spec's behaviour). */
  keepInTouch?: boolean;
  /** Its list's keep-in-touch switch; null or absent without a list. */
  listKeepInTouch?: boolean | null;
}

/**
 * Whether the contact is kept in touch with at all: its own switch is on, and its list's is too
 * unless the contact has its own interval (an interval of its own outranks the list's, as for the
 * interval itself). A contact not kept in touch with is never overdue.
 */
export function keepsInTouch(
  subject: Pick<OverdueSubject, 'customReminderDays' | 'keepInTouch' | 'listKeepInTouch'>,
): boolean {
  if (subject.keepInTouch === false) return false;
  return subject.customReminderDays != null || subject.listKeepInTouch !== false;
}

/** The interval the overdue rule measures against, or null when the contact is not kept in touch with. */
export function remindingDays(subject: OverdueSubject): number | null {
  return keepsInTouch(subject) ? effectiveReminderDays(subject.customReminderDays, subject.listReminderDays) : null;
}

export function effectiveReminderDays(customReminderDays: number | null, listReminderDays: number | null): number {
  return customReminderDays ?? listReminderDays ?? DEFAULT_CONTACT_REMINDER_DAYS;
}

export function daysSince(date: Date | string | null, now: Date = new Date()): number | null {
  if (date == null) return null;
  const elapsed = now.getTime() - new Date(date).getTime();
  return Math.max(0, Math.floor(elapsed / MS_PER_DAY));
}

export function isOverdue(subject: OverdueSubject, now: Date = new Date()): boolean {
  const interval = remindingDays(subject);
  if (interval == null) return false;
  const days = daysSince(subject.lastContactDate, now);
  if (days == null) return true;
  return days > interval;
}

/** Whole days past the interval (0 or more); null if never contacted or not kept in touch with. */
export function daysOverdue(subject: OverdueSubject, now: Date = new Date()): number | null {
  const days = daysSince(subject.lastContactDate, now);
  const interval = remindingDays(subject);
  if (days == null || interval == null) return null;
  return Math.max(0, days - interval);
}

/**
 * The instant from which the contact counts as overdue. Never contacted ⇒ the epoch (always
 * overdue); no interval (not kept in touch with, see remindingDays) ⇒ null, never. Stored per
 * contact so an index answers "who is overdue now".
 */
export function overdueAt(lastContactDate: Date | string | null, reminderDays: number): Date;
export function overdueAt(lastContactDate: Date | string | null, reminderDays: number | null): Date | null;
export function overdueAt(lastContactDate: Date | string | null, reminderDays: number | null): Date | null {
  if (reminderDays == null) return null;
  if (lastContactDate == null) return new Date(0);
  return new Date(new Date(lastContactDate).getTime() + (reminderDays + 1) * MS_PER_DAY);
}

/**
 * The last contact (what the timeline shows): the newest logged interaction or the date set without
 * one (Update Status, Mark as Contacted), whichever is newer. Editing or deleting interactions
 * therefore falls back to the next newest one, or to that date.
 */
export function lastContactOf(newestInteraction: Date | null, statusContactDate: Date | null): Date | null {
  if (!newestInteraction) return statusContactDate;
  if (!statusContactDate) return newestInteraction;
  return newestInteraction > statusContactDate ? newestInteraction : statusContactDate;
}
