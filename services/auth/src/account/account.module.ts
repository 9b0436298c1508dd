import { Module } from '@nestjs/common';
import { PasswordHasher } from '../passwords/password-hasher.js';
import { TwoFactorModule } from '../two-factor/two-factor.module.js';
import { UsersModule } from '../users/users.module.js';
import { AccountController } from './account.controller.js';
import { AccountDataRepository } from './account-data.repository.js';
import { AccountErasureService } from './account-erasure.service.js';
import { AccountErasureWorker } from './account-erasure.worker.js';
import { AccountErasuresRepository } from './account-erasures.repository.js';
import { AccountExportService } from './account-export.service.js';

/** The user's rights over their data: erase the account, take a copy of it. */
@Module({
  imports: [UsersModule, TwoFactorModule],
  controllers: [AccountController],
  providers: [
    { provide: PasswordHasher, useFactory: () => new PasswordHasher() },
    AccountErasuresRepository,
    AccountErasureWorker,
    AccountErasureService,
    AccountDataRepository,
    AccountExportService,
  ],
})
export class AccountModule {}
