import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AllExceptionsFilter, EnvelopeInterceptor, JwtVerifier, loadConfig, runService } from '@kith/nest-kit';
import type { RequestHandler } from 'express';
import helmet from 'helmet';
import { AppModule } from './app.module.js';
import { gatewayEnvSchema } from './config/gateway.config.js';
import { createUpstreamProxies } from './proxy/proxy.middleware.js';
import { authRateLimiters } from './security/auth-rate-limit.js';
import { requireAccessToken } from './security/access-token.middleware.js';
import { bodyLimits } from './security/body-limits.js';
import { webApp } from './web/web-app.js';

/** Express strips the mount prefix from req.url; services expect the full /api/... path. */
const forwardFullPath: RequestHandler = (req, _res, next) => {
  req.url = req.originalUrl;
  next();
};

runService(async () => {
  const config = loadConfig(gatewayEnvSchema);
  // Bodies must reach the proxy unread; JSON is parsed explicitly below, per route.
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), { bodyParser: false });
  app.set('trust proxy', config.TRUST_PROXY_HOPS);
  app.disable('x-powered-by');
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
  const verifyToken = requireAccessToken(app.get(JwtVerifier));
  for (const { prefix, handler } of createUpstreamProxies(config)) {
    app.use(prefix, verifyToken, ...limits.parse, limits.onError, forwardFullPath, handler);
  }
  app.use(webApp(config));

  app.useGlobalFilters(new AllExceptionsFilter());
  app.useGlobalInterceptors(new EnvelopeInterceptor());
  app.setGlobalPrefix('api');
  app.enableShutdownHooks();
  await app.listen(config.PORT, config.HOST);
  new Logger('gateway').log(`listening on http://${config.HOST}:${config.PORT}`);
});
