import { escapeText, foldLine } from '../common/content-lines.js';

/**
 * The few pieces of RFC 5545 the feed needs, written line by line so a feed of thousands of
 * events streams instead of being built in memory (libraries such as ical-generator render the
 * whole calendar as one string).
 */

/** DATE value: 20261123. */
export const formatDate = (date: Date) => date.toISOString().slice(0, 10).replaceAll('-', '');
/** DATE-TIME in UTC: 20261123T090000Z. */
export const formatDateTime = (date: Date) => `${date.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;

const nextDay = (date: Date) => new Date(date.getTime() + 86_400_000);

export interface AllDayEvent {
  /** Stable across fetches, so calendar apps update the event instead of adding another. */
  uid: string;
  date: Date;
  summary: string;
  description?: string | null;
  /** When the source last changed (stable across fetches, so the feed's bytes are too). */
  stamp: Date;
  /** RRULE value, e.g. FREQ=YEARLY for birthdays. */
  recurrence?: string;
}

export function calendarHeader(name: string): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Kith//Calendar feed//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(name)}`,
    'REFRESH-INTERVAL;VALUE=DURATION:PT6H',
  ]
    .map(foldLine)
    .join('');
}

export const calendarFooter = () => foldLine('END:VCALENDAR');

export function allDayEvent(event: AllDayEvent): string {
  const lines = [
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${formatDateTime(event.stamp)}`,
    `DTSTART;VALUE=DATE:${formatDate(event.date)}`,
    `DTEND;VALUE=DATE:${formatDate(nextDay(event.date))}`,
    ...(event.recurrence ? [`RRULE:${event.recurrence}`] : []),
    `SUMMARY:${escapeText(event.summary)}`,
    ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
    'TRANSP:TRANSPARENT',
    'END:VEVENT',
  ];
  return lines.map(foldLine).join('');
}
