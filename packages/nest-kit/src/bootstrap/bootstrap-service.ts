import 'reflect-metadata';
import { type DynamicModule, type INestApplication, Logger, RequestMethod, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { type MicroserviceOptions, Transport } from '@nestjs/microservices';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AllExceptionsFilter } from '../http/all-exceptions.filter.js';
import { EnvelopeInterceptor } from '../http/envelope.interceptor.js';
import { prepareDatabase } from '../db/database.js';

export interface ServiceBootstrapOptions {
  /** Service name, also its NATS queue group so replicas share requests. */
  name: string;
  /** The root module, or `AppModule.forRoot(config)`. */
  module: Type<unknown> | DynamicModule;
  port: number;
  /** Interface to listen on; loopback unless HOST says otherwise (containers need 0.0.0.0). */
  host?: string;
  natsUrl: string;
  databaseUrl: string;
  migrationsDir: string;
  /** Extra setup before listening (body limits, seeding...). */
  beforeListen?: (app: INestApplication) => Promise<void> | void;
}

/**
 * Starts a hybrid service: migrations first, then HTTP under `/api` (plus bare `/health`) and
 * NATS handlers sharing the same filters and interceptors.
 */
export async function bootstrapService(options: ServiceBootstrapOptions): Promise<INestApplication> {
  const logger = new Logger(options.name);
  await prepareDatabase(options.databaseUrl, options.migrationsDir, (message) => logger.debug(message));

  const app = await NestFactory.create<NestExpressApplication>(options.module, { bufferLogs: false });
  // No framework fingerprint on any answer (the gateway strips it too, for any upstream).
  app.disable('x-powered-by');
  app.setGlobalPrefix('api', { exclude: [{ path: 'health', method: RequestMethod.GET }] });
  app.useGlobalFilters(new AllExceptionsFilter());
  app.useGlobalInterceptors(new EnvelopeInterceptor());
  app.enableShutdownHooks();
  app.connectMicroservice<MicroserviceOptions>(
    {
      transport: Transport.NATS,
      options: {
        servers: [options.natsUrl],
        queue: options.name,
        name: `${options.name}-server`,
        maxReconnectAttempts: -1,
      },
    },
    { inheritAppConfig: true },
  );
  await options.beforeListen?.(app);
  await app.startAllMicroservices();
  const host = options.host ?? process.env.HOST ?? '127.0.0.1';
  await app.listen(options.port, host);
  logger.log(`listening on http://${host}:${options.port} (NATS queue "${options.name}")`);
  return app;
}

/** Runs a service's main: a boot failure (bad config, no database) exits non-zero with its reason. */
export function runService(start: () => Promise<unknown>): void {
  start().catch((error: Error) => {
    console.error(`Failed to start: ${error.message}`);
    process.exit(1);
  });
}
