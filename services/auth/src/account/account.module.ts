import { Module } from '@nestjs/common';
import { StepUpModule } from '../step-up/step-up.module.js';
import { AccountController } from './account.controller.js';
import { AccountDataRepository } from './account-data.repository.js';
import { AccountErasureService } from './account-erasure.service.js';
import { AccountErasureWorker } from './account-erasure.worker.js';
import { AccountErasuresRepository } from './account-erasures.repository.js';
import { AccountExportService } from './account-export.service.js';

/** The user's rights over their data: erase the account, take a copy of it. */
@Module({
  imports: [StepUpModule],
  controllers: [AccountController],
  providers: [
    AccountErasuresRepository,
    AccountErasureWorker,
    AccountErasureService,
    AccountDataRepository,
    AccountExportService,
  ],
})
export class AccountModule {}
