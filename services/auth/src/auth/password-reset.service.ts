import { ErrorCode, ErrorMessage, RESET_TOKEN_TTL_MINUTES, type ResetPasswordResponse } from '@kith/contracts';
import { AppError } from '@kith/nest-kit';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { PasswordHasher } from '../passwords/password-hasher.js';
import { hashOpaqueToken, newOpaqueToken } from '../tokens/opaque-token.js';
import { toUser } from '../users/user.mapper.js';
import { UsersRepository } from '../users/users.repository.js';
import { PasswordResetMailClient } from './password-reset-mail.client.js';
import { PasswordResetTokensRepository } from './password-reset-tokens.repository.js';
import { SessionsService } from './sessions.service.js';

const invalidResetToken = () => new AppError(ErrorCode.INVALID_RESET_TOKEN, ErrorMessage.INVALID_RESET_TOKEN);

/** Reset requests waiting to be handled; past this many (a flood), more are dropped and logged. */
export const MAX_PENDING_RESET_REQUESTS = 1000;

/** Forgotten passwords: a single-use emailed token that sets a new password and ends every session. */
@Injectable()
export class PasswordResetService {
  private readonly logger = new Logger(PasswordResetService.name);
  /** The reset requests in hand, one after another (so their mails leave in the order asked). */
  private queue: Promise<void> = Promise.resolve();
  private pending = 0;

  constructor(
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(PasswordResetTokensRepository) private readonly resetTokens: PasswordResetTokensRepository,
    @Inject(PasswordHasher) private readonly passwords: PasswordHasher,
    @Inject(SessionsService) private readonly sessions: SessionsService,
    @Inject(PasswordResetMailClient) private readonly resetMails: PasswordResetMailClient,
  ) {}

  /**
   * The caller learns nothing about whether the email has an account, neither from the answer
   * nor from its timing: the lookup, the token and the mail all happen after the answer, so a
   * known and an unknown address cost the request the very same work.
   */
  requestReset(email: string): { message: string } {
    if (this.pending >= MAX_PENDING_RESET_REQUESTS) {
      this.logger.warn(`Reset request dropped: ${this.pending} are already waiting`);
    } else {
      this.pending += 1;
      this.queue = this.queue
        // After the answer has gone out, not in the microtasks before it.
        .then(() => new Promise((resolve) => setImmediate(resolve)))
        .then(() => this.sendResetLink(email))
        .catch((error: Error) => this.logger.error(`Reset request failed: ${error.message}`))
        .finally(() => (this.pending -= 1));
    }
    return { message: ErrorMessage.FORGOT_PASSWORD_SENT };
  }

  /** A new single-use token for the account of `email`, if there is one, and its mail. */
  private async sendResetLink(email: string): Promise<void> {
    const user = await this.users.findByEmail(email);
    if (!user) return;
    const { token, tokenHash } = newOpaqueToken();
    const expiresAt = new Date(Date.now() + RESET_TOKEN_TTL_MINUTES * 60_000);
    await this.resetTokens.create({ userId: user.id, tokenHash, expiresAt });
    this.resetMails.requestMail({
      userId: user.id,
      email: user.email,
      firstName: user.firstName,
      token,
      expiresAt: expiresAt.toISOString(),
    });
  }

  async check(token: string): Promise<{ valid: true }> {
    if (!(await this.resetTokens.isRedeemable(hashOpaqueToken(token), new Date()))) throw invalidResetToken();
    return { valid: true };
  }

  async reset(token: string, password: string): Promise<ResetPasswordResponse> {
    const tokenHash = hashOpaqueToken(token);
    // Checked first so a bad token costs no argon2 hash; redeem() checks again atomically.
    if (!(await this.resetTokens.isRedeemable(tokenHash, new Date()))) throw invalidResetToken();
    const row = await this.resetTokens.redeem(tokenHash, await this.passwords.hash(password), new Date());
    if (!row) throw invalidResetToken();
    return { message: ErrorMessage.PASSWORD_UPDATED, user: toUser(row), tokens: await this.sessions.start(row) };
  }
}
