import { REQUEST_ID_HEADER } from '@kith/contracts';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { httpRequestDuration } from './metrics.js';
import { requestIdOrNew, runWithRequestId } from './request-context.js';
import { routeLabel } from './route-label.js';

/** Probes polled every second by the launcher, load balancers and Prometheus: timed, not logged. */
const QUIET_PATHS = new Set(['/health', '/health/live', '/api/health', '/api/health/live', '/metrics']);

/**
 * First middleware of the gateway and of every service: gives the request its id (a valid
 * incoming `X-Request-Id`, else a new one; services receive the gateway's), returns it in the
 * response, runs the rest of the request inside it (so NATS calls carry it on), and when the
 * response is finished records the duration histogram and writes one log line. The line holds the
 * id, method, route template, status and time only: never headers, bodies or raw URLs (which may
 * hold a calendar feed or e-mail action token, or a search).
 */
export function httpObservability(logger: Logger): RequestHandler {
  // That fixed shape has nothing to redact, and the redaction pass was most of a line's cost
  // (16 µs against 3 µs per line, on every request of every process).
  const requestLog = logger.child({}, { redact: [] });
  return (request, response, next) => {
    const requestId = requestIdOrNew(request.headers[REQUEST_ID_HEADER]);
    // Forwarded as is by the gateway's proxy to the service.
    request.headers[REQUEST_ID_HEADER] = requestId;
    response.setHeader(REQUEST_ID_HEADER, requestId);
    const started = process.hrtime.bigint();
    const logged = !QUIET_PATHS.has((request.url ?? '').split('?')[0]!);
    const line = () => {
      const status = response.statusCode;
      const durationMs = Math.round(Number(process.hrtime.bigint() - started) / 1e4) / 100;
      return { requestId, method: request.method, route: routeLabel(request, status), status, durationMs };
    };
    response.once('finish', () => {
      const fields = line();
      httpRequestDuration.observe(
        { method: fields.method, route: fields.route, status: String(fields.status) },
        fields.durationMs / 1000,
      );
      if (!logged) return;
      if (fields.status >= 500) requestLog.error(fields, 'request failed');
      else if (fields.status >= 400) requestLog.warn(fields, 'request completed');
      else requestLog.info(fields, 'request completed');
    });
    // The client went away before the answer was complete.
    response.once('close', () => {
      if (logged && !response.writableFinished) requestLog.warn(line(), 'request aborted');
    });
    runWithRequestId(requestId, next);
  };
}
