import { Inject, Injectable } from '@nestjs/common';
import type { UserTotp } from '../generated/prisma/client.js';
import { PrismaService } from '../database/prisma.service.js';

/** The only code that touches user_totp and recovery_codes. */
@Injectable()
export class TwoFactorRepository {
  constructor(@Inject(PrismaService) private readonly prisma: PrismaService) {}

  findTotp(userId: string): Promise<UserTotp | null> {
    return this.prisma.userTotp.findUnique({ where: { userId } });
  }

  async isEnabled(userId: string): Promise<boolean> {
    return (await this.prisma.userTotp.count({ where: { userId, enabledAt: { not: null } } })) === 1;
  }

  /**
   * Keeps a new key waiting for confirmation, replacing any earlier unconfirmed one. False (and
   * nothing written) when two-factor sign-in is already on: its key is never replaced this way.
   */
  async savePendingSecret(userId: string, secretCiphertext: string): Promise<boolean> {
    const written = await this.prisma.$executeRaw`
      INSERT INTO user_totp (user_id, secret_ciphertext) VALUES (${userId}::uuid, ${secretCiphertext})
      ON CONFLICT (user_id) DO UPDATE
        SET secret_ciphertext = EXCLUDED.secret_ciphertext, created_at = now(), last_used_step = NULL,
            failed_attempts = 0, failures_since = NULL
        WHERE user_totp.enabled_at IS NULL`;
    return written === 1;
  }

  /**
   * Turns two-factor sign-in on with the step of the confirming code (so that code cannot sign in
   * again) and stores the recovery codes, replacing any earlier ones, in one transaction. False
   * when there was no pending key (none set up, or already on).
   */
  enable(userId: string, step: number, recoveryCodeHashes: readonly string[], now: Date): Promise<boolean> {
    return this.prisma.$transaction(async (tx) => {
      const { count } = await tx.userTotp.updateMany({
        where: { userId, enabledAt: null },
        data: { enabledAt: now, lastUsedStep: BigInt(step), failedAttempts: 0, failuresSince: null },
      });
      if (count === 0) return false;
      await tx.recoveryCode.deleteMany({ where: { userId } });
      await tx.recoveryCode.createMany({ data: recoveryCodeHashes.map((codeHash) => ({ userId, codeHash })) });
      return true;
    });
  }

  /**
   * Accepts the step of a valid code once: true when it is later than the last step accepted
   * (a conditional write, so two requests with one code cannot both pass). Clears the failures.
   */
  async claimStep(userId: string, step: number): Promise<boolean> {
    const { count } = await this.prisma.userTotp.updateMany({
      where: { userId, enabledAt: { not: null }, OR: [{ lastUsedStep: null }, { lastUsedStep: { lt: BigInt(step) } }] },
      data: { lastUsedStep: BigInt(step), failedAttempts: 0, failuresSince: null },
    });
    return count === 1;
  }

  /** Marks the recovery code used: true only for the one request that finds it unused. Clears the failures. */
  async useRecoveryCode(userId: string, codeHash: string, now: Date): Promise<boolean> {
    return this.prisma.$transaction(async (tx) => {
      const { count } = await tx.recoveryCode.updateMany({
        where: { userId, codeHash, usedAt: null },
        data: { usedAt: now },
      });
      if (count === 0) return false;
      await tx.userTotp.updateMany({ where: { userId }, data: { failedAttempts: 0, failuresSince: null } });
      return true;
    });
  }

  /** Stores the same key sealed anew (after the encryption key changed). */
  async updateSecretCiphertext(userId: string, secretCiphertext: string): Promise<void> {
    await this.prisma.userTotp.updateMany({ where: { userId }, data: { secretCiphertext } });
  }

  /**
   * Reserves one attempt on the account's count before a code is checked (the count restarts when
   * its window began at or before `windowStart`); a right code then clears it (claimStep,
   * useRecoveryCode). One conditional UPDATE under the row's lock: of N codes sent at once,
   * exactly as many as `limit` leaves are checked. 'off' without two-factor sign-in; 'locked'
   * when the window's attempts are used up.
   */
  async reserveAttempt(
    userId: string,
    now: Date,
    windowStart: Date,
    limit: number,
  ): Promise<{ secretCiphertext: string } | 'off' | 'locked'> {
    const [reserved] = await this.prisma.$queryRaw<{ secret_ciphertext: string }[]>`
      UPDATE user_totp SET
        failed_attempts = CASE WHEN failures_since IS NULL OR failures_since <= ${windowStart} THEN 1 ELSE failed_attempts + 1 END,
        failures_since = CASE WHEN failures_since IS NULL OR failures_since <= ${windowStart} THEN ${now} ELSE failures_since END
      WHERE user_id = ${userId}::uuid AND enabled_at IS NOT NULL
        AND NOT (failed_attempts >= ${limit}::int AND failures_since IS NOT NULL AND failures_since > ${windowStart})
      RETURNING secret_ciphertext`;
    if (reserved) return { secretCiphertext: reserved.secret_ciphertext };
    return (await this.isEnabled(userId)) ? 'locked' : 'off';
  }

  /** Replaces every recovery code of the user with these. */
  async replaceRecoveryCodes(userId: string, recoveryCodeHashes: readonly string[]): Promise<void> {
    await this.prisma.$transaction([
      this.prisma.recoveryCode.deleteMany({ where: { userId } }),
      this.prisma.recoveryCode.createMany({ data: recoveryCodeHashes.map((codeHash) => ({ userId, codeHash })) }),
    ]);
  }

  unusedRecoveryCodes(userId: string): Promise<number> {
    return this.prisma.recoveryCode.count({ where: { userId, usedAt: null } });
  }

  /** Turns two-factor sign-in off: the key, the recovery codes and open challenges go. */
  async disable(userId: string): Promise<void> {
    await this.prisma.$transaction([
      this.prisma.twoFactorChallenge.deleteMany({ where: { userId } }),
      this.prisma.recoveryCode.deleteMany({ where: { userId } }),
      this.prisma.userTotp.deleteMany({ where: { userId } }),
    ]);
  }
}
