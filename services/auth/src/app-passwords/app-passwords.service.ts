import {
  APP_PASSWORD_LAST_USED_RESOLUTION_MS,
  type AppPassword,
  type CreatedAppPassword,
  ErrorCode,
  MAX_APP_PASSWORDS_PER_USER,
  type MessageResponse,
  type VerifyAppPasswordRequest,
  type VerifyAppPasswordResponse,
} from '@kith/contracts';
import { AppError } from '@kith/nest-kit';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { type AppPasswordListing, AppPasswordsRepository } from './app-passwords.repository.js';
import { hashAppPassword, newAppPassword } from './app-password.secret.js';

function toAppPassword(row: AppPasswordListing): AppPassword {
  return {
    _id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

/**
 * Per-device passwords for CardDAV. They sign in to /dav/ only: the contacts service asks
 * `verify` over NATS, and nothing else in auth accepts them (login checks the account password).
 */
@Injectable()
export class AppPasswordsService {
  private readonly logger = new Logger(AppPasswordsService.name);

  constructor(@Inject(AppPasswordsRepository) private readonly appPasswords: AppPasswordsRepository) {}

  async create(userId: string, name: string): Promise<CreatedAppPassword> {
    if ((await this.appPasswords.countOf(userId)) >= MAX_APP_PASSWORDS_PER_USER) {
      throw new AppError(
        ErrorCode.CONFLICT,
        `You can have at most ${MAX_APP_PASSWORDS_PER_USER} app passwords; revoke one you no longer use`,
      );
    }
    const { password, passwordHash } = newAppPassword();
    const row = await this.appPasswords.create(userId, name, passwordHash);
    return { _id: row.id, name: row.name, password };
  }

  async list(userId: string): Promise<AppPassword[]> {
    return (await this.appPasswords.listOf(userId)).map(toAppPassword);
  }

  async revoke(userId: string, id: string): Promise<MessageResponse> {
    if (!(await this.appPasswords.delete(userId, id))) throw AppError.notFound('App password');
    return { message: 'App password revoked' };
  }

  /** The user the credentials sign in, when the password is theirs and still exists (`username` normalised by the schema). */
  async verify({ username, password }: VerifyAppPasswordRequest): Promise<VerifyAppPasswordResponse> {
    if (!password) return null;
    const found = await this.appPasswords.findByHash(hashAppPassword(password));
    if (!found || found.user.email !== username) return null;
    // Every CardDAV request is verified: recording the use must not add a write to its latency.
    this.appPasswords
      .touch(found.id, new Date(), APP_PASSWORD_LAST_USED_RESOLUTION_MS)
      .catch((error: Error) => this.logger.warn(`last-used not recorded: ${error.message}`));
    return { userId: found.user.id };
  }
}
