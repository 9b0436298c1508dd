import type { AppPassword, ExportedPasswordReset, ExportedSession } from '@kith/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { PrismaService } from '../database/prisma.service.js';

/**
 * Auth's own part of the account export: what it keeps about the user besides the profile, each
 * without its secret (no password, token or app-password hash ever leaves this service).
 * A user has a handful of each (expired sessions and reset tokens are purged hourly).
 */
@Injectable()
export class AccountDataRepository {
  constructor(@Inject(PrismaService) private readonly prisma: PrismaService) {}

  async appPasswords(userId: string): Promise<AppPassword[]> {
    const rows = await this.prisma.appPassword.findMany({
      where: { userId },
      select: { id: true, name: true, createdAt: true, lastUsedAt: true },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    });
    return rows.map((row) => ({
      _id: row.id,
      name: row.name,
      createdAt: row.createdAt.toISOString(),
      lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    }));
  }

  /** One entry per session (a refresh-token family, each refresh being one more token of it). */
  async sessions(userId: string): Promise<ExportedSession[]> {
    const rows = await this.prisma.refreshToken.groupBy({
      by: ['familyId'],
      where: { userId },
      _min: { createdAt: true },
      _max: { createdAt: true, expiresAt: true, revokedAt: true },
      orderBy: { _min: { createdAt: 'asc' } },
    });
    return rows.map((row) => ({
      startedAt: row._min.createdAt!.toISOString(),
      lastRefreshedAt: row._max.createdAt!.toISOString(),
      expiresAt: row._max.expiresAt!.toISOString(),
      endedAt: row._max.revokedAt?.toISOString() ?? null,
    }));
  }

  async passwordResets(userId: string): Promise<ExportedPasswordReset[]> {
    const rows = await this.prisma.passwordResetToken.findMany({
      where: { userId },
      select: { createdAt: true, expiresAt: true, usedAt: true },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    });
    return rows.map((row) => ({
      requestedAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      usedAt: row.usedAt?.toISOString() ?? null,
    }));
  }
}
