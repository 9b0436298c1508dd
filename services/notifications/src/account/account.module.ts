import { Module } from '@nestjs/common';
import { OutboxModule } from '../outbox/outbox.module.js';
import { SettingsModule } from '../settings/settings.module.js';
import { AccountDataRepository } from './account-data.repository.js';
import { AccountController } from './account.controller.js';
import { AccountService } from './account.service.js';

/** This service's answers to auth for the account export and erasure. */
@Module({
  imports: [OutboxModule, SettingsModule],
  controllers: [AccountController],
  providers: [AccountDataRepository, AccountService],
})
export class AccountModule {}
