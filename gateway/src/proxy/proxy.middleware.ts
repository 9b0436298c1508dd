import { ErrorCode, ErrorMessage } from '@kith/contracts';
import { answerBeforeBody } from '@kith/nest-kit';
import type { RequestHandler as ExpressHandler } from 'express';
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
import { countedBody, uploadTooLargeMessage } from '../security/body-limits.js';
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

/**
 * Any failure to reach a service is a 503; only a service that accepted but stalled is a 504; a
 * body cut off at the upload limit is a 413. The cause (an address, a socket error) is not told.
 */
function onProxyError(config: GatewayConfig) {
  return (error: Error & { code?: string }, _req: IncomingMessage, res: ServerResponse | unknown): void => {
    if (!(res && typeof (res as ServerResponse).writeHead === 'function')) return;
    const response = res as ServerResponse;
    if (error.code === 'UPSTREAM_TIMEOUT')
      sendError(response, ErrorCode.UPSTREAM_TIMEOUT, ErrorMessage.UPSTREAM_TIMEOUT);
    else if (error.code === 'PAYLOAD_TOO_LARGE')
      sendError(response, ErrorCode.PAYLOAD_TOO_LARGE, uploadTooLargeMessage(config));
    else sendError(response, ErrorCode.SERVICE_UNAVAILABLE, ErrorMessage.SERVICE_UNAVAILABLE);
  };
}

/**
 * One proxy per service, sharing a keep-alive agent. Connect attempts are capped (503 within ~2 s
 * for an unreachable host) and a response that takes longer than UPSTREAM_TIMEOUT_MS is a 504.
 */
export function createUpstreamProxies(config: GatewayConfig): { prefix: string; handler: ExpressHandler }[] {
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
        // A streamed body reaches the upstream through a byte count (see countedBody).
        router: (req, _res, options) => {
          options.buffer = countedBody(req, config);
          return route.target;
        },
        on: {
          error: onProxyError(config),
          proxyRes: (proxyRes, req, res) => {
            // Which framework a service runs on is nobody's business.
            delete proxyRes.headers['x-powered-by'];
            // A service may answer an upload before its body is in (its own 413 or 400).
            answerBeforeBody(req, res);
          },
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
  return upstreamRoutes(config).map((route) => {
    const proxy = byTarget.get(route.target)!;
    // Once onProxyError has answered, the error must not reach Express's final handler: it would
    // reset the connection (and with it the answer) under a client still sending its body.
    const handler: ExpressHandler = (req, res, next) =>
      void proxy(req, res, (error?: unknown) => (error && res.headersSent ? undefined : next(error)));
    return { prefix: route.prefix, handler };
  });
}
