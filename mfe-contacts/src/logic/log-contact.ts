import { format, isValid, parse, startOfDay, subDays } from 'date-fns';
import { type CommunicationType, type LogCommunicationRequest } from '@kith/contracts';

/** The value format of `<input type="datetime-local">`. */
const LOCAL_DATE_TIME = "yyyy-MM-dd'T'HH:mm";
/** The value format of `<input type="date">`. */
const LOCAL_DATE = 'yyyy-MM-dd';

export function toLocalDateTimeInput(date: Date): string {
  return format(date, LOCAL_DATE_TIME);
}

export function toLocalDateInput(date: Date): string {
  return format(date, LOCAL_DATE);
}

export function parseLocalDateTimeInput(value: string): Date | null {
  const parsed = parse(value, LOCAL_DATE_TIME, new Date());
  return isValid(parsed) ? parsed : null;
}

export function parseLocalDateInput(value: string): Date | null {
  const parsed = parse(value, LOCAL_DATE, new Date());
  return isValid(parsed) ? parsed : null;
}

/** A quick date choice keeps the current time of day and moves the date back. */
export function quickDateTime(daysAgo: number, now: Date = new Date()): string {
  return toLocalDateTimeInput(subDays(now, daysAgo));
}

export function isInFuture(date: Date, now: Date = new Date()): boolean {
  return date.getTime() > now.getTime();
}

/** A reminder may be set for today or later, never before today. */
export function isBeforeToday(date: Date, now: Date = new Date()): boolean {
  return date.getTime() < startOfDay(now).getTime();
}

export interface LogContactForm {
  type: CommunicationType;
  dateTime: string;
  notes: string;
}

/** The body of POST /communications/log: notes trimmed and left out when empty. */
export function buildLogRequest(contactId: string, form: LogContactForm): LogCommunicationRequest {
  const when = parseLocalDateTimeInput(form.dateTime);
  if (!when) throw new Error('Date and time are required');
  const notes = form.notes.trim();
  return {
    contactId,
    type: form.type,
    timestamp: when.toISOString(),
    ...(notes ? { notes } : {}),
  };
}
