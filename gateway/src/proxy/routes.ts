import {
  type ApiRoute,
  apiRoutes,
  CARDDAV_WELL_KNOWN_PATH,
  DAV_ROOT_PATH,
  publicPathOf,
  type ApiService,
} from '@kith/contracts';
import type { GatewayConfig } from '../config/gateway.config.js';

/**
 * The gateway's routing tables, derived from the route catalogue of @kith/contracts: which service
 * owns a prefix, which routes need no access token, which are rate-limited, which may run long and
 * which take a large JSON body. A route changes here only by changing its catalogue entry.
 */

export type UpstreamName = Exclude<ApiService, 'gateway'>;

const forwarded = apiRoutes.filter(
  (route): route is ApiRoute & { service: UpstreamName } => route.service !== 'gateway',
);

/** `/api/contacts/{id}` → `/api/contacts`, `/dav/addressbooks/…` → `/dav`: what the gateway forwards by. */
const prefixOf = (route: ApiRoute) => {
  const path = publicPathOf(route);
  const segments = path.split('/').filter(Boolean);
  return `/${segments.slice(0, route.root ? 1 : 2).join('/')}`;
};

/** Path prefix → owning service, in catalogue order. */
const UPSTREAM_PREFIXES: ReadonlyMap<string, UpstreamName> = forwarded.reduce((prefixes, route) => {
  const prefix = prefixOf(route);
  const owner = prefixes.get(prefix);
  if (owner && owner !== route.service)
    throw new Error(`${prefix} belongs to both ${owner} and ${route.service}: the gateway cannot route it`);
  return prefixes.set(prefix, route.service);
}, new Map<string, UpstreamName>());

/** Path prefix → owning service and its URL(s). Paths are forwarded unchanged (services serve under /api). */
export function upstreamRoutes(config: GatewayConfig): { prefix: string; upstream: UpstreamName; target: string }[] {
  const targets: Record<UpstreamName, string> = {
    auth: config.AUTH_URL,
    contacts: config.CONTACTS_URL,
    notifications: config.NOTIFICATIONS_URL,
  };
  return [...UPSTREAM_PREFIXES].map(([prefix, upstream]) => ({ prefix, upstream, target: targets[upstream] }));
}

/** Whether `path` (as sent, not decoded) is one of `route`'s: same segments, each parameter as the route's schema takes it. */
function matches(route: ApiRoute, path: string): boolean {
  const expected = publicPathOf(route).split('/');
  const given = path.split('/');
  if (expected.length !== given.length) return false;
  return expected.every((segment, index) => {
    const name = /^\{([^}]+)\}$/.exec(segment)?.[1];
    if (name === undefined) return segment === given[index];
    const value = given[index]!;
    return value !== '' && (route.pathParams?.[name]?.safeParse(value).success ?? true);
  });
}

/**
 * Routes reachable without an access token: sign-in and its kin, the calendar feed (its unguessable
 * token is the credential: calendar apps subscribe with the URL alone) and the one-click links
 * of reminder e-mails (they carry their own signed token, and mail clients POST List-Unsubscribe
 * there without any session). CardDAV checks its own Basic credentials.
 */
const publicRoutes = forwarded.filter((route) => route.auth === 'none' && !route.root);

export function isPublicApiPath(path: string): boolean {
  return publicRoutes.some((route) => matches(route, path));
}

/**
 * Paths behind the auth rate limiter (credential guessing and mail bombing targets). A limiter
 * mounted at a path also counts the paths below it (`/api/auth/login` covers `/api/auth/login/2fa`),
 * so a rate-limited route below another one shares that one's limiter instead of counting twice.
 */
export const RATE_LIMITED_PATHS: string[] = (() => {
  const paths = [...new Set(forwarded.filter((route) => route.rateLimited).map(publicPathOf))];
  return paths.filter((path) => !paths.some((other) => path.startsWith(`${other}/`)));
})();

/** Routes allowed to run longer than UPSTREAM_TIMEOUT_MS: up to IMPORT_CONFIRM_TIMEOUT_MS. */
export function longRunningTimeouts(config: GatewayConfig): Record<string, number> {
  return Object.fromEntries(
    forwarded
      .filter((route) => route.longRunning)
      .map((route) => [publicPathOf(route), config.IMPORT_CONFIRM_TIMEOUT_MS]),
  );
}

/** Routes whose JSON bodies may be large: confirming an import of thousands of contacts. */
export const LARGE_JSON_PATHS = new Set(forwarded.filter((route) => route.largeBody).map(publicPathOf));

/**
 * CardDAV (phone sync): every WebDAV method and XML body passes through to contacts untouched.
 * Clients sign in with HTTP Basic and an app password, which contacts checks, not a bearer token.
 */
export const DAV_PREFIX = DAV_ROOT_PATH.replace(/\/$/, '');
export { CARDDAV_WELL_KNOWN_PATH };
