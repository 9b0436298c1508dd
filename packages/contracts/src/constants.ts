import type { ContactDetails } from './entities.js';

/** Business constants and limits of the product (spec §9). Every app imports them from here. */

export const MIN_PASSWORD_LENGTH = 6;
export const AUTH_CHECK_TIMEOUT_MS = 10_000;
export const IMPORT_CONFIRM_TIMEOUT_MS = 60_000;

/** The API's base path (spec §7); the gateway routes everything under it to the owning service. */
export const API_BASE_PATH = '/api';
export const ERROR_BOUNDARY_MAX_RETRIES = 3;
export const RESET_SUCCESS_REDIRECT_MS = 2_000;

export const DEFAULT_CONTACT_REMINDER_DAYS = 90;
export const MIN_REMINDER_DAYS = 1;
export const MAX_REMINDER_DAYS = 365;
export const DEFAULT_LIST_REMINDER_DAYS = 30;
export const DEFAULT_LIST_COLOR = '#3B82F6';
export const DEFAULT_BADGE_COLOR = '#6B7280';

export const DEFAULT_NOTIFICATION_SETTINGS = {
  bestFriendDays: 30,
  friendDays: 90,
  acquaintanceDays: 180,
  enablePushNotifications: false,
  remindersPaused: false,
} as const;

/** Daily reminders run at 09:00 UTC. */
export const DAILY_REMINDER_CRON = '0 9 * * *';
export const DAILY_REMINDER_HOUR_UTC = 9;
/** Window for "coming due" contacts (notifications upcoming, dashboard). */
export const UPCOMING_WINDOW_DAYS = 7;

/** The dashboard's 'Upcoming birthdays' panel looks this many days ahead. */
export const BIRTHDAY_PANEL_DAYS = 14;
/** The daily reminder e-mail lists birthdays of today and of this many days after. */
export const BIRTHDAY_DIGEST_DAYS = 7;
/** A contact's details when none are known (new contacts, fixtures). */
export const EMPTY_CONTACT_DETAILS: Readonly<ContactDetails> = Object.freeze({
  birthday: null,
  company: null,
  jobTitle: null,
  phones: [],
  emails: [],
  address: null,
  website: null,
});
/** Most additional phones or e-mails one contact keeps. */
export const MAX_EXTRA_CONTACT_VALUES = 20;
/** A contact's timeline page size. */
export const TIMELINE_PAGE_LIMIT = 20;

export const DASHBOARD_OVERDUE_LIMIT = 10;
export const CONTACT_COUNT_REQUEST_LIMIT = 1;
export const STORE_CONTACT_FETCH_LIMIT = 1000;
export const MAX_PAGE_LIMIT = 1000;
/**
 * PostgreSQL connections of the contacts service by default (DATABASE_POOL_SIZE). Past about two
 * per database core, more connections only queue inside PostgreSQL: on 2 cores, 5 served the
 * contacts benchmark with a lower p95 than 10. The benchmark's floor uses the same number.
 */
export const DEFAULT_CONTACTS_DATABASE_POOL_SIZE = 5;
/**
 * Counts the contacts service keeps per replica by default (COUNT_CACHE_ENTRIES; 0 keeps none):
 * the totals and grouped sections of recent searches and filters, a few hundred bytes each.
 */
export const DEFAULT_CONTACT_COUNT_CACHE_ENTRIES = 1000;
/**
 * A search page with at most this many matches sorts its matches (found by the trigram index)
 * rather than walking the sort order's index until a page of matches has passed: matches that
 * sit together in that order (every "Zoe" comes last by first name) made the walk read nearly
 * every contact. Sorting 5 000 matches takes about 10 ms; broader searches meet a page of
 * matches early in the walk.
 */
export const SEARCH_SORTS_MATCHES_UP_TO = 5_000;
export const DEFAULT_PAGE_LIMIT = 20;
/** `listId=none` on GET /contacts selects the contacts that belong to no list (the 'No List' section). */
export const NO_LIST_ID = 'none';
/** The name of the section of contacts without a list, wherever contacts are grouped by list. */
export const NO_LIST_SECTION_NAME = 'No List';
/**
 * Contacts per request of the contacts screen as it scrolls (well under MAX_PAGE_LIMIT). Fifty
 * cards fill three to four screens of the grid; every cost of a request (rows read, JSON built,
 * bytes proxied) grows with it, so a bigger page makes each request slower, the first card's too
 * (see bench:contacts).
 */
