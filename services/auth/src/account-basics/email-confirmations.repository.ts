import { Inject, Injectable } from '@nestjs/common';
import { PrismaService } from '../database/prisma.service.js';
import type { Prisma, User as UserRow } from '../generated/prisma/client.js';

type Db = Prisma.TransactionClient | PrismaService;

/** The only code that touches email_confirmations. */
@Injectable()
export class EmailConfirmationsRepository {
  constructor(@Inject(PrismaService) private readonly prisma: PrismaService) {}

  async create(confirmation: { userId: string; email: string; tokenHash: string; expiresAt: Date }): Promise<void> {
    await this.prisma.emailConfirmation.create({ data: confirmation });
  }

  /** Links sent to the user since `since` (resending is rate-limited). */
  countSince(userId: string, since: Date): Promise<number> {
    return this.prisma.emailConfirmation.count({ where: { userId, createdAt: { gte: since } } });
  }

  /**
   * Uses the link once, with `apply` in the same transaction: null when it is unknown, used or
   * expired, or when its account changed its password or address since it was sent (the link
   * relied on the account as it was) — or no longer exists (the row went with it).
   */
  redeem<T>(
    tokenHash: string,
    now: Date,
    apply: (tx: Prisma.TransactionClient, link: { email: string; user: UserRow }) => Promise<T>,
  ): Promise<T | null> {
    return this.prisma.$transaction(async (tx) => {
      const claimed = await tx.emailConfirmation.updateMany({
        where: { tokenHash, usedAt: null, expiresAt: { gt: now } },
        data: { usedAt: now },
      });
      if (claimed.count === 0) return null;
      const link = await tx.emailConfirmation.findUniqueOrThrow({ where: { tokenHash }, include: { user: true } });
      if (link.user.credentialsChangedAt > link.createdAt) return null;
      return apply(tx, { email: link.email, user: link.user });
    });
  }

  /** Voids every outstanding link of the user (its password or address changed). */
  async voidAllOf(userId: string, now: Date, db: Db = this.prisma): Promise<void> {
    await db.emailConfirmation.updateMany({ where: { userId, usedAt: null }, data: { usedAt: now } });
  }

  async purgeExpired(now: Date): Promise<number> {
    return (await this.prisma.emailConfirmation.deleteMany({ where: { expiresAt: { lte: now } } })).count;
  }
}
