import {
  API_BASE_PATH,
  CARDDAV_WELL_KNOWN_PATH,
  DAV_ROOT_PATH,
  isCalendarFeedPath,
  PUBLIC_AUTH_PATHS,
} from '@kith/contracts';
import type { GatewayConfig } from '../config/gateway.config.js';

export type UpstreamName = 'auth' | 'contacts' | 'notifications';

/** Path prefix → owning service. Paths are forwarded unchanged (services serve under /api). */
export function upstreamRoutes(config: GatewayConfig): { prefix: string; upstream: UpstreamName; target: string }[] {
  return [
    { prefix: '/api/auth', upstream: 'auth', target: config.AUTH_URL },
    { prefix: '/api/account', upstream: 'auth', target: config.AUTH_URL },
    { prefix: '/api/contacts', upstream: 'contacts', target: config.CONTACTS_URL },
    { prefix: '/api/lists', upstream: 'contacts', target: config.CONTACTS_URL },
    { prefix: '/api/communications', upstream: 'contacts', target: config.CONTACTS_URL },
    { prefix: '/api/calendar', upstream: 'contacts', target: config.CONTACTS_URL },
    { prefix: '/api/notifications', upstream: 'notifications', target: config.NOTIFICATIONS_URL },
    { prefix: DAV_PREFIX, upstream: 'contacts', target: config.CONTACTS_URL },
  ];
}

/** Routes reachable without an access token. */
export const PUBLIC_API_PATHS = new Set<string>(PUBLIC_AUTH_PATHS.map((path) => `${API_BASE_PATH}${path}`));

/**
 * Prefixes reachable without an access token: one-click links from reminder e-mails carry their
 * own signed token (and mail clients POST List-Unsubscribe there without any session).
 */
export const PUBLIC_API_PREFIXES = ['/api/notifications/actions/'];

/**
 * Public too: the calendar feed, whose unguessable token is the credential (calendar apps subscribe
 * with the URL alone), and the e-mail action prefixes.
 */
export function isPublicApiPath(path: string): boolean {
  return (
    PUBLIC_API_PATHS.has(path) ||
    isCalendarFeedPath(path) ||
    PUBLIC_API_PREFIXES.some((prefix) => path.startsWith(prefix))
  );
}

/** Routes behind the auth rate limiter (credential guessing and mail bombing targets). */
export const RATE_LIMITED_PATHS = [
  '/api/auth/login',
  '/api/auth/register',
  '/api/auth/forgot-password',
  '/api/auth/reset-password',
  '/api/auth/confirm-email',
];

/** Routes allowed to run longer than UPSTREAM_TIMEOUT_MS (spec §9: the import confirm timeout is 60 s). */
export function longRunningTimeouts(config: GatewayConfig): Record<string, number> {
  return { '/api/contacts/import/confirm': config.IMPORT_CONFIRM_TIMEOUT_MS };
}

/** Routes whose JSON bodies may be large: confirming an import of thousands of contacts. */
export const LARGE_JSON_PATHS = new Set(['/api/contacts/import/confirm']);

/**
 * CardDAV (phone sync): every WebDAV method and XML body passes through to contacts untouched.
 * Clients sign in with HTTP Basic and an app password, which contacts checks, not a bearer token.
 */
export const DAV_PREFIX = DAV_ROOT_PATH.replace(/\/$/, '');
export { CARDDAV_WELL_KNOWN_PATH };