export const CONTACTS_SCREEN_PAGE_SIZE = 50;
/**
 * What the screens send to `GET /lists`: they show each list's counts, never every member's id
 * (a list can hold 100 000 contacts, and the screens page through them instead).
 */
export const LIST_SUMMARIES_QUERY = { withContactIds: false } as const;

export const IMPORT_MAX_FILE_BYTES = 5 * 1024 * 1024;
export const IMPORT_ALLOWED_EXTENSIONS = ['.vcf', '.vcard'] as const;
export const IMPORT_FILE_FIELD = 'vcfFile';
/**
 * Largest JSON body of an import confirmation, for the gateway and the contacts service alike: a
 * 5 MB vCard file's ~15 000 contacts confirm as ~2 MB of JSON, with room for every detail field.
 */
export const IMPORT_CONFIRM_BODY_LIMIT = '20mb';
export const IMPORT_PREVIEW_ERRORS_SHOWN = 3;
/**
 * Lists one import may create from its cards' categories (each with DEFAULT_LIST_COLOR and
 * DEFAULT_LIST_REMINDER_DAYS, like a list made by name alone): an export has as many as it had
 * lists; a file naming more is refused rather than flooding the lists page.
 */
export const IMPORT_MAX_NEW_LISTS = 100;

export const SEARCH_DEBOUNCE_MS = 300;
export const TOUR_START_DELAY_MS = 1_000;
export const TOUR_STEP_COUNT = 7;
export const DEMO_NOTICE_MS = 5_000;
/** The shared demo account's sample data is restored on the server at start and this often. */
export const DEMO_RESET_INTERVAL_MS = 60 * 60_000;

export const TOAST_DURATIONS_MS = {
  success: 2_000,
  error: 4_000,
  standard: 4_000,
  inAppDefault: 5_000,
  inAppError: 7_000,
  fadeOut: 300,
} as const;
export const MAX_TOASTS_SHOWN = 20;

/** Days an interval label and the list/contact forms offer as presets. */
export const REMINDER_PRESETS = [
  { days: 1, label: 'Daily' },
  { days: 7, label: 'Weekly' },
  { days: 30, label: 'Monthly' },
  { days: 60, label: 'Bi-monthly' },
  { days: 90, label: 'Quarterly' },
  { days: 180, label: 'Bi-annually' },
  { days: 365, label: 'Annually' },
] as const;

export const QUICK_DATE_CHOICES = [
  { label: 'Today', daysAgo: 0 },
  { label: 'Yesterday', daysAgo: 1 },
  { label: '7 days ago', daysAgo: 7 },
] as const;

export const DEMO_ACCOUNT = {
  email: 'demo@kith.app',
  password: 'demo1234',
  firstName: 'Demo',
  lastName: 'User',
} as const;
/** Fixed id of the demo user, so auth and contacts can each seed their part idempotently. */
export const DEMO_USER_ID = '00000000-0000-4000-8000-0000000000de';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_DAYS = 30;
export const RESET_TOKEN_TTL_MINUTES = 60;
/**
 * The cookie a full sign-in leaves on the client, naming it a known device of that account: the
 * account's sign-in backoff (which anyone can trigger) does not keep it out; its own failures do.
 */
export const KNOWN_DEVICE_COOKIE = 'kith_device';
export const KNOWN_DEVICE_TTL_DAYS = 180;
/** Issuer and audience every access token carries and every verifier checks. */
export const JWT_ISSUER = 'kith-auth';
export const JWT_AUDIENCE = 'kith-api';

export const MS_PER_DAY = 86_400_000;

/** Snooze choices on a contact (card menu, contact page); a snooze lasts at most a year. */
export const SNOOZE_CHOICES = [
  { key: 'day', label: '1 day' },
  { key: 'week', label: '1 week' },
  { key: 'month', label: '1 month' },
] as const;
export type SnoozeChoice = (typeof SNOOZE_CHOICES)[number]['key'];
export const MAX_SNOOZE_DAYS = 365;
/** One-click links in reminder e-mails: valid this long, single use. */
export const EMAIL_ACTION_TTL_DAYS = 7;
/** The unsubscribe (pause) link keeps working longer: old e-mails must still be able to stop mail. */
export const EMAIL_PAUSE_LINK_TTL_DAYS = 90;
/** The note of the interaction logged by 'Mark as contacted' from a reminder e-mail. */
export const REMINDER_EMAIL_INTERACTION_NOTE = 'From reminder e-mail';
/** Webhook deliveries shown in Settings. */
export const WEBHOOK_DELIVERY_LOG_SIZE = 20;
