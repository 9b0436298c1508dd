import { Module } from '@nestjs/common';
import { AppPasswordsController } from './app-passwords.controller.js';
import { AppPasswordsRepository } from './app-passwords.repository.js';
import { AppPasswordsService } from './app-passwords.service.js';

/** Per-device passwords for phone sync (CardDAV clients sign in with HTTP Basic). */
@Module({
  controllers: [AppPasswordsController],
  providers: [AppPasswordsService, AppPasswordsRepository],
})
export class AppPasswordsModule {}
