import { DEMO_ACCOUNT, DEMO_USER_ID } from '@kith/contracts';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { AUTH_CONFIG, type AuthConfig } from '../config/auth.config.js';
import { PasswordHasher } from '../passwords/password-hasher.js';
import { UsersRepository } from '../users/users.repository.js';

/**
 * Makes sure the demo account exists with its fixed id (contacts seeds its data under that id)
 * and that the published demo password logs in, even if a visitor changed it: at start and
 * every DEMO_RESET_INTERVAL_MS, like the demo's contacts.
 */
@Injectable()
export class DemoAccountSeeder implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(DemoAccountSeeder.name);
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(PasswordHasher) private readonly passwords: PasswordHasher,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.SEED_DEMO) return;
    await this.seed();
    this.timer = setInterval(() => {
      this.seed().catch((error: unknown) => this.logger.error(`Demo account restore failed: ${String(error)}`));
    }, this.config.DEMO_RESET_INTERVAL_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
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
