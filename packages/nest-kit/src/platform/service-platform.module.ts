import { type DynamicModule, type InjectionToken, Module, type Provider } from '@nestjs/common';
import type { NatsPeer } from '@kith/contracts';
import { AccessTokenModule } from '../auth/jwt-auth.guard.js';
import type { ServiceEnv } from '../config/load-config.js';
import { HEALTH_CHECKS, HealthController, type HealthCheck } from '../health/health.js';
import { NatsClient } from '../nats/nats-client.js';
import { NatsModule } from '../nats/nats.module.js';

export interface ServicePlatformOptions<Config extends ServiceEnv, Database> {
  /** Service name: its NATS user's permissions and inbox, and the connection name. */
  name: NatsPeer;
  config: Config;
  /** Token under which the validated config is injectable everywhere. */
  configToken: InjectionToken;
  /** The service's database access (Prisma client, pool...), provided app-wide. */
  databaseProviders: Provider[];
  /** How /health proves the database answers, using one of `databaseProviders`. */
  databaseCheck: { inject: InjectionToken; check: (database: Database) => Promise<unknown> };
  /** Further parts /health reports (e.g. whether e-mail is configured). */
  healthChecks?: HealthCheck[];
}

/**
 * What every service shares: its config, its database client, access-token verification on
 * every route, the NATS client and `GET /health` (database + NATS). Imported once by AppModule.
 */
@Module({})
export class ServicePlatformModule {
  static forRoot<Config extends ServiceEnv, Database>(
    options: ServicePlatformOptions<Config, Database>,
  ): DynamicModule {
    const { config, configToken, databaseProviders, databaseCheck } = options;
    return {
      module: ServicePlatformModule,
      global: true,
      imports: [
        AccessTokenModule.forRoot(config.JWT_PUBLIC_KEY),
        NatsModule.forRoot({ settings: config, timeoutMs: config.NATS_TIMEOUT_MS, name: options.name }),
      ],
      controllers: [HealthController],
      providers: [
        { provide: configToken, useValue: config },
        ...databaseProviders,
        {
          provide: HEALTH_CHECKS,
          inject: [databaseCheck.inject, NatsClient],
          useFactory: (database: Database, nats: NatsClient): HealthCheck[] => [
            { name: 'database', check: async () => void (await databaseCheck.check(database)) },
            { name: 'nats', check: () => nats.ping() },
            ...(options.healthChecks ?? []),
          ],
        },
      ],
      exports: [configToken, ...databaseProviders],
    };
  }
}
