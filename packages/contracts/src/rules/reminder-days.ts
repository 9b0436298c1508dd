import { MAX_REMINDER_DAYS, MIN_REMINDER_DAYS } from '../constants.js';
import { ValidationMessage } from '../vocabulary.js';

/**
 * What is wrong with a typed interval in days, as the forms say it (the same messages as the API's
 * schema), or null when it is a whole number within the allowed range.
 */
export function reminderDaysProblem(typed: string): string | null {
  const days = Number(typed);
  if (!Number.isInteger(days)) return ValidationMessage.REMINDER_DAYS_WHOLE;
  if (days < MIN_REMINDER_DAYS) return ValidationMessage.REMINDER_DAYS_MIN;
  if (days > MAX_REMINDER_DAYS) return ValidationMessage.REMINDER_DAYS_MAX;
  return null;
}
