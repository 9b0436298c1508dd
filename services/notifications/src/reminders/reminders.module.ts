import { Module } from '@nestjs/common';
import { EmailActionsModule } from '../email-actions/email-actions.module.js';
import { OutboxModule } from '../outbox/outbox.module.js';
import { PeersModule } from '../peers/peers.module.js';
import { SettingsModule } from '../settings/settings.module.js';
import { WebhooksModule } from '../webhooks/webhooks.module.js';
import { DailyRunScheduler } from './daily-run.scheduler.js';
import { DailyRunService } from './daily-run.service.js';
import { DailyRunsRepository } from './daily-runs.repository.js';
import { RemindersController } from './reminders.controller.js';
import { ReminderComposer } from './reminder-composer.js';
import { RemindersService } from './reminders.service.js';

@Module({
  imports: [OutboxModule, PeersModule, SettingsModule, EmailActionsModule, WebhooksModule],
  controllers: [RemindersController],
  providers: [RemindersService, ReminderComposer, DailyRunService, DailyRunsRepository, DailyRunScheduler],
})
export class RemindersModule {}
