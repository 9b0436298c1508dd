import { JwtVerifier, STEP_UP_IN_BODY } from '@kith/nest-kit';
import { Module } from '@nestjs/common';
import { LoginThrottle } from '../auth/login-throttle.js';
import { AUTH_CONFIG, type AuthConfig } from '../config/auth.config.js';
import { PasswordHasher } from '../passwords/password-hasher.js';
import { AccessTokenIssuer } from '../tokens/access-token.issuer.js';
import { TwoFactorController } from '../two-factor/two-factor.controller.js';
import { TwoFactorModule } from '../two-factor/two-factor.module.js';
import { UsersModule } from '../users/users.module.js';
import { StepUpController } from './step-up.controller.js';
import { StepUpService } from './step-up.service.js';

/**
 * Proof beyond the bearer token, and what it is made with: the password (with the sign-in
 * backoff), two-factor sign-in, and the signing key. Modules whose routes need step-up import it
 * (their StepUpGuard finds STEP_UP_IN_BODY here).
 */
@Module({
  imports: [UsersModule, TwoFactorModule],
  controllers: [StepUpController, TwoFactorController],
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
    LoginThrottle,
    StepUpService,
    { provide: STEP_UP_IN_BODY, useExisting: StepUpService },
  ],
  exports: [
    UsersModule,
    TwoFactorModule,
    AccessTokenIssuer,
    PasswordHasher,
    LoginThrottle,
    StepUpService,
    STEP_UP_IN_BODY,
  ],
})
export class StepUpModule {}
