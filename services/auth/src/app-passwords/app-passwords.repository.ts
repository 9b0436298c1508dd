import { Inject, Injectable } from '@nestjs/common';
import type { AppPassword as AppPasswordRow, Prisma } from '../generated/prisma/client.js';
import { PrismaService } from '../database/prisma.service.js';

export type AppPasswordListing = Pick<AppPasswordRow, 'id' | 'name' | 'createdAt' | 'lastUsedAt'>;

const LISTING = { id: true, name: true, createdAt: true, lastUsedAt: true } as const;

/** The only code that touches the app_passwords table. */
@Injectable()
export class AppPasswordsRepository {
  constructor(@Inject(PrismaService) private readonly prisma: PrismaService) {}

  create(userId: string, name: string, passwordHash: string): Promise<AppPasswordListing> {
    return this.prisma.appPassword.create({ data: { userId, name, passwordHash }, select: LISTING });
  }

  countOf(userId: string): Promise<number> {
    return this.prisma.appPassword.count({ where: { userId } });
  }

  listOf(userId: string): Promise<AppPasswordListing[]> {
    return this.prisma.appPassword.findMany({
      where: { userId },
      select: LISTING,
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    });
  }

  /** True when the caller had such a password (another user's id deletes nothing). `id`: as parseId hands it on. */
  async delete(userId: string, id: string): Promise<boolean> {
    const { count } = await this.prisma.appPassword.deleteMany({ where: { id, userId } });
    return count === 1;
  }

  /** Deletes every app password of the user (a password reset or change); how many there were. */
  async deleteAllOf(userId: string, db: Prisma.TransactionClient | PrismaService = this.prisma): Promise<number> {
    return (await db.appPassword.deleteMany({ where: { userId } })).count;
  }

  /** The password with this hash and its owner's e-mail (one unique-index lookup). */
  findByHash(passwordHash: string): Promise<(AppPasswordListing & { user: { id: string; email: string } }) | null> {
    return this.prisma.appPassword.findUnique({
      where: { passwordHash },
      select: { ...LISTING, user: { select: { id: true, email: true } } },
    });
  }

  /** Records a use unless one was recorded within `resolutionMs` (a conditional write, race-free). */
  async touch(id: string, now: Date, resolutionMs: number): Promise<void> {
    const staleBefore = new Date(now.getTime() - resolutionMs);
    await this.prisma.appPassword.updateMany({
      where: { id, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: staleBefore } }] },
      data: { lastUsedAt: now },
    });
  }
}
