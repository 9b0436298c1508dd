import { REQUEST_ID_HEADER } from '@kith/contracts';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { httpRequestDuration } from './metrics.js';
import { requestIdOrNew, runWithRequestId } from './request-context.js';
import { routeLabel } from './route-label.js';

/** Probes polled every second by the launcher, load balancers and Prometheus: timed, not logged. */
const QUIET_PATHS = new Set(['/health', '/health/live', '/api/health', '/api/health/live', '/metrics']);

/**
 * First middleware of the gateway and of every service: gives the request its id (a valid
 * incoming `X-Request-Id`, else a new one; services receive the gateway's), returns it in the
 * response, runs the rest of the request inside it (so NATS calls carry it on), records the
 * duration histogram and writes one log line when the response is finished.
 */
export function httpObservability(logger: Logger): RequestHandler[] {
  const assignId: RequestHandler = (request, response, next) => {
    const requestId = requestIdOrNew(request.headers[REQUEST_ID_HEADER]);
    // Forwarded as is by the gateway's proxy to the service.
    request.headers[REQUEST_ID_HEADER] = requestId;
    response.setHeader(REQUEST_ID_HEADER, requestId);
    const started = process.hrtime.bigint();
    response.once('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      httpRequestDuration.observe(
        {
          method: request.method,
          route: routeLabel(request, response.statusCode),
          status: String(response.statusCode),
        },
        seconds,
      );
    });
    runWithRequestId(requestId, next);
  };
  const logRequest = pinoHttp({
    logger,
    genReqId: (request) => request.headers[REQUEST_ID_HEADER] as string,
    customAttributeKeys: { reqId: 'requestId' },
    // Only the id is bound to the request's and the response's loggers: headers, bodies and raw URLs
    // (which may hold a calendar feed or e-mail action token, or a search) are never logged.
    quietReqLogger: true,
    quietResLogger: true,
    autoLogging: { ignore: (request) => QUIET_PATHS.has((request.url ?? '').split('?')[0]) },
    customLogLevel: (_request, response, error) =>
      error || response.statusCode >= 500 ? 'error' : response.statusCode >= 400 ? 'warn' : 'info',
    customSuccessMessage: () => 'request completed',
    customErrorMessage: () => 'request failed',
    customSuccessObject: (request, response, value: { responseTime?: number }) => ({
      method: request.method,
      route: routeLabel(request as never, response.statusCode),
      status: response.statusCode,
      durationMs: value.responseTime,
    }),
    customErrorObject: (request, response, error, value: { responseTime?: number }) => ({
      method: request.method,
      route: routeLabel(request as never, response.statusCode),
      status: response.statusCode,
      durationMs: value.responseTime,
      err: error,
    }),
  });
  return [assignId, logRequest];
}
