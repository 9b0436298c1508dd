import { ErrorCode, ErrorMessage, REPLICA_DRAINING_HEADER } from '@kith/contracts';
import { Logger } from '@nestjs/common';
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
import { isConnectionError, mayRetry, ReplicaPool, replicaUrls } from './replica-pool.js';
import { longRunningTimeouts, type UpstreamName, upstreamRoutes } from './routes.js';

const logger = new Logger('proxy');

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

/** Per request: the replica it went to, whether its body was streamed, whether it is being retried. */
interface Attempt {
  replica: string;
  streamedBody: boolean;
  retried: boolean;
  retryPending: boolean;
}
const attempts = new WeakMap<IncomingMessage, Attempt>();

/** Brings a down replica back once its /health/live answers (each due replica, one probe at a time). */
function probeDownReplicas(pools: ReplicaPool[], intervalMs: number): void {
  const timer = setInterval(() => {
    for (const pool of pools) {
      for (const url of pool.dueForProbe()) {
        fetch(`${url}/health/live`, { signal: AbortSignal.timeout(1_000) })
          .then((response) => {
            // A replica that is stopping still answers, but is not coming back.
            if (!response.ok || response.headers.has(REPLICA_DRAINING_HEADER)) return;
            pool.markUp(url);
            logger.log(`${pool.service} replica ${url} is back`);
          })
          .catch(() => undefined);
      }
    }
  }, intervalMs);
  timer.unref();
}

/** One pool of replicas per service, from AUTH_URL, CONTACTS_URL and NOTIFICATIONS_URL. */
function replicaPools(config: GatewayConfig): Map<UpstreamName, ReplicaPool> {
  const pools = new Map<UpstreamName, ReplicaPool>();
  for (const route of upstreamRoutes(config)) {
    if (!pools.has(route.upstream))
      pools.set(route.upstream, new ReplicaPool(route.upstream, replicaUrls(route.target), config.REPLICA_DOWN_MS));
  }
  return pools;
}

/**
 * One proxy per service, sharing a keep-alive agent. Connect attempts are capped (503 within ~2 s
 * for an unreachable host) and a response that takes longer than UPSTREAM_TIMEOUT_MS is a 504.
 * Requests are balanced over the service's replicas; one that fails because its replica is gone
 * goes once to another replica when that is safe (see mayRetry).
 */
export function createUpstreamProxies(config: GatewayConfig): { prefix: string; handler: ExpressHandler }[] {
  const agent = new Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 64, keepAliveMsecs: 10_000 });
  // Over several replicas, one connection per request: a replica shutting down closes its idle
  // keep-alive connections, and a POST written to one just then fails in a way that may not be
  // retried (it could have arrived). A new connection to a stopping replica is refused instead,
  // which is always safe to send elsewhere.
  const freshConnections = new Agent({ keepAlive: false, maxSockets: 256 });
  const pools = replicaPools(config);
  probeDownReplicas([...pools.values()], Math.max(100, Math.floor(config.REPLICA_DOWN_MS / 4)));
  const byUpstream = new Map<UpstreamName, RequestHandler>();
  const longRunning = longRunningTimeouts(config);
  const answerError = onProxyError(config);
  for (const [upstream, pool] of pools) {
    byUpstream.set(
      upstream,
      createProxyMiddleware({
        target: pool.urls[0],
        agent: pool.urls.length > 1 ? freshConnections : agent,
        ...(pool.urls.length > 1 ? { headers: { connection: 'close' } } : {}),
        xfwd: true,
        // Without the logger plugin, which built a URL per response for a logger that drops it,
        // and the error-response plugin, whose job onProxyError does.
        ejectPlugins: true,
        plugins: [debugProxyErrorsPlugin, proxyEventsPlugin],
        router: (req, _res, options) => {
          const previous = attempts.get(req);
          if (previous?.retryPending) {
            previous.retryPending = false;
            previous.replica = pool.pick(previous.replica);
            return previous.replica;
          }
          // A streamed body reaches the upstream through a byte count (see countedBody).
          options.buffer = countedBody(req, config);
          const attempt = {
            replica: pool.pick(),
            streamedBody: options.buffer !== undefined,
            retried: false,
            retryPending: false,
          };
          attempts.set(req, attempt);
          return attempt.replica;
        },
        on: {
          error: (error: Error & { code?: string }, req, res) => {
            const attempt = attempts.get(req);
            if (attempt && isConnectionError(error.code)) pool.markDown(attempt.replica);
            const response = res as ServerResponse;
            if (
              attempt &&
              !attempt.retried &&
              pool.urls.length > 1 &&
              typeof response.writeHead === 'function' &&
              !response.headersSent &&
              mayRetry({ code: error.code, method: req.method ?? 'GET', streamedBody: attempt.streamedBody })
            ) {
              // Answered by the retry (see the handler below), not here.
              attempt.retried = true;
              attempt.retryPending = true;
              return;
            }
            answerError(error, req, res);
          },
          proxyRes: (proxyRes, req, res) => {
            // The replica is stopping: this answer stands, the next requests go to the others.
            if (proxyRes.headers[REPLICA_DRAINING_HEADER] !== undefined) {
              const replica = attempts.get(req)?.replica;
              if (replica && pool.markDown(replica)) logger.log(`${pool.service} replica ${replica} is draining`);
              delete proxyRes.headers[REPLICA_DRAINING_HEADER];
            }
            // Which framework a service runs on is nobody's business.
            delete proxyRes.headers['x-powered-by'];
            // A person's contacts stay out of browser and proxy caches unless a service says otherwise.
            proxyRes.headers['cache-control'] ??= 'no-store';
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
    const proxy = byUpstream.get(route.upstream)!;
    // Once onProxyError has answered, the error must not reach Express's final handler: it would
    // reset the connection (and with it the answer) under a client still sending its body.
    const handler: ExpressHandler = (req, res, next) => {
      const done = (error?: unknown) => (error && res.headersSent ? undefined : next(error));
      void proxy(req, res, done).then(() => {
        // The first attempt failed in a way that allows one more, on another replica.
        if (attempts.get(req)?.retryPending) void proxy(req, res, done);
      });
    };
    return { prefix: route.prefix, handler };
  });
}
