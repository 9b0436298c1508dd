import {
  DEMO_USER_ID,
  ErrorCode,
  ErrorMessage,
  type MessageResponse,
  type RecoveryCodesResponse,
  type SecondFactor,
  TWO_FACTOR_ACCOUNT_FAILURE_LIMIT,
  TWO_FACTOR_ACCOUNT_FAILURE_WINDOW_MINUTES,
  TWO_FACTOR_CHALLENGE_TTL_SECONDS,
  TWO_FACTOR_MAX_ATTEMPTS,
  type TwoFactorChallengeResponse,
  TwoFactorMessage,
  type TwoFactorSetupResponse,
  type TwoFactorStatus,
} from '@kith/contracts';
import { AppError } from '@kith/nest-kit';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { hashOpaqueToken, newOpaqueToken } from '../tokens/opaque-token.js';
import { UsersRepository } from '../users/users.repository.js';
import { renderQrSvg } from './qr-code.js';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes.js';
import { SecretBox, SecretBoxError } from '@kith/nest-kit';
import { matchTotpStep, newTotpSecret, otpauthUri } from './totp.js';
import { TwoFactorChallengesRepository } from './two-factor-challenges.repository.js';
import { TwoFactorRepository } from './two-factor.repository.js';

const invalidCode = (factor: SecondFactor) =>
  new AppError(
    ErrorCode.INVALID_TWO_FACTOR_CODE,
    factor.code === undefined ? TwoFactorMessage.INVALID_RECOVERY_CODE : TwoFactorMessage.INVALID_CODE,
  );
const challengeInvalid = (message: string = TwoFactorMessage.CHALLENGE_EXPIRED) =>
  new AppError(ErrorCode.TWO_FACTOR_CHALLENGE_INVALID, message);

/** A request body's second factor, if it carries one (the schemas allow at most one). */
export function secondFactorOf(body: { code?: string; recoveryCode?: string }): SecondFactor | null {
  if (body.code !== undefined) return { code: body.code };
  if (body.recoveryCode !== undefined) return { recoveryCode: body.recoveryCode };
  return null;
}

/**
 * Two-factor sign-in (TOTP, RFC 6238) with one-time recovery codes: setting it up and off, and
 * checking a second factor for sign-in, password reset and the changes that need one.
 */
@Injectable()
export class TwoFactorService {
  private readonly logger = new Logger(TwoFactorService.name);

  constructor(
    @Inject(TwoFactorRepository) private readonly twoFactor: TwoFactorRepository,
    @Inject(TwoFactorChallengesRepository) private readonly challenges: TwoFactorChallengesRepository,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(SecretBox) private readonly secrets: SecretBox,
  ) {}

  async status(userId: string): Promise<TwoFactorStatus> {
    const totp = await this.twoFactor.findTotp(userId);
    if (!totp?.enabledAt) return { enabled: false, enabledAt: null, recoveryCodesRemaining: 0 };
    return {
      enabled: true,
      enabledAt: totp.enabledAt.toISOString(),
      recoveryCodesRemaining: await this.twoFactor.unusedRecoveryCodes(userId),
    };
  }

  isEnabled(userId: string): Promise<boolean> {
    return this.twoFactor.isEnabled(userId);
  }

  /** A new key to scan; it only takes effect once `enable` confirms a code from the app. */
  async setup(userId: string): Promise<TwoFactorSetupResponse> {
    // The demo account is shared and re-seeded: one visitor must not lock every other one out.
    if (userId === DEMO_USER_ID) throw new AppError(ErrorCode.FORBIDDEN, TwoFactorMessage.DEMO_ACCOUNT);
    const user = await this.users.findById(userId);
    if (!user) throw AppError.unauthorized(ErrorMessage.UNAUTHORIZED);
    const secret = newTotpSecret();
    if (!(await this.twoFactor.savePendingSecret(userId, this.secrets.seal(secret, userId)))) {
      throw new AppError(ErrorCode.CONFLICT, TwoFactorMessage.ALREADY_ENABLED);
    }
    const uri = otpauthUri(secret, user.email);
    return { secret, otpauthUri: uri, qrSvg: await renderQrSvg(uri) };
  }

  /** Confirms the pending key with a code from the app; answers the recovery codes, once. */
  async enable(userId: string, code: string): Promise<RecoveryCodesResponse> {
    const totp = await this.twoFactor.findTotp(userId);
    if (totp?.enabledAt) throw new AppError(ErrorCode.CONFLICT, TwoFactorMessage.ALREADY_ENABLED);
    if (!totp) throw new AppError(ErrorCode.CONFLICT, TwoFactorMessage.SETUP_NOT_STARTED);
    const step = matchTotpStep(this.openSecret(totp.secretCiphertext, userId), code);
    if (step === null) throw invalidCode({ code });
    const recoveryCodes = newRecoveryCodes();
    const hashes = recoveryCodes.map((recoveryCode) => hashRecoveryCode(userId, recoveryCode));
    if (!(await this.twoFactor.enable(userId, step, hashes, new Date()))) {
      throw new AppError(ErrorCode.CONFLICT, TwoFactorMessage.ALREADY_ENABLED);
    }
    return { message: TwoFactorMessage.ENABLED, recoveryCodes };
  }

  /** Turns it off; the caller proved it with step-up (the password and a second factor). */
  async disable(userId: string): Promise<MessageResponse> {
    if (!(await this.isEnabled(userId))) throw new AppError(ErrorCode.CONFLICT, TwoFactorMessage.NOT_ENABLED);
    await this.twoFactor.disable(userId);
    return { message: TwoFactorMessage.DISABLED };
  }

