import { Inject, Injectable } from '@nestjs/common';
import type { Prisma } from '../generated/prisma/client.js';
import { PrismaService } from '../database/prisma.service.js';

export interface NewPasswordResetToken {
  userId: string;
  tokenHash: string;
  expiresAt: Date;
}

@Injectable()
export class PasswordResetTokensRepository {
  constructor(@Inject(PrismaService) private readonly prisma: PrismaService) {}

  async create(token: NewPasswordResetToken): Promise<void> {
    await this.prisma.passwordResetToken.create({ data: token });
  }

  /** The token when it exists, is unused and unexpired (a cheap check before hashing a password). */
  findRedeemable(tokenHash: string, now: Date): Promise<{ id: string; userId: string } | null> {
    return this.prisma.passwordResetToken.findFirst({
      where: { tokenHash, usedAt: null, expiresAt: { gt: now } },
      select: { id: true, userId: true },
    });
  }

  /**
   * Reserves one second-factor attempt on the link before the code is checked, in one
   * conditional UPDATE (so parallel codes are counted exactly): the link and the attempts made on
   * it, this one included; null when the link is unknown, used, expired or out of attempts.
   */
  async reserveTwoFactorAttempt(
    tokenHash: string,
    maxAttempts: number,
    now: Date,
  ): Promise<{ id: string; userId: string; attempts: number } | null> {
    const [row] = await this.prisma.$queryRaw<{ id: string; user_id: string; two_factor_failures: number }[]>`
      UPDATE password_reset_tokens SET two_factor_failures = two_factor_failures + 1
      WHERE token_hash = ${tokenHash} AND used_at IS NULL AND expires_at > ${now}
        AND two_factor_failures < ${maxAttempts}::int
      RETURNING id, user_id, two_factor_failures`;
    return row ? { id: row.id, userId: row.user_id, attempts: row.two_factor_failures } : null;
  }

  /** Voids every outstanding link of the user (its password changed). */
  async voidAllOf(db: Prisma.TransactionClient, userId: string, now: Date): Promise<void> {
    await db.passwordResetToken.updateMany({ where: { userId, usedAt: null }, data: { usedAt: now } });
  }

  /** Voids the link (its second-factor attempts are used up). */
  async voidLink(id: string, now: Date): Promise<void> {
    await this.prisma.passwordResetToken.updateMany({ where: { id, usedAt: null }, data: { usedAt: now } });
  }

  /**
   * Redeems the token and sets the new password in one transaction (PasswordChanges closes every
   * other door with it). Null when the token is unknown, used or expired; of two concurrent
   * redemptions one wins.
   */
  redeem<T>(
    tokenHash: string,
    now: Date,
    setPassword: (tx: Prisma.TransactionClient, userId: string) => Promise<T>,
  ): Promise<T | null> {
    return this.prisma.$transaction(async (tx) => {
      const claimed = await tx.passwordResetToken.updateMany({
        where: { tokenHash, usedAt: null, expiresAt: { gt: now } },
        data: { usedAt: now },
      });
      if (claimed.count === 0) return null;
      const { userId } = await tx.passwordResetToken.findUniqueOrThrow({
        where: { tokenHash },
        select: { userId: true },
      });
      return setPassword(tx, userId);
    });
  }
}
