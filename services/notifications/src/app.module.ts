import { type DynamicModule, Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { HEALTH_NOT_CONFIGURED } from '@kith/contracts';
import { ServicePlatformModule } from '@kith/nest-kit';
import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from './config/notifications.config.js';
import { AccountModule } from './account/account.module.js';
import { AccountMailModule } from './account-mail/account-mail.module.js';
import { EmailActionsModule } from './email-actions/email-actions.module.js';
import { PasswordResetModule } from './password-reset/password-reset.module.js';
import { PrismaService } from './database/prisma.service.js';
import { RemindersModule } from './reminders/reminders.module.js';
import { SettingsModule } from './settings/settings.module.js';
import { WebhooksModule } from './webhooks/webhooks.module.js';
import { NotificationsMetrics } from './metrics/notifications-metrics.service.js';

@Module({})
export class AppModule {
  static forRoot(config: NotificationsConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServicePlatformModule.forRoot({
          name: 'notifications',
          config,
          configToken: NOTIFICATIONS_CONFIG,
          databaseProviders: [PrismaService],
          databaseCheck: { inject: PrismaService, check: (prisma: PrismaService) => prisma.$queryRaw`SELECT 1` },
          // Whether mail can go out at all; an SMTP outage shows in the outbox metrics instead.
          healthChecks: [{ name: 'email', check: async () => (config.SMTP_URL ? undefined : HEALTH_NOT_CONFIGURED) }],
        }),
        ScheduleModule.forRoot(),
        SettingsModule,
        RemindersModule,
        PasswordResetModule,
        AccountMailModule,
        AccountModule,
        EmailActionsModule,
        WebhooksModule,
      ],
      providers: [NotificationsMetrics],
    };
  }
}
