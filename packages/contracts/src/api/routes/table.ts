/**
 * The route catalogue, in two halves per feature:
 * - `<feature>.routes.ts` (zod-free): each route by operationId — service, method, path, auth and
 *   the gateway's flags (rateLimited, longRunning, largeBody). The browser, the web client and the
 *   gateway read these.
 * - `<feature>.schemas.ts`: the same operationIds with their summary, the zod schemas the
 *   controller validates with (query, body, path parameters) and the answers; the compiler refuses
 *   a route missing from either half.
 * To add a route: one line in the feature's `.routes.ts`, its entry in `.schemas.ts`, then the
 * controller's decorator (each service's api-routes.spec.ts holds the three together).
 */
import { authRoutes } from './auth.routes.js';
import { calendarRoutes } from './calendar.routes.js';
import { contactRoutes } from './contacts.routes.js';
import { davRoutes } from './dav.routes.js';
import { gatewayRoutes } from './gateway.routes.js';
import { interactionRoutes } from './interactions.routes.js';
import { listRoutes } from './lists.routes.js';
import { notificationRoutes } from './notifications.routes.js';

/** Every route of the gateway and the services, by operationId (the order of the OpenAPI document). */
export const apiRouteTable = {
  ...gatewayRoutes,
  ...authRoutes,
  ...contactRoutes,
  ...interactionRoutes,
  ...listRoutes,
  ...calendarRoutes,
  ...davRoutes,
  ...notificationRoutes,
};
export type ApiRouteTable = typeof apiRouteTable;
export type OperationId = keyof ApiRouteTable;
