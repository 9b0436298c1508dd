import { daysSince, keepsInTouch, type OverdueSubject, remindingDays } from './overdue.js';

/**
 * Priority: how late someone is for *their* interval. The lateness ratio is the whole days since
 * the last contact divided by the interval (2 = twice the interval has passed); a contact never
 * contacted counts from the day it was added. Those matter most who are latest, except that
 * people never contacted and in no list (nor with an interval of their own) — typically an
 * imported address book — come after everyone else, and people not kept in touch with last of all.
 * The SQL in services/contacts (overdue-rule.sql.ts) orders by the same key;
 * test/rules-sql.integration-spec.ts holds both to the same answers.
 */
export interface PrioritySubject extends OverdueSubject {
  listId: string | null;
  createdAt: Date | string;
}

/** 0: kept in touch; 1: never contacted, in no list and without an interval of its own; 2: not kept in touch. */
export function priorityTier(subject: PrioritySubject): 0 | 1 | 2 {
  if (!keepsInTouch(subject)) return 2;
  if (subject.lastContactDate == null && subject.listId == null && subject.customReminderDays == null) return 1;
  return 0;
}

/** Whole days since the last contact (else since the contact was added) ÷ the interval; null when not kept in touch. */
export function latenessRatio(subject: PrioritySubject, now: Date = new Date()): number | null {
  const interval = remindingDays(subject);
  if (interval == null) return null;
  return (daysSince(subject.lastContactDate ?? subject.createdAt, now) ?? 0) / interval;
}

/** Most important first: by tier, then the larger lateness ratio; ties keep their given order. */
export function comparePriority(a: PrioritySubject, b: PrioritySubject, now: Date = new Date()): number {
  return priorityTier(a) - priorityTier(b) || (latenessRatio(b, now) ?? 0) - (latenessRatio(a, now) ?? 0);
}
