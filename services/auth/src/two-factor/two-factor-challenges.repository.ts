import { Inject, Injectable } from '@nestjs/common';
import { PrismaService } from '../database/prisma.service.js';

export interface LiveChallenge {
  id: string;
  userId: string;
}

/** The only code that touches two_factor_challenges. */
@Injectable()
export class TwoFactorChallengesRepository {
  constructor(@Inject(PrismaService) private readonly prisma: PrismaService) {}

  async create(userId: string, tokenHash: string, expiresAt: Date): Promise<void> {
    await this.prisma.twoFactorChallenge.create({ data: { userId, tokenHash, expiresAt } });
  }

  /** The unexpired challenge with this hash that still has attempts left. */
  findLive(tokenHash: string, now: Date, maxAttempts: number): Promise<LiveChallenge | null> {
    return this.prisma.twoFactorChallenge.findFirst({
      where: { tokenHash, expiresAt: { gt: now }, attempts: { lt: maxAttempts } },
      select: { id: true, userId: true },
    });
  }

  /** Counts a wrong code; true when that was the last attempt (the challenge is then deleted). */
  async recordFailedAttempt(id: string, maxAttempts: number): Promise<boolean> {
    const [row] = await this.prisma.$queryRaw<{ attempts: number }[]>`
      UPDATE two_factor_challenges SET attempts = attempts + 1 WHERE id = ${id}::uuid RETURNING attempts`;
    if (row && row.attempts < maxAttempts) return false;
    await this.prisma.twoFactorChallenge.deleteMany({ where: { id } });
    return true;
  }

  /** Uses the challenge up: true for the one request that deletes it. */
  async redeem(id: string): Promise<boolean> {
    return (await this.prisma.twoFactorChallenge.deleteMany({ where: { id } })).count === 1;
  }
}
