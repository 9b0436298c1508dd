/** Business constants and limits of the product (spec §9). Every app imports them from here. */

export const MIN_PASSWORD_LENGTH = 6;
export const AUTH_CHECK_TIMEOUT_MS = 10_000;
export const IMPORT_CONFIRM_TIMEOUT_MS = 60_000;
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
} as const;

/** Daily reminders run at 09:00 UTC. */
export const DAILY_REMINDER_CRON = '0 9 * * *';
export const DAILY_REMINDER_HOUR_UTC = 9;
/** Window for "coming due" contacts (notifications upcoming, dashboard). */
export const UPCOMING_WINDOW_DAYS = 7;

export const DASHBOARD_OVERDUE_LIMIT = 10;
export const CONTACT_COUNT_REQUEST_LIMIT = 1;
export const STORE_CONTACT_FETCH_LIMIT = 1000;
export const MAX_PAGE_LIMIT = 1000;
export const DEFAULT_PAGE_LIMIT = 20;

export const IMPORT_MAX_FILE_BYTES = 5 * 1024 * 1024;
export const IMPORT_ALLOWED_EXTENSIONS = ['.vcf', '.vcard'] as const;
export const IMPORT_FILE_FIELD = 'vcfFile';
export const IMPORT_PREVIEW_ERRORS_SHOWN = 3;

export const SEARCH_DEBOUNCE_MS = 300;
export const TOUR_START_DELAY_MS = 1_000;
export const TOUR_STEP_COUNT = 7;
export const DEMO_NOTICE_MS = 5_000;

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
/** Issuer and audience every access token carries and every verifier checks. */
export const JWT_ISSUER = 'kith-auth';
export const JWT_AUDIENCE = 'kith-api';

export const MS_PER_DAY = 86_400_000;
