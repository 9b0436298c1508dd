import { Module } from '@nestjs/common';
import { StepUpModule } from '../step-up/step-up.module.js';
import { AppPasswordsController } from './app-passwords.controller.js';
import { AppPasswordsRepository } from './app-passwords.repository.js';
import { AppPasswordsService } from './app-passwords.service.js';

/** Per-device passwords for phone sync (CardDAV clients sign in with HTTP Basic). */
@Module({
  imports: [StepUpModule],
  controllers: [AppPasswordsController],
  providers: [AppPasswordsService, AppPasswordsRepository],
  exports: [AppPasswordsRepository],
})
export class AppPasswordsModule {}
