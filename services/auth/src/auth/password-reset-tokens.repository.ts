import { Inject, Injectable } from '@nestjs/common';
import type { User as UserRow } from '../generated/prisma/client.js';
import { PrismaService } from '../database/prisma.service.js';
import { RefreshTokensRepository } from './refresh-tokens.repository.js';

export interface NewPasswordResetToken {
  userId: string;
  tokenHash: string;
  expiresAt: Date;
}

@Injectable()
export class PasswordResetTokensRepository {
  constructor(
    @Inject(PrismaService) private readonly prisma: PrismaService,
    @Inject(RefreshTokensRepository) private readonly refreshTokens: RefreshTokensRepository,
  ) {}

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
   * Counts a wrong second factor given with the link; at `maxFailures` the link is used up (so
   * a stolen reset link cannot be used to guess codes). True when that made it void.
   */
  async recordTwoFactorFailure(id: string, maxFailures: number, now: Date): Promise<boolean> {
    const [row] = await this.prisma.$queryRaw<{ two_factor_failures: number }[]>`
      UPDATE password_reset_tokens SET two_factor_failures = two_factor_failures + 1,
        used_at = CASE WHEN two_factor_failures + 1 >= ${maxFailures} THEN COALESCE(used_at, ${now}) ELSE used_at END
      WHERE id = ${id}::uuid RETURNING two_factor_failures`;
    return !row || row.two_factor_failures >= maxFailures;
  }

  /**
   * Redeems the token and sets the new password in one transaction: the token (and every other
   * outstanding reset token of the user) becomes used, and every refresh token is revoked.
   * Null when the token is unknown, used or expired; of two concurrent redemptions one wins.
   */
  redeem(tokenHash: string, passwordHash: string, now: Date): Promise<UserRow | null> {
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
      const user = await tx.user.update({ where: { id: userId }, data: { passwordHash } });
      await tx.passwordResetToken.updateMany({ where: { userId, usedAt: null }, data: { usedAt: now } });
      await this.refreshTokens.revokeAllOfUser(userId, now, tx);
      return user;
    });
  }
}
