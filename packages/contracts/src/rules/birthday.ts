import { MS_PER_DAY } from '../constants.js';

/**
 * Birthdays are stored as vCard writes them: "YYYY-MM-DD", or "--MM-DD" when the year is unknown.
 * Days are UTC days, like the daily reminder run. Someone born on 29 February celebrates on
 * 28 February in a year without one.
 */
export const BIRTHDAY_PATTERN = /^(\d{4}|-)-(\d{2})-(\d{2})$/;

export interface BirthdayParts {
  year: number | null;
  month: number;
  day: number;
}

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

function daysInMonth(month: number, year: number | null): number {
  if (month === 2) return year == null || isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** The parts of a stored birthday; null when it is not a real calendar day. */
export function parseBirthday(value: string): BirthdayParts | null {
  const match = BIRTHDAY_PATTERN.exec(value);
  if (!match) return null;
  const year = match[1] === '-' ? null : Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (year !== null && year < 1) return null;
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(month, year)) return null;
  return { year, month, day };
}

export function isValidBirthday(value: string): boolean {
  return parseBirthday(value) !== null;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** "YYYY-MM-DD" or "--MM-DD" from parts. */
export function formatBirthdayValue(parts: BirthdayParts): string {
  return `${parts.year == null ? '-' : pad(parts.year, 4)}-${pad(parts.month)}-${pad(parts.day)}`;
}

/** month × 100 + day, the key the contacts database indexes birthdays by (e.g. 312 for 12 March). */
export function birthdayMonthDay(parts: Pick<BirthdayParts, 'month' | 'day'>): number {
  return parts.month * 100 + parts.day;
}

const startOfUtcDay = (date: Date) => Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());

/** The day the birthday falls on in `year` (29 February moves to the 28th in other years). */
function celebrationInYear(parts: BirthdayParts, year: number): number {
  const day = parts.month === 2 && parts.day === 29 && !isLeapYear(year) ? 28 : parts.day;
  return Date.UTC(year, parts.month - 1, day);
}

export interface BirthdayOccurrence {
  /** The next celebration, today included, as "YYYY-MM-DD". */
  date: string;
  daysUntil: number;
  /** The age reached that day; null when the year is unknown. */
  age: number | null;
}

/** The next time (today or later) the birthday is celebrated, seen from `now`'s UTC day. */
export function nextBirthday(birthday: string, now: Date = new Date()): BirthdayOccurrence | null {
  const parts = parseBirthday(birthday);
  if (!parts) return null;
  const today = startOfUtcDay(now);
  let year = new Date(today).getUTCFullYear();
  if (celebrationInYear(parts, year) < today) year++;
  const day = celebrationInYear(parts, year);
  return {
    date: new Date(day).toISOString().slice(0, 10),
    daysUntil: Math.round((day - today) / MS_PER_DAY),
    age: parts.year == null ? null : year - parts.year,
  };
}

/**
 * The month-day keys of the birthdays celebrated from `now`'s UTC day through `days` days later
 * (both ends included): what a query matches against the indexed key.
 */
export function birthdayMonthDaysWithin(days: number, now: Date = new Date()): number[] {
  const keys: number[] = [];
  const today = startOfUtcDay(now);
  for (let offset = 0; offset <= days; offset++) {
    const date = new Date(today + offset * MS_PER_DAY);
    const month = date.getUTCMonth() + 1;
    const day = date.getUTCDate();
    keys.push(birthdayMonthDay({ month, day }));
    if (month === 2 && day === 28 && !isLeapYear(date.getUTCFullYear()))
      keys.push(birthdayMonthDay({ month: 2, day: 29 }));
  }
  return keys;
}

/** English month names, January first (the birthday picker and formatted birthdays). */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "12 March 1985", or "12 March" without a year. */
export function birthdayLabel(birthday: string): string {
  const parts = parseBirthday(birthday);
  if (!parts) return birthday;
  return `${parts.day} ${MONTH_NAMES[parts.month - 1]}${parts.year == null ? '' : ` ${parts.year}`}`;
}

/** "today", "tomorrow", "in 5 days". */
export function birthdayWhenLabel(daysUntil: number): string {
  if (daysUntil === 0) return 'today';
  if (daysUntil === 1) return 'tomorrow';
  return `in ${daysUntil} days`;
}
