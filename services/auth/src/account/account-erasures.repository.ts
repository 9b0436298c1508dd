import { createHash } from 'node:crypto';
import { ACCESS_TOKEN_TTL_SECONDS, type ErasingService } from '@kith/contracts';
import { Inject, Injectable } from '@nestjs/common';
import type { AccountErasure } from '../generated/prisma/client.js';
import { PrismaService } from '../database/prisma.service.js';

/** How gateways name an erased user: never the id itself, which must not outlive the erasure. */
export const userIdHash = (userId: string) => createHash('sha256').update(userId).digest('hex');

/** Tables of auth keyed by the user that the users row's cascades might not reach. */
const ERASURE_BOOKKEEPING_TABLES = new Set(['account_erasures', 'erased_users', 'pgmigrations']);

@Injectable()
export class AccountErasuresRepository {
  constructor(@Inject(PrismaService) private readonly prisma: PrismaService) {}

  /**
   * In one transaction: deletes the user (refresh and reset tokens cascade, so every session ends)
   * and every other auth row carrying its user_id, records the user as erased, and files one
   * erasure request per other service. Either all of it happens or none.
   */
  async eraseUserAndFileRequests(
    user: { id: string; email: string; firstName: string },
    services: readonly ErasingService[],
  ): Promise<void> {
    await this.prisma.$transaction(async (tx) => {
      // Every table with a user_id column, including ones added after this code was written.
      const tables = await tx.$queryRaw<{ table_name: string }[]>`
        SELECT c.table_name FROM information_schema.columns c
        JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
        WHERE c.table_schema = current_schema() AND c.column_name = 'user_id' AND t.table_type = 'BASE TABLE'`;
      for (const { table_name: table } of tables) {
        if (ERASURE_BOOKKEEPING_TABLES.has(table) || table === 'users') continue;
        await tx.$executeRawUnsafe(`DELETE FROM "${table.replaceAll('"', '""')}" WHERE user_id = $1::uuid`, user.id);
      }
      await tx.user.delete({ where: { id: user.id } });
      await tx.erasedUser.upsert({
        where: { userIdHash: userIdHash(user.id) },
        create: { userIdHash: userIdHash(user.id) },
        update: {},
      });
      await tx.accountErasure.createMany({
        data: services.map((service) => ({
          userId: user.id,
          service,
          email: service === 'notifications' ? user.email : null,
          firstName: service === 'notifications' ? user.firstName : null,
        })),
        skipDuplicates: true,
      });
    });
  }

  findDue(now: Date, limit: number, userId?: string): Promise<AccountErasure[]> {
    return this.prisma.accountErasure.findMany({
      where: userId ? { userId } : { nextAttemptAt: { lte: now } },
      orderBy: { nextAttemptAt: 'asc' },
      take: limit,
    });
  }

  /** The service acknowledged: the request (and the address it held) goes. */
  async complete(erasure: Pick<AccountErasure, 'userId' | 'service'>): Promise<void> {
    await this.prisma.accountErasure.deleteMany({ where: { userId: erasure.userId, service: erasure.service } });
  }

  async postpone(
    erasure: Pick<AccountErasure, 'userId' | 'service'>,
    nextAttemptAt: Date,
    error: string,
  ): Promise<void> {
    await this.prisma.accountErasure.updateMany({
      where: { userId: erasure.userId, service: erasure.service },
      data: { attempts: { increment: 1 }, nextAttemptAt, lastError: error.slice(0, 1000) },
    });
  }

  /** Users erased within the access-token lifetime (older ones' tokens have expired anyway). */
  async recentErasedHashes(now: Date): Promise<string[]> {
    const rows = await this.prisma.erasedUser.findMany({
      where: { erasedAt: { gt: new Date(now.getTime() - ACCESS_TOKEN_TTL_SECONDS * 1000) } },
      select: { userIdHash: true },
    });
    return rows.map((row) => row.userIdHash);
  }

  async purgeErasedBefore(cutoff: Date): Promise<number> {
    return (await this.prisma.erasedUser.deleteMany({ where: { erasedAt: { lte: cutoff } } })).count;
  }
}
