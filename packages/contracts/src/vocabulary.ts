import { MIN_PASSWORD_LENGTH } from './constants.js';

/**
 * The zod-free half of validation: messages, patterns and enumerations. Browser bundles import
 * these through `@kith/contracts/browser` without pulling zod in.
 */

/** The validation messages people see, word for word as specified. Forms and servers both use these. */
export const ValidationMessage = {
  EMAIL_REQUIRED: 'Email is required',
  EMAIL_INVALID: 'Invalid email address',
  EMAIL_INVALID_FORGOT: 'Please enter a valid email address',
  PASSWORD_REQUIRED: 'Password is required',
  PASSWORD_TOO_SHORT: `Password must be at least ${MIN_PASSWORD_LENGTH} characters`,
  CONFIRM_PASSWORD_REQUIRED: 'Please confirm your password',
  PASSWORDS_DO_NOT_MATCH: 'Passwords do not match',
  FIRST_NAME_REQUIRED: 'First name is required',
  LAST_NAME_REQUIRED: 'Last name is required',
  IMPORT_NAME_REQUIRED: 'A card needs a name, a company or a phone number',
  REMINDER_DAYS_WHOLE: 'Must be a whole number of days',
  REMINDER_DAYS_MIN: 'Must be at least 1 day',
  REMINDER_DAYS_MAX: 'Must be less than 365 days',
  LIST_NAME_REQUIRED: 'List name is required',
  COLOR_INVALID: 'Color must be a hex colour like #3B82F6',
  DATE_IN_FUTURE: 'Date cannot be later than today',
  REMINDER_DATE_IN_PAST: 'Reminder date cannot be before today',
  REMINDER_DATE_REQUIRED: 'Reminder date is required',
  DATE_INVALID: 'Must be a valid ISO 8601 date',
  RESET_TOKEN_MISSING: 'Invalid or missing reset token',
  SELECT_AT_LEAST_ONE: 'Please select at least one contact to import',
  BIRTHDAY_INVALID: 'Birthday must be a date like 1985-03-12, or --03-12 without the year',
} as const;

/** The spec's loose pattern: non-space characters, an @, more non-space characters. */
export const LOOSE_EMAIL_PATTERN = /^\S+@\S+$/;
export const HEX_COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;

export const CommunicationType = {
  PHONE_CALL: 'PHONE_CALL',
  TEXT: 'TEXT',
  EMAIL: 'EMAIL',
  IN_PERSON: 'IN_PERSON',
  OTHER: 'OTHER',
} as const;
export type CommunicationType = (typeof CommunicationType)[keyof typeof CommunicationType];
export const COMMUNICATION_TYPE_LABELS: Record<CommunicationType, string> = {
  PHONE_CALL: 'Phone Call',
  TEXT: 'Text Message',
  EMAIL: 'Email',
  IN_PERSON: 'In Person',
  OTHER: 'Other',
};
export const DEFAULT_COMMUNICATION_TYPE: CommunicationType = CommunicationType.PHONE_CALL;

/** `priority`: most important first (rules/priority.ts), beside the spec's sorts. */
export const ContactSortBy = ['name', 'updated', 'created', 'lastContact', 'priority'] as const;
export type ContactSortBy = (typeof ContactSortBy)[number];
export const SortOrder = ['asc', 'desc'] as const;
export type SortOrder = (typeof SortOrder)[number];
