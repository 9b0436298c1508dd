import type { CommunicationType, LogCommunicationRequest } from '@kith/contracts';

const pad = (value: number) => String(value).padStart(2, '0');

/** The value of `<input type="date">` for a local date. */
export function toLocalDateInput(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The value of `<input type="datetime-local">` for a local moment (to the minute). */
export function toLocalDateTimeInput(date: Date): string {
  return `${toLocalDateInput(date)}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** 'yyyy-MM-ddTHH:mm' or 'yyyy-MM-dd' as a local moment; null for anything else. */
export function parseLocalInput(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/.exec(value);
  if (!match) return null;
  const [, year, month, day, hours = '0', minutes = '0'] = match;
  const date = new Date(Number(year), Number(month) - 1, Number(day), Number(hours), Number(minutes));
  return date.getMonth() === Number(month) - 1 && date.getDate() === Number(day) ? date : null;
}

/** A quick date choice (today, yesterday, 7 days ago) keeps the time of day and moves the date back. */
export function quickDateTime(daysAgo: number, now: Date = new Date()): string {
  const date = new Date(now);
  date.setDate(date.getDate() - daysAgo);
  return toLocalDateTimeInput(date);
}

/** The latest value the date-and-time pickers offer: the last minute of today (later today is allowed). */
export function endOfTodayInput(now: Date = new Date()): string {
  return `${toLocalDateInput(now)}T23:59`;
}

/** A reminder may be set for today or later, never before today. */
export function isBeforeToday(date: Date, now: Date = new Date()): boolean {
  const startOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  return date.getTime() < startOfToday.getTime();
}

export interface LogContactForm {
  type: CommunicationType;
  dateTime: string;
  notes: string;
}

/** The body of POST /communications/log: notes trimmed and left out when empty. */
export function buildLogRequest(contactId: string, form: LogContactForm): LogCommunicationRequest {
  const when = parseLocalInput(form.dateTime);
  if (!when) throw new Error('Date and time are required');
  const notes = form.notes.trim();
  return { contactId, type: form.type, timestamp: when.toISOString(), ...(notes ? { notes } : {}) };
}
