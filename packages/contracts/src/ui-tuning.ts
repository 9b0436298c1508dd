/**
 * Tuning of the web app: page sizes, delays, toasts, the choices its forms offer. Not part of the
 * API contract (constants.ts is): no service reads these, and changing one changes no answer.
 * The browser bundles, the web tests, the browser tests and bench:web import them from here.
 */

export const AUTH_CHECK_TIMEOUT_MS = 10_000;
export const ERROR_BOUNDARY_MAX_RETRIES = 3;
export const RESET_SUCCESS_REDIRECT_MS = 2_000;
export const DEFAULT_BADGE_COLOR = '#6B7280';
/** A contact's timeline page size. */
export const TIMELINE_PAGE_LIMIT = 20;
export const DASHBOARD_OVERDUE_LIMIT = 10;
export const CONTACT_COUNT_REQUEST_LIMIT = 1;
/**
 * Contacts per request of the contacts screen as it scrolls (well under the API's limit of 1 000). Fifty
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
export const IMPORT_PREVIEW_ERRORS_SHOWN = 3;
export const SEARCH_DEBOUNCE_MS = 300;
export const TOUR_START_DELAY_MS = 1_000;
export const TOAST_DURATIONS_MS = {
  success: 2_000,
  error: 4_000,
  standard: 4_000,
  inAppDefault: 5_000,
  inAppError: 7_000,
  fadeOut: 300,
} as const;
export const QUICK_DATE_CHOICES = [
  { label: 'Today', daysAgo: 0 },
  { label: 'Yesterday', daysAgo: 1 },
  { label: '7 days ago', daysAgo: 7 },
] as const;
