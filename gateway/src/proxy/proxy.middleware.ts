import { ErrorCode, ErrorMessage } from '@kith/contracts';
import { Agent, type IncomingMessage, type ServerResponse } from 'node:http';
import {
  createProxyMiddleware,
  debugProxyErrorsPlugin,
  fixRequestBody,
  proxyEventsPlugin,
  type RequestHandler,
} from 'http-proxy-middleware';
import type { GatewayConfig } from '../config/gateway.config.js';
import { sendError } from '../http-error.js';
import { longRunningTimeouts, upstreamRoutes } from './routes.js';

class UpstreamTimeoutError extends Error {
  readonly code = 'UPSTREAM_TIMEOUT';
}
class UpstreamConnectTimeoutError extends Error {
  readonly code = 'UPSTREAM_CONNECT_TIMEOUT';
}

/** The usual upstream timeout, or a longer one for the few routes the spec lets run longer. */
function upstreamTimeoutFor(
  req: IncomingMessage & { originalUrl?: string },
  config: GatewayConfig,
  longRunning: Record<string, number>,
): number {
  const path = (req.originalUrl ?? req.url ?? '').split('?')[0] ?? '';
  return Math.max(config.UPSTREAM_TIMEOUT_MS, longRunning[path] ?? 0);
}

/** Any failure to reach a service is a 503; only a service that accepted but stalled is a 504. */
function onProxyError(error: Error & { code?: string }, _req: IncomingMessage, res: ServerResponse | unknown): void {
  if (!(res && typeof (res as ServerResponse).writeHead === 'function')) return;
  if (error.code === 'UPSTREAM_TIMEOUT')
    sendError(res as ServerResponse, ErrorCode.UPSTREAM_TIMEOUT, ErrorMessage.UPSTREAM_TIMEOUT);
  else sendError(res as ServerResponse, ErrorCode.SERVICE_UNAVAILABLE, ErrorMessage.SERVICE_UNAVAILABLE);
}

/**
 * One proxy per service, sharing a keep-alive agent. Connect attempts are capped (503 within ~2 s
 * for an unreachable host) and a response that takes longer than UPSTREAM_TIMEOUT_MS is a 504.
 */
export function createUpstreamProxies(config: GatewayConfig): { prefix: string; handler: RequestHandler }[] {
  const agent = new Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 64, keepAliveMsecs: 10_000 });
  const byTarget = new Map<string, RequestHandler>();
  const longRunning = longRunningTimeouts(config);
  for (const route of upstreamRoutes(config)) {
    if (byTarget.has(route.target)) continue;
    byTarget.set(
      route.target,
      createProxyMiddleware({
        target: route.target,
        agent,
        xfwd: true,
        // Without the logger plugin, which built a URL per response for a logger that drops it,
        // and the error-response plugin, whose job onProxyError does.
        ejectPlugins: true,
        plugins: [debugProxyErrorsPlugin, proxyEventsPlugin],
        on: {
          error: onProxyError,
          proxyReq: (proxyReq, req) => {
            fixRequestBody(proxyReq, req);
            proxyReq.setTimeout(upstreamTimeoutFor(req, config, longRunning), () =>
              proxyReq.destroy(new UpstreamTimeoutError('upstream timeout')),
            );
            proxyReq.once('socket', (socket) => {
              if (!socket.connecting) return;
              const timer = setTimeout(
                () => proxyReq.destroy(new UpstreamConnectTimeoutError('upstream connect timeout')),
                config.UPSTREAM_CONNECT_TIMEOUT_MS,
              );
              socket.once('connect', () => clearTimeout(timer));
              socket.once('close', () => clearTimeout(timer));
            });
          },
        },
      }),
    );
  }
  return upstreamRoutes(config).map((route) => ({ prefix: route.prefix, handler: byTarget.get(route.target)! }));
}
