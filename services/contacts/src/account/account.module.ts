import { Module } from '@nestjs/common';
import { ListsModule } from '../lists/lists.module.js';
import { AccountDataRepository } from './account-data.repository.js';
import { AccountController } from './account.controller.js';
import { AccountService } from './account.service.js';

/** This service's answers to auth for the account export and erasure. */
@Module({
  imports: [ListsModule],
  controllers: [AccountController],
  providers: [AccountDataRepository, AccountService],
})
export class AccountModule {}
