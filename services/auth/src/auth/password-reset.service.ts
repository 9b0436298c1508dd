import {
  ErrorCode,
  ErrorMessage,
  PasskeyPurpose,
  RESET_TOKEN_TTL_MINUTES,
  type ResetPasswordResponse,
  type ResetTokenCheckResponse,
  type SecondFactor,
  TWO_FACTOR_MAX_ATTEMPTS,
  TwoFactorMessage,
  type WebAuthnResponse,
} from '@kith/contracts';
import { AppError } from '@kith/nest-kit';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { PasskeysService } from '../passkeys/passkeys.service.js';
import { PasswordHasher } from '../passwords/password-hasher.js';
import { hashOpaqueToken, newOpaqueToken } from '../tokens/opaque-token.js';
import { TwoFactorService } from '../two-factor/two-factor.service.js';
import { UserMapper } from '../users/user.mapper.js';
import { PasswordChanges } from '../account-basics/password-changes.js';
import { refuseCommonPassword } from '../passwords/common-passwords.js';
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
    @Inject(TwoFactorService) private readonly twoFactor: TwoFactorService,
    @Inject(PasswordChanges) private readonly passwordChanges: PasswordChanges,
    @Inject(UserMapper) private readonly mapper: UserMapper,
    @Inject(PasskeysService) private readonly passkeys: PasskeysService,
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

  async check(token: string): Promise<ResetTokenCheckResponse> {
    const found = await this.resetTokens.findRedeemable(hashOpaqueToken(token), new Date());
    if (!found) throw invalidResetToken();
    return { valid: true, twoFactorRequired: await this.twoFactor.isEnabled(found.userId) };
  }

  /**
   * The e-mailed link alone does not take over an account with two-factor sign-in: the reset then
   * also needs a code or a recovery code, and a few codes use the link up (each is counted on the
   * link before it is checked). A reset closes every door: see PasswordChanges.
   */
  async reset(
    token: string,
    password: string,
    factor: SecondFactor | null,
    userAgent?: string,
  ): Promise<ResetPasswordResponse> {
    return this.resetProven(token, password, userAgent, async (tokenHash, userId) => {
      if (!(await this.twoFactor.isEnabled(userId))) return;
      if (!factor) throw new AppError(ErrorCode.TWO_FACTOR_REQUIRED, TwoFactorMessage.CODE_REQUIRED);
      await this.verifySecondFactor(tokenHash, factor);
    });
  }

  /** The same, a passkey of the account answering its second factor (it cannot be guessed, so it is not counted). */
  resetWithPasskey(
    token: string,
    password: string,
    response: WebAuthnResponse,
    userAgent?: string,
  ): Promise<ResetPasswordResponse> {
    return this.resetProven(token, password, userAgent, async (_tokenHash, userId) => {
      await this.passkeys.verifyAssertion(PasskeyPurpose.SIGN_IN, response, userId);
    });
  }

  private async resetProven(
    token: string,
    password: string,
    userAgent: string | undefined,
    prove: (tokenHash: string, userId: string) => Promise<void>,
  ): Promise<ResetPasswordResponse> {
    const tokenHash = hashOpaqueToken(token);
    // Checked first so a bad token costs no argon2 hash; redeem() checks again atomically.
    const found = await this.resetTokens.findRedeemable(tokenHash, new Date());
    if (!found) throw invalidResetToken();
    refuseCommonPassword(password);
    await prove(tokenHash, found.userId);
    const passwordHash = await this.passwords.hash(password);
    const set = await this.resetTokens.redeem(tokenHash, new Date(), (tx, userId) =>
      this.passwordChanges.setPassword(tx, userId, passwordHash, new Date()),
    );
    if (!set) throw invalidResetToken();
    const revoked = await this.passwordChanges.closeOtherDoors(set);
    return {
      message: ErrorMessage.PASSWORD_UPDATED,
      user: this.mapper.toUser(set.user),
      tokens: await this.sessions.start(set.user, userAgent),
      revoked,
    };
  }

  private async verifySecondFactor(tokenHash: string, factor: SecondFactor): Promise<void> {
    const link = await this.resetTokens.reserveTwoFactorAttempt(tokenHash, TWO_FACTOR_MAX_ATTEMPTS, new Date());
    if (!link) throw invalidResetToken();
    try {
      await this.twoFactor.verify(link.userId, factor);
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== ErrorCode.INVALID_TWO_FACTOR_CODE) throw error;
      if (link.attempts < TWO_FACTOR_MAX_ATTEMPTS) throw error;
      await this.resetTokens.voidLink(link.id, new Date());
      throw invalidResetToken();
    }
  }
}
