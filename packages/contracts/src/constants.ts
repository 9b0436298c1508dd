/**
 * The product's rules and limits that servers and clients share: the API contract's numbers and
 * defaults, token lifetimes, the demo account. The web app's own tuning is in ui-tuning.ts.
 */

export const MIN_PASSWORD_LENGTH = 6;
/** How long confirming an import may take (the gateway's upstream timeout and the web client's wait). */
export const IMPORT_CONFIRM_TIMEOUT_MS = 60_000;

/** The API's base path; the gateway routes everything under it to the owning service. */
export const API_BASE_PATH = '/api';

export const DEFAULT_CONTACT_REMINDER_DAYS = 90;
export const MIN_REMINDER_DAYS = 1;
export const MAX_REMINDER_DAYS = 365;
export const DEFAULT_LIST_REMINDER_DAYS = 30;
export const DEFAULT_LIST_COLOR = '#3B82F6';

export const DEFAULT_NOTIFICATION_SETTINGS = {
  bestFriendDays: 30,
  friendDays: 90,
  acquaintanceDays: 180,
  enablePushNotifications: false,
  remindersPaused: false,
  contactsPerEmail: 10,
} as const;
/** The daily e-mail lists at most this many people (the user's setting), most important first, and links to the rest. */
export const MIN_CONTACTS_PER_EMAIL = 1;
export const MAX_CONTACTS_PER_EMAIL = 50;

/**
 * How an import treats the people it brings: 'later' leaves them out of reminders (keepInTouch
 * false), 'from-today' starts their timers at the import, 'from-history' keeps the spec's rule
 * (a card carries no last contact, so they are due at once).
 */
export const ImportRemind = ['later', 'from-today', 'from-history'] as const;
export type ImportRemind = (typeof ImportRemind)[number];
/** The import preview proposes 'later' for more cards than this. */
export const IMPORT_REMIND_LATER_ABOVE = 50;

/** Daily reminders run at 09:00 UTC. */
export const DAILY_REMINDER_CRON = '0 9 * * *';
/** Window for "coming due" contacts (notifications upcoming, dashboard). */
export const UPCOMING_WINDOW_DAYS = 7;

/** The dashboard's 'Upcoming birthdays' panel looks this many days ahead. */
export const BIRTHDAY_PANEL_DAYS = 14;
/** The daily reminder e-mail lists birthdays of today and of this many days after. */
export const BIRTHDAY_DIGEST_DAYS = 7;
/** Most additional phones or e-mails one contact keeps. */
export const MAX_EXTRA_CONTACT_VALUES = 20;

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
/** `listId=none` on GET /contacts selects the contacts that belong to no list (the 'No List' section). */
export const NO_LIST_ID = 'none';
/** The name of the section of contacts without a list, wherever contacts are grouped by list. */
export const NO_LIST_SECTION_NAME = 'No List';

export const IMPORT_MAX_FILE_BYTES = 5 * 1024 * 1024;
export const IMPORT_ALLOWED_EXTENSIONS = ['.vcf', '.vcard'] as const;
export const IMPORT_FILE_FIELD = 'vcfFile';
/**
 * Largest JSON body of an import confirmation, for the gateway and the contacts service alike: a
 * 5 MB vCard file's ~15 000 contacts confirm as ~2 MB of JSON, with room for every detail field.
 */
export const IMPORT_CONFIRM_BODY_LIMIT = '20mb';
/**
 * Lists one import may create from its cards' categories (each with DEFAULT_LIST_COLOR and
 * DEFAULT_LIST_REMINDER_DAYS, like a list made by name alone): an export has as many as it had
 * lists; a file naming more is refused rather than flooding the lists page.
 */
export const IMPORT_MAX_NEW_LISTS = 100;

/** The shared demo account's sample data is restored on the server at start and this often. */
export const DEMO_RESET_INTERVAL_MS = 60 * 60_000;

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

/**
 * A health check's state for an optional part left off on purpose (e-mail without SMTP_URL):
 * reported as such, it never makes the report degraded.
 */
export const HEALTH_NOT_CONFIGURED = 'not configured';
