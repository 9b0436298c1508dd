import { AccessTokenModule, HealthModule, NatsClient, NatsModule } from '@kith/nest-kit';
import { type DynamicModule, Global, Module } from '@nestjs/common';
import { AuthModule } from './auth/auth.module.js';
import { AUTH_CONFIG, type AuthConfig } from './config/auth.config.js';
import { PrismaService } from './prisma/prisma.service.js';

/** The validated config and the database client, available to every module. */
@Global()
@Module({})
class CoreModule {
  static forRoot(config: AuthConfig): DynamicModule {
    return {
      module: CoreModule,
      providers: [{ provide: AUTH_CONFIG, useValue: config }, PrismaService],
      exports: [AUTH_CONFIG, PrismaService],
    };
  }
}

@Module({})
export class AppModule {
  static forRoot(config: AuthConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.forRoot(config),
        AccessTokenModule.forRoot(config.JWT_PUBLIC_KEY),
        NatsModule.forRoot({ url: config.NATS_URL, timeoutMs: config.NATS_TIMEOUT_MS, name: 'auth' }),
        HealthModule.forRoot({
          inject: [PrismaService, NatsClient],
          useFactory: (prisma: PrismaService, nats: NatsClient) => [
            { name: 'database', check: async () => void (await prisma.$queryRaw`SELECT 1`) },
            { name: 'nats', check: () => nats.ping() },
          ],
        }),
        AuthModule,
      ],
    };
  }
}
