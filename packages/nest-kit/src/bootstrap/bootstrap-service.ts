import 'reflect-metadata';
import { type DynamicModule, type INestApplication, Logger, RequestMethod, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { type MicroserviceOptions, Transport } from '@nestjs/microservices';
import type { NatsPeer } from '@kith/contracts';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AllExceptionsFilter } from '../http/all-exceptions.filter.js';
import { EnvelopeInterceptor } from '../http/envelope.interceptor.js';
import { prepareDatabase } from '../db/database.js';
import { natsConnectionOptions, type NatsSettings } from '../nats/nats-connection.js';
import type { GlobalPrefix } from '../http/http-routes.js';
import { createRootLogger, PinoNestLogger } from '../observability/logging.js';
import { httpObservability } from '../observability/http-observability.js';
import { labelMetrics, serveMetrics } from '../observability/metrics.js';
import { RpcObservabilityInterceptor } from '../observability/rpc-observability.interceptor.js';
import { Drain } from './drain.js';

export interface ServiceBootstrapOptions {
  /** Service name, also its NATS user and queue group (replicas share requests). */
  name: NatsPeer;
  /** The root module, or `AppModule.forRoot(config)`. */
  module: Type<unknown> | DynamicModule;
  port: number;
  /** Interface to listen on; loopback unless HOST says otherwise (containers need 0.0.0.0). */
  host?: string;
  /** NATS_URL and the service's own NATS credentials. */
  nats: NatsSettings;
  databaseUrl: string;
  migrationsDir: string;
  /** Extra setup before listening (body limits, seeding...). */
  beforeListen?: (app: INestApplication) => Promise<void> | void;
}

/**
 * Every service route is under /api, except the bare probes: readiness (`/health`: database and
 * NATS answer) and liveness (`/health/live`: the process serves HTTP), which the gateway, the
 * launcher and orchestrators poll. `/metrics` is plain Express, beside them.
 */
export const SERVICE_GLOBAL_PREFIX: GlobalPrefix = {
  prefix: 'api',
  exclude: [
    { path: 'health', method: RequestMethod.GET },
    { path: 'health/live', method: RequestMethod.GET },
  ],
};

/**
 * Starts a hybrid service: migrations first, then HTTP under `/api` (plus bare `/health`) and
 * NATS handlers sharing the same filters and interceptors.
 */
export async function bootstrapService(options: ServiceBootstrapOptions): Promise<INestApplication> {
  const rootLogger = createRootLogger(options.name);
  labelMetrics(options.name);
  const logger = new Logger(options.name);
  Logger.overrideLogger(new PinoNestLogger(rootLogger));
  if (!options.nats.NATS_USER) logger.warn('NATS_USER and NATS_PASSWORD are not set: connecting to NATS anonymously');
  await prepareDatabase(options.databaseUrl, options.migrationsDir, (message) => logger.debug(message));

  const app = await NestFactory.create<NestExpressApplication>(options.module, {
    logger: new PinoNestLogger(rootLogger),
  });
  // No framework fingerprint on any answer (the gateway strips it too, for any upstream).
  app.disable('x-powered-by');
  // No ETag hashed over every JSON body: answers are per user and marked no-store by the gateway,
  // so none is ever revalidated. The calendar feed and CardDAV set their own validators.
  app.set('etag', false);
  app.use(httpObservability(rootLogger));
  const drain = new Drain();
  app.use(drain.middleware);
  // Services listen on loopback or the internal network only; the gateway never proxies this path.
  app.use('/metrics', serveMetrics);
  app.setGlobalPrefix(SERVICE_GLOBAL_PREFIX.prefix, { exclude: SERVICE_GLOBAL_PREFIX.exclude });
  app.useGlobalFilters(new AllExceptionsFilter());
  app.useGlobalInterceptors(new RpcObservabilityInterceptor(), new EnvelopeInterceptor());
  app.connectMicroservice<MicroserviceOptions>(
    {
      transport: Transport.NATS,
      options: { ...natsConnectionOptions(options.nats, options.name, 'server'), queue: options.name },
    },
    { inheritAppConfig: true },
  );
  await options.beforeListen?.(app);
  await app.startAllMicroservices();
  const host = options.host ?? process.env.HOST ?? '127.0.0.1';
  await app.listen(options.port, host);
  logger.log(`listening on http://${host}:${options.port} (NATS queue "${options.name}")`);
  drainOnSignal(app, drain, logger);
  return app;
}

/** How long a stopping service waits for the requests it already accepted (within the launcher's and docker's grace). */
const DRAIN_TIMEOUT_MS = 5_000;
/**
 * A stopping replica closes its port once no request has come for QUIET_MS (the gateway took it
 * out of its pool at its first marked answer), or after OPEN_AT_MOST_MS when one keeps sending
 * (a gateway with no other replica to go to).
 */
const QUIET_MS = 250;
const OPEN_AT_MOST_MS = 2_000;

/**
 * Graceful stop on SIGTERM/SIGINT (a rolling restart, `docker stop`, Ctrl-C): first drain (see
 * Drain: keep serving, tell the gateway, wait until it stops sending), then stop accepting and let
 * the accepted requests finish while the database and NATS are still there; only then close the
 * app (NATS, pools). Nest's own shutdown hooks close those first and fail what is in flight.
 */
function drainOnSignal(app: INestApplication, drain: Drain, logger: Logger): void {
  const stop = async (signal: NodeJS.Signals) => {
    if (drain.draining) return;
    drain.begin();
    logger.log(`${signal}: draining`);
    await drain.untilSettled(QUIET_MS, OPEN_AT_MOST_MS);
    const server = app.getHttpServer() as import('node:http').Server;
    const drained = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const timer = new Promise<void>((resolve) => setTimeout(resolve, DRAIN_TIMEOUT_MS).unref());
    await Promise.race([drained, timer]);
    server.closeAllConnections();
    await app.close().catch((error: Error) => logger.error(`shutdown: ${error.message}`));
    process.exit(0);
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, (received) => void stop(received));
}

/** Runs a service's main: a boot failure (bad config, no database) exits non-zero with its reason. */
export function runService(start: () => Promise<unknown>): void {
  start().catch((error: Error) => {
    console.error(`Failed to start: ${error.message}`);
    process.exit(1);
  });
}
