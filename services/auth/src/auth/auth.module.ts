import { JwtVerifier } from '@kith/nest-kit';
import { Module } from '@nestjs/common';
import { AUTH_CONFIG, type AuthConfig } from '../config/auth.config.js';
import { DemoAccountSeeder } from '../demo/demo-account.seeder.js';
import { PasswordHasher } from '../passwords/password-hasher.js';
import { AccessTokenIssuer } from '../tokens/access-token.issuer.js';
import { TwoFactorModule } from '../two-factor/two-factor.module.js';
import { UsersModule } from '../users/users.module.js';
import { AuthEventsPublisher } from './auth-events.publisher.js';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { ExpiredTokensPurger } from './expired-tokens.purger.js';
import { KnownDevices } from './known-devices.js';
import { LoginThrottle } from './login-throttle.js';
import { PasswordResetTokensRepository } from './password-reset-tokens.repository.js';
import { PasswordResetMailClient } from './password-reset-mail.client.js';
import { PasswordResetService } from './password-reset.service.js';
import { RefreshTokensRepository } from './refresh-tokens.repository.js';
import { SessionsService } from './sessions.service.js';

@Module({
  imports: [UsersModule, TwoFactorModule],
  controllers: [AuthController],
  providers: [
    {
      provide: AccessTokenIssuer,
      inject: [AUTH_CONFIG, JwtVerifier],
      useFactory: async (config: AuthConfig, verifier: JwtVerifier) => {
        const issuer = await AccessTokenIssuer.fromPem(config.JWT_PRIVATE_KEY);
        await issuer.assertVerifiableBy(verifier);
        return issuer;
      },
    },
    { provide: PasswordHasher, useFactory: () => new PasswordHasher() },
    AuthService,
    { provide: LoginThrottle, inject: [AUTH_CONFIG], useFactory: (config: AuthConfig) => new LoginThrottle(config) },
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
  ],
})
export class AuthModule {}
