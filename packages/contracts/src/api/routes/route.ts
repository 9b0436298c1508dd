import { API_BASE_PATH } from '../../constants.js';

/**
 * What the gateway, the services and the web client need to know of a route, without its schemas:
 * zod-free, so the browser entry exports it and front-end bundles carry no zod. A route's schemas
 * and documentation sit beside it, in the matching `*.schemas.ts` file.
 */

export type ApiService = 'gateway' | 'auth' | 'contacts' | 'notifications';
export type ApiMethod = 'get' | 'post' | 'put' | 'patch' | 'delete' | 'options';
/** bearer: an access token; basic: an app password (CardDAV); none: public. */
export type ApiAuth = 'bearer' | 'basic' | 'none';

/** The flags the gateway (and the web client) act on. */
export interface ApiRouteFlags {
  /** Behind the gateway's rate limiter for credential guessing (429). */
  rateLimited?: true;
  /**
   * May run up to IMPORT_CONFIRM_TIMEOUT_MS (the gateway's env of that name) instead of the usual
   * upstream timeout; the web client waits as long.
   */
  longRunning?: true;
  /** Its JSON body may be large (LARGE_JSON_BODY_LIMIT instead of JSON_BODY_LIMIT at the gateway). */
  largeBody?: true;
  /** Opens a lasting door: needs step-up beyond the bearer token (403 STEP_UP_REQUIRED without it). */
  stepUp?: true;
}

export interface ApiRouteEntry extends ApiRouteFlags {
  /** The process that answers it; the gateway forwards the route's first path segment there. */
  service: ApiService;
  method: ApiMethod;
  /** An OpenAPI path template below `/api` (`/contacts/{id}`), or below the site root when `root`. */
  path: string;
  /** Outside `/api`: CardDAV, its `/.well-known` bootstrap and the web app's runtime configuration. */
  root?: true;
  auth: ApiAuth;
}

/** A service's routes by operationId, each told its service once (literal types are kept for the client). */
export const routesOf = <
  Service extends ApiService,
  const Routes extends Record<string, Omit<ApiRouteEntry, 'service'>>,
>(
  service: Service,
  routes: Routes,
): { [Id in keyof Routes]: Routes[Id] & { service: Service } } =>
  Object.fromEntries(Object.entries(routes).map(([id, route]) => [id, { ...route, service }])) as {
    [Id in keyof Routes]: Routes[Id] & { service: Service };
  };

/** Path parameters of a template, in order. */
export const pathParamsOf = (path: string): string[] => [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);

/** The full URL path of a route on the gateway's origin. */
export const publicPathOf = (route: Pick<ApiRouteEntry, 'path' | 'root'>): string =>
  route.root ? route.path : `${API_BASE_PATH}${route.path}`;
