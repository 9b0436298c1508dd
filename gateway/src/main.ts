import 'reflect-metadata';
import { createServer } from 'node:http';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import {
  AllExceptionsFilter,
  createRootLogger,
  EnvelopeInterceptor,
  httpObservability,
  JwtVerifier,
  labelMetrics,
  loadConfig,
  PinoNestLogger,
  runService,
  serveMetrics,
} from '@kith/nest-kit';
import express from 'express';
import type { RequestHandler } from 'express';
import helmet from 'helmet';
import { AppModule } from './app.module.js';
import { gatewayEnvSchema } from './config/gateway.config.js';
import { createUpstreamProxies } from './proxy/proxy.middleware.js';
import { CARDDAV_WELL_KNOWN_PATH, DAV_PREFIX } from './proxy/routes.js';
import { authRateLimiters } from './security/auth-rate-limit.js';
import { davAuthRateLimiter } from './security/dav-auth-rate-limit.js';
import { requireAccessToken } from './security/access-token.middleware.js';
import { bodyLimits } from './security/body-limits.js';
import { ErasedUsers } from './security/erased-users.js';
import { notFound, webApp } from './web/web-app.js';

/** Express strips the mount prefix from req.url; services expect the full /api/... path. */
const forwardFullPath: RequestHandler = (req, _res, next) => {
  req.url = req.originalUrl;
  next();
};

/**
 * Prometheus text on its own port, bound to loopback by default: the public port never serves it,
 * whatever a reverse proxy in front forwards.
 */
function serveMetricsPrivately(port: number, host: string): void {
  const metricsApp = express();
  metricsApp.disable('x-powered-by');
  metricsApp.get('/metrics', serveMetrics);
  const logger = new Logger('gateway');
  const server = createServer(metricsApp);
  // A taken port costs the metrics, never the gateway: requests keep being served.
  server.on('error', (error) => logger.error(`metrics listener on ${host}:${port} failed: ${error.message}`));
  server.listen(port, host, () => logger.log(`metrics on http://${host}:${port}/metrics`)).unref();
}

runService(async () => {
  const config = loadConfig(gatewayEnvSchema);
  const rootLogger = createRootLogger('gateway');
  labelMetrics('gateway');
  Logger.overrideLogger(new PinoNestLogger(rootLogger));
  // Bodies must reach the proxy unread; JSON is parsed explicitly below, per route.
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    bodyParser: false,
    logger: new PinoNestLogger(rootLogger),
  });
  app.set('trust proxy', config.TRUST_PROXY_HOPS);
  app.disable('x-powered-by');
  // First: every request gets its id (kept from a valid X-Request-Id, else new), a log line and a timing.
  app.use(httpObservability(rootLogger));
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          // react-hot-toast injects its keyframes in a <style> element.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:'],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          frameAncestors: ["'none'"],
          formAction: ["'self'"],
        },
      },
    }),
  );

  const limits = bodyLimits(config);
  for (const limiter of authRateLimiters(config)) app.use(limiter.path, limiter.handler);
  const verifyToken = requireAccessToken(app.get(JwtVerifier), app.get(ErasedUsers));
  // RFC 6764: a client given only the host name finds the address book from here (any method).
  const toDavRoot: RequestHandler = (_req, res) => res.redirect(301, `${DAV_PREFIX}/`);
  app.use(CARDDAV_WELL_KNOWN_PATH, toDavRoot);
  const limitDavSignIns = davAuthRateLimiter(config);
  for (const { prefix, handler } of createUpstreamProxies(config)) {
    const authenticate = prefix === DAV_PREFIX ? limitDavSignIns : verifyToken;
    app.use(prefix, authenticate, ...limits.parse, limits.onError, forwardFullPath, handler);
  }
  app.use(webApp(config));

  app.useGlobalFilters(new AllExceptionsFilter());
  app.useGlobalInterceptors(new EnvelopeInterceptor());
  app.setGlobalPrefix('api');
  app.enableShutdownHooks();
  await app.init();
  app.use(notFound);
  await app.listen(config.PORT, config.HOST);
  new Logger('gateway').log(`listening on http://${config.HOST}:${config.PORT}`);
  if (config.METRICS_PORT > 0) serveMetricsPrivately(config.METRICS_PORT, config.METRICS_HOST);
});
