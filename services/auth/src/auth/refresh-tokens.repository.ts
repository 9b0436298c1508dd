import { Inject, Injectable } from '@nestjs/common';
import type { Prisma } from '../generated/prisma/client.js';
import { PrismaService } from '../database/prisma.service.js';

export interface NewRefreshToken {
  userId: string;
  familyId: string;
  tokenHash: string;
  expiresAt: Date;
  userAgent?: string | null;
}

export interface TokenOwner {
  id: string;
  email: string;
  firstAccount: boolean;
}

/** A live session as Settings lists it. */
export interface LiveSession {
  familyId: string;
  createdAt: Date;
  lastUsedAt: Date;
  userAgent: string | null;
}

export type RotationOutcome =
  | { outcome: 'rotated'; user: TokenOwner; familyId: string }
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
        include: { user: { select: { id: true, email: true, firstAccount: true } } },
      });
      if (!current) return { outcome: 'invalid' };
      if (claimed.count === 0) {
        if (!current.usedAt) return { outcome: 'invalid' };
        await this.revokeFamily(current.familyId, now, tx);
        return { outcome: 'reused' };
      }
      const next = await tx.refreshToken.create({
        data: { userId: current.userId, familyId: current.familyId, userAgent: current.userAgent, ...successor },
      });
      await tx.refreshToken.update({ where: { id: current.id }, data: { replacedById: next.id } });
      return { outcome: 'rotated', user: current.user, familyId: current.familyId };
    });
  }

  /** Revokes the family's live tokens and adds a new one to it, in one transaction. */
  async replaceLive(userId: string, familyId: string, successor: Pick<NewRefreshToken, 'tokenHash' | 'expiresAt'>) {
    const now = new Date();
    await this.prisma.$transaction(async (tx) => {
      const live = await tx.refreshToken.findFirst({
        where: { userId, familyId, revokedAt: null, usedAt: null },
        orderBy: { createdAt: 'desc' },
        select: { userAgent: true },
      });
      await tx.refreshToken.updateMany({ where: { userId, familyId, revokedAt: null }, data: { revokedAt: now } });
      await tx.refreshToken.create({ data: { userId, familyId, userAgent: live?.userAgent ?? null, ...successor } });
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

  /**
   * Ends every session of the user (a password reset), or all but `keepFamilyId` (a password
   * change, "sign out everywhere else"); the number of sessions ended.
   */
  async revokeAllOfUser(userId: string, now: Date, db: Db = this.prisma, keepFamilyId?: string): Promise<number> {
    const ended = await db.refreshToken.findMany({
      where: {
        userId,
        revokedAt: null,
        expiresAt: { gt: now },
        ...(keepFamilyId ? { NOT: { familyId: keepFamilyId } } : {}),
      },
      distinct: ['familyId'],
      select: { familyId: true },
    });
    await db.refreshToken.updateMany({
      where: { userId, revokedAt: null, ...(keepFamilyId ? { NOT: { familyId: keepFamilyId } } : {}) },
      data: { revokedAt: now },
    });
    return ended.length;
  }

  /** Revokes one family of this user; false when the user has no such live session. */
  async revokeFamilyOfUser(userId: string, familyId: string, now: Date): Promise<boolean> {
    const { count } = await this.prisma.refreshToken.updateMany({
      where: { userId, familyId, revokedAt: null },
      data: { revokedAt: now },
    });
    return count > 0;
  }

  /**
   * The user's sessions that can still refresh: families with an unused, unrevoked, unexpired
   * token (a user has a handful; each family's tokens are found by the user index).
   */
  async liveSessionsOf(userId: string, now: Date): Promise<LiveSession[]> {
    const rows = await this.prisma.$queryRaw<LiveSession[]>`
      SELECT family_id AS "familyId", min(created_at) AS "createdAt", max(created_at) AS "lastUsedAt",
             (array_agg(user_agent ORDER BY created_at DESC))[1] AS "userAgent"
      FROM refresh_tokens
      WHERE user_id = ${userId}::uuid
      GROUP BY family_id
      HAVING bool_or(used_at IS NULL AND revoked_at IS NULL AND expires_at > ${now})
      ORDER BY max(created_at) DESC`;
    return rows;
  }
}