  /** New recovery codes (every earlier code stops working); the caller proved it with step-up. */
  async regenerateRecoveryCodes(userId: string): Promise<RecoveryCodesResponse> {
    if (!(await this.isEnabled(userId))) throw new AppError(ErrorCode.CONFLICT, TwoFactorMessage.NOT_ENABLED);
    const recoveryCodes = newRecoveryCodes();
    await this.twoFactor.replaceRecoveryCodes(
      userId,
      recoveryCodes.map((recoveryCode) => hashRecoveryCode(userId, recoveryCode)),
    );
    return { message: TwoFactorMessage.RECOVERY_CODES_REPLACED, recoveryCodes };
  }

  /**
   * Accepts a code of the user's app (once per time step) or an unused recovery code (once), or
   * throws INVALID_TWO_FACTOR_CODE. Every code counts on the account before it is checked (a right
   * one clears the count): past the limit every code is refused with a 429 until the window has
   * passed, however many are sent at once.
   */
  async verify(userId: string, factor: SecondFactor): Promise<void> {
    const now = new Date();
    const windowStart = new Date(now.getTime() - TWO_FACTOR_ACCOUNT_FAILURE_WINDOW_MINUTES * 60_000);
    const reserved = await this.twoFactor.reserveAttempt(userId, now, windowStart, TWO_FACTOR_ACCOUNT_FAILURE_LIMIT);
    if (reserved === 'off') throw invalidCode(factor);
    if (reserved === 'locked') throw new AppError(ErrorCode.RATE_LIMITED, TwoFactorMessage.ACCOUNT_LOCKED);
    if (factor.code !== undefined) {
      const secret = this.openSecret(reserved.secretCiphertext, userId);
      const step = matchTotpStep(secret, factor.code, now.getTime());
      if (step !== null && (await this.twoFactor.claimStep(userId, step))) {
        // Keys sealed before TOTP_ENCRYPTION_KEY was set move to it as they are used.
        if (this.secrets.isSealedWithOlderKey(reserved.secretCiphertext)) {
          await this.twoFactor.updateSecretCiphertext(userId, this.secrets.seal(secret, userId));
        }
        return;
      }
    } else if (await this.twoFactor.useRecoveryCode(userId, hashRecoveryCode(userId, factor.recoveryCode), now)) {
      return;
    }
    throw invalidCode(factor);
  }

  /** The password step's answer for an account with two-factor sign-in. */
  async startChallenge(userId: string): Promise<TwoFactorChallengeResponse> {
    const { token, tokenHash } = newOpaqueToken();
    const expiresAt = new Date(Date.now() + TWO_FACTOR_CHALLENGE_TTL_SECONDS * 1000);
    await this.challenges.create(userId, tokenHash, expiresAt);
    return { twoFactorRequired: true, challenge: token, expiresAt: expiresAt.toISOString() };
  }

  /**
   * The user whose challenge this second factor answers. The challenge works once and takes
   * TWO_FACTOR_MAX_ATTEMPTS wrong codes; then the sign-in starts again from the password.
   */
  async redeemChallenge(challenge: string, factor: SecondFactor): Promise<string> {
    // The attempt is reserved on the challenge before the code is checked: parallel codes cannot
    // get more than TWO_FACTOR_MAX_ATTEMPTS checked.
    const live = await this.challenges.reserveAttempt(hashOpaqueToken(challenge), new Date(), TWO_FACTOR_MAX_ATTEMPTS);
    if (!live) throw challengeInvalid();
    try {
      await this.verify(live.userId, factor);
    } catch (error) {
      if (error instanceof AppError && error.code === ErrorCode.INVALID_TWO_FACTOR_CODE) {
        if (live.attempts >= TWO_FACTOR_MAX_ATTEMPTS) {
          await this.challenges.redeem(live.id);
          throw challengeInvalid(TwoFactorMessage.TOO_MANY_ATTEMPTS);
        }
      }
      throw error;
    }
    if (!(await this.challenges.redeem(live.id))) throw challengeInvalid();
    return live.userId;
  }

  /**
   * Redeems the challenge with another proof of the person than a code (a passkey): `prove`
   * throws when it fails, and the attempt counts on the challenge like a wrong code.
   */
  async redeemChallengeWith(challenge: string, prove: (userId: string) => Promise<void>): Promise<string> {
    const live = await this.challenges.reserveAttempt(hashOpaqueToken(challenge), new Date(), TWO_FACTOR_MAX_ATTEMPTS);
    if (!live) throw challengeInvalid();
    await prove(live.userId);
    if (!(await this.challenges.redeem(live.id))) throw challengeInvalid();
    return live.userId;
  }

  /** A key that no configured key opens cannot check codes; recovery codes still work. */
  private openSecret(secretCiphertext: string, userId: string): string {
    try {
      return this.secrets.open(secretCiphertext, userId);
    } catch (error) {
      if (!(error instanceof SecretBoxError)) throw error;
      this.logger.error(
        `The TOTP key of user ${userId} cannot be decrypted (${error.message}): was TOTP_ENCRYPTION_KEY or JWT_PRIVATE_KEY changed?`,
      );
      throw new AppError(ErrorCode.SERVICE_UNAVAILABLE, TwoFactorMessage.UNAVAILABLE);
    }
  }
}
