import { authRouteSchemas } from './auth.schemas.js';
import { calendarRouteSchemas } from './calendar.schemas.js';
import { contactRouteSchemas } from './contacts.schemas.js';
import { davRouteSchemas } from './dav.schemas.js';
import { gatewayRouteSchemas } from './gateway.schemas.js';
import { interactionRouteSchemas } from './interactions.schemas.js';
import { listRouteSchemas } from './lists.schemas.js';
import { notificationRouteSchemas } from './notifications.schemas.js';
import { type ApiMethod, type ApiRouteEntry, type ApiService, pathParamsOf } from './route.js';
import type { ApiRouteSchemas, RouteSchemasOf } from './route.schemas.js';
import { type ApiRouteTable, apiRouteTable, type OperationId } from './table.js';

/**
 * The route catalogue: every HTTP route of the gateway and the services, with the very schemas
 * the controllers validate with and the shapes they answer (see table.ts for its shape). The
 * OpenAPI document (openapi.ts) is generated from it, the gateway's prefix, public, rate-limit,
 * timeout and body-size tables are derived from it, and tests hold it to the routes the Nest apps
 * really register and to the answers the running stack really gives.
 */
export const apiRouteSchemas = {
  ...gatewayRouteSchemas,
  ...authRouteSchemas,
  ...contactRouteSchemas,
  ...interactionRouteSchemas,
  ...listRouteSchemas,
  ...calendarRouteSchemas,
  ...davRouteSchemas,
  ...notificationRouteSchemas,
} satisfies RouteSchemasOf<ApiRouteTable>;
export type ApiRouteSchemaTable = typeof apiRouteSchemas;

export interface ApiRoute extends ApiRouteEntry, ApiRouteSchemas {
  /** Unique; the OpenAPI operationId. */
  operationId: OperationId;
}

export const apiRoutes: ApiRoute[] = (Object.keys(apiRouteTable) as OperationId[]).map((operationId) => ({
  operationId,
  ...apiRouteTable[operationId],
  ...(apiRouteSchemas[operationId] as ApiRouteSchemas),
}));

/**
 * Routes a process answers on its own port only, never through the gateway's public API, so they
 * are not operations of the document (its description names them); listed so the route check
 * accounts for every registered route.
 */
export const internalRoutes: { service: ApiService; method: ApiMethod; path: string }[] = (
  ['auth', 'contacts', 'notifications'] as const
).flatMap((service) => [
  { service, method: 'get' as const, path: '/health' },
  { service, method: 'get' as const, path: '/health/live' },
]);

/** What each error status means wherever it appears; a route may say more. */
export const ERROR_STATUS_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input: `error` names the field, `details` lists each (VALIDATION_ERROR), or a malformed body (BAD_REQUEST)',
  401: 'No valid access token (UNAUTHORIZED)',
  403: 'Step-up needed: a grant in X-Step-Up, or the password in the body (STEP_UP_REQUIRED)',
  404: "Not found, also for another user's resource (NOT_FOUND)",
  409: 'Conflict (CONFLICT)',
  410: 'Gone (LINK_EXPIRED, LINK_USED)',
  413: 'Body too large (PAYLOAD_TOO_LARGE)',
  415: 'Wrong file type (UNSUPPORTED_MEDIA_TYPE)',
  429: 'Too many attempts from this address (RATE_LIMITED)',
  503: 'The owning service is unreachable (SERVICE_UNAVAILABLE)',
  504: 'The owning service did not answer in time (UPSTREAM_TIMEOUT)',
};

/**
 * Every error status a route can answer with the error envelope: the ones its kind implies
 * (401 behind a bearer token, 400 for validated input, 413 for a body, 404 for an id in the
 * path, 503/504 when the gateway forwards it) and its own.
 */
export function errorStatusesOf(route: ApiRoute): number[] {
  const statuses = new Set<number>();
  if (route.auth === 'bearer') statuses.add(401);
  if (route.body || route.query || route.upload) statuses.add(400);
  if (route.body || route.upload) statuses.add(413);
  if (route.upload) statuses.add(415);
  if (pathParamsOf(route.path).some((name) => !route.pathParams?.[name])) statuses.add(404);
  if (route.rateLimited) statuses.add(429);
  if (route.stepUp) statuses.add(401).add(403);
  if (route.service !== 'gateway') statuses.add(503).add(504);
  for (const [status] of route.errors ?? []) statuses.add(status);
  return [...statuses].sort((a, b) => a - b);
}
