import { Inject, Injectable } from '@nestjs/common';
import type { Prisma } from '../generated/prisma/client.js';
import { PrismaService } from '../database/prisma.service.js';

export interface NewRefreshToken {
  userId: string;
  familyId: string;
  tokenHash: string;
  expiresAt: Date;
}

export interface TokenOwner {
  id: string;
  email: string;
}

export type RotationOutcome =
  | { outcome: 'rotated'; user: TokenOwner }
  /** The token had already been exchanged: its family is now revoked. */
  | { outcome: 'reused' }
  /** Unknown, expired or revoked. */
  | { outcome: 'invalid' };

type Db = Prisma.TransactionClient | PrismaService;

@Injectable()
export class RefreshTokensRepository {
  constructor(@Inject(PrismaService) private readonly prisma: PrismaService) {}

  async create(token: NewRefreshToken): Promise<void> {
    await this.prisma.refreshToken.create({ data: token });
  }

  /**
   * Exchanges a live token for its successor in one transaction. The conditional UPDATE claims
   * the token: of two concurrent calls with the same token only one can claim it; the other then
   * sees it as already used, which is reuse, and the whole family is revoked.
   */
  rotate(
    tokenHash: string,
    successor: Pick<NewRefreshToken, 'tokenHash' | 'expiresAt'>,
    now: Date,
  ): Promise<RotationOutcome> {
    return this.prisma.$transaction(async (tx): Promise<RotationOutcome> => {
      const claimed = await tx.refreshToken.updateMany({
        where: { tokenHash, usedAt: null, revokedAt: null, expiresAt: { gt: now } },
        data: { usedAt: now },
      });
      const current = await tx.refreshToken.findUnique({
        where: { tokenHash },
        include: { user: { select: { id: true, email: true } } },
      });
      if (!current) return { outcome: 'invalid' };
      if (claimed.count === 0) {
        if (!current.usedAt) return { outcome: 'invalid' };
        await this.revokeFamily(current.familyId, now, tx);
        return { outcome: 'reused' };
      }
      const next = await tx.refreshToken.create({
        data: { userId: current.userId, familyId: current.familyId, ...successor },
      });
      await tx.refreshToken.update({ where: { id: current.id }, data: { replacedById: next.id } });
      return { outcome: 'rotated', user: current.user };
    });
  }

  /** Revokes the family the token belongs to (logout); unknown tokens are ignored. */
  async revokeFamilyOf(tokenHash: string, now: Date): Promise<void> {
    const token = await this.prisma.refreshToken.findUnique({ where: { tokenHash }, select: { familyId: true } });
    if (token) await this.revokeFamily(token.familyId, now);
  }

  async revokeFamily(familyId: string, now: Date, db: Db = this.prisma): Promise<void> {
    await db.refreshToken.updateMany({ where: { familyId, revokedAt: null }, data: { revokedAt: now } });
  }

  /** Ends every session of the user (password reset). */
  async revokeAllOfUser(userId: string, now: Date, db: Db = this.prisma): Promise<void> {
    await db.refreshToken.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: now } });
  }
}
