import { Module } from '@nestjs/common';
import { AccountBasicsController } from '../account-basics/account-basics.controller.js';
import { AccountBasicsService } from '../account-basics/account-basics.service.js';
import { AccountMailClient } from '../account-basics/account-mail.client.js';
import { CalendarFeedRevoker } from '../account-basics/calendar-feed-revoker.js';
import { EmailConfirmationsRepository } from '../account-basics/email-confirmations.repository.js';
import { EmailVerification } from '../account-basics/email-verification.service.js';
import { InvitationsRepository } from '../account-basics/invitations.repository.js';
import { InvitationsService } from '../account-basics/invitations.service.js';
import { PasswordChanges } from '../account-basics/password-changes.js';
import { AppPasswordsModule } from '../app-passwords/app-passwords.module.js';
import { AUTH_CONFIG, type AuthConfig } from '../config/auth.config.js';
import { DemoAccountSeeder } from '../demo/demo-account.seeder.js';
import { PasskeysModule } from '../passkeys/passkeys.module.js';
import { SsoIdentitiesRepository } from '../sso/sso-identities.repository.js';
import { SsoController } from '../sso/sso.controller.js';
import { SsoService } from '../sso/sso.service.js';
import { StepUpModule } from '../step-up/step-up.module.js';
import { AuthEventsPublisher } from './auth-events.publisher.js';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { ExpiredTokensPurger } from './expired-tokens.purger.js';
import { KnownDevices } from './known-devices.js';
import { PasswordResetTokensRepository } from './password-reset-tokens.repository.js';
import { PasswordResetMailClient } from './password-reset-mail.client.js';
import { PasswordResetService } from './password-reset.service.js';
import { RefreshTokensRepository } from './refresh-tokens.repository.js';
import { SessionsService } from './sessions.service.js';

@Module({
  imports: [StepUpModule, AppPasswordsModule, PasskeysModule],
  controllers: [AuthController, AccountBasicsController, SsoController],
  providers: [
    AuthService,
    {
      provide: KnownDevices,
      inject: [AUTH_CONFIG],
      useFactory: (config: AuthConfig) => KnownDevices.forService(config.JWT_PRIVATE_KEY),
    },
    SessionsService,
    PasswordResetService,
    PasswordResetMailClient,
    AuthEventsPublisher,
    RefreshTokensRepository,
    PasswordResetTokensRepository,
    DemoAccountSeeder,
    ExpiredTokensPurger,
    AccountMailClient,
    CalendarFeedRevoker,
    EmailConfirmationsRepository,
    EmailVerification,
    InvitationsRepository,
    InvitationsService,
    PasswordChanges,
    AccountBasicsService,
    SsoService,
    SsoIdentitiesRepository,
  ],
})
export class AuthModule {}
