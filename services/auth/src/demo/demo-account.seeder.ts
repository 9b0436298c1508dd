import { DEMO_ACCOUNT, DEMO_USER_ID } from '@kith/contracts';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { AUTH_CONFIG, type AuthConfig } from '../config/auth.config.js';
import { PasswordHasher } from '../passwords/password-hasher.js';
import { UsersRepository } from '../users/users.repository.js';

/**
 * Makes sure the demo account exists with its fixed id (contacts seeds its data under that id)
 * and that the published demo password logs in, even if a visitor changed it.
 */
@Injectable()
export class DemoAccountSeeder implements OnApplicationBootstrap {
  private readonly logger = new Logger(DemoAccountSeeder.name);

  constructor(
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(PasswordHasher) private readonly passwords: PasswordHasher,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.SEED_DEMO) await this.seed();
  }

  async seed(): Promise<void> {
    const seeded = await this.users.upsertWithId({
      id: DEMO_USER_ID,
      firstName: DEMO_ACCOUNT.firstName,
      lastName: DEMO_ACCOUNT.lastName,
      email: DEMO_ACCOUNT.email,
      passwordHash: await this.passwords.hash(DEMO_ACCOUNT.password),
    });
    if (seeded) this.logger.log(`Demo account ready: ${DEMO_ACCOUNT.email}`);
    else this.logger.warn(`Demo account not seeded: another account already uses ${DEMO_ACCOUNT.email}`);
  }
}
