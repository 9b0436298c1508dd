import { Logger, Module } from '@nestjs/common';
import { AUTH_CONFIG, type AuthConfig } from '../config/auth.config.js';
import { PasswordHasher } from '../passwords/password-hasher.js';
import { UsersModule } from '../users/users.module.js';
import { SecretBox } from './secret-box.js';
import { TwoFactorChallengesRepository } from './two-factor-challenges.repository.js';
import { TwoFactorController } from './two-factor.controller.js';
import { TwoFactorRepository } from './two-factor.repository.js';
import { TwoFactorService } from './two-factor.service.js';

/** Two-factor sign-in: its routes, and the checks sign-in, password reset and the export use. */
@Module({
  imports: [UsersModule],
  controllers: [TwoFactorController],
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
    { provide: PasswordHasher, useFactory: () => new PasswordHasher() },
    TwoFactorRepository,
    TwoFactorChallengesRepository,
    TwoFactorService,
  ],
  exports: [TwoFactorService],
})
export class TwoFactorModule {}
