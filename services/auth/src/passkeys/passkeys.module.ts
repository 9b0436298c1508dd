import { Module } from '@nestjs/common';
import { StepUpModule } from '../step-up/step-up.module.js';
import { UsersModule } from '../users/users.module.js';
import { PasskeysController } from './passkeys.controller.js';
import { PasskeysRepository } from './passkeys.repository.js';
import { PasskeysService } from './passkeys.service.js';

/** Passkeys (WebAuthn): Settings' list, step-up with one; signing in with one is AuthController's. */
@Module({
  imports: [UsersModule, StepUpModule],
  controllers: [PasskeysController],
  providers: [PasskeysRepository, PasskeysService],
  exports: [PasskeysService],
})
export class PasskeysModule {}
