import { type DynamicModule, Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { AccessTokenModule, HealthModule, NatsClient, NatsModule } from '@kith/nest-kit';
import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from './config/notifications.config.js';
import { PasswordResetModule } from './password-reset/password-reset.module.js';
import { PrismaModule } from './prisma/prisma.module.js';
import { PrismaService } from './prisma/prisma.service.js';
import { RemindersModule } from './reminders/reminders.module.js';
import { SettingsModule } from './settings/settings.module.js';

@Module({})
export class AppModule {
  static forRoot(config: NotificationsConfig): DynamicModule {
    return {
      module: AppModule,
      global: true,
      imports: [
        AccessTokenModule.forRoot(config.JWT_PUBLIC_KEY),
        NatsModule.forRoot({ url: config.NATS_URL, timeoutMs: config.NATS_TIMEOUT_MS, name: 'notifications' }),
        ScheduleModule.forRoot(),
        PrismaModule,
        HealthModule.forRoot({
          inject: [PrismaService, NatsClient],
          useFactory: (prisma: PrismaService, nats: NatsClient) => [
            { name: 'database', check: async () => void (await prisma.$queryRaw`SELECT 1`) },
            { name: 'nats', check: () => nats.ping() },
          ],
        }),
        SettingsModule,
        RemindersModule,
        PasswordResetModule,
      ],
      providers: [{ provide: NOTIFICATIONS_CONFIG, useValue: config }],
      exports: [NOTIFICATIONS_CONFIG],
    };
  }
}
