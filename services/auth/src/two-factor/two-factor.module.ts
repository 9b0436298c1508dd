import { Logger, Module } from '@nestjs/common';
import { AUTH_CONFIG, type AuthConfig } from '../config/auth.config.js';
import { UsersModule } from '../users/users.module.js';
import { SecretBox } from '@kith/nest-kit';
import { TwoFactorChallengesRepository } from './two-factor-challenges.repository.js';
import { TwoFactorRepository } from './two-factor.repository.js';
import { TwoFactorService } from './two-factor.service.js';

/** Two-factor sign-in: the checks sign-in, step-up, password reset and the export use (routes: StepUpModule). */
@Module({
  imports: [UsersModule],
  providers: [
    {
      provide: SecretBox,
      inject: [AUTH_CONFIG],
      useFactory: (config: AuthConfig) => {
        const box = SecretBox.forService(config.TOTP_ENCRYPTION_KEY, config.JWT_PRIVATE_KEY);
        new Logger('TwoFactorModule').log(
          config.TOTP_ENCRYPTION_KEY
            ? `TOTP keys are encrypted with TOTP_ENCRYPTION_KEY (key ${box.sealingKeyId})`
            : `TOTP keys are encrypted with a key derived from JWT_PRIVATE_KEY (key ${box.sealingKeyId}); set TOTP_ENCRYPTION_KEY before rotating that key`,
        );
        return box;
      },
    },
    TwoFactorRepository,
    TwoFactorChallengesRepository,
    TwoFactorService,
  ],
  exports: [TwoFactorService],
})
export class TwoFactorModule {}
