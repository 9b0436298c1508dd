import { Inject, Injectable } from '@nestjs/common';
import { PrismaService } from '../database/prisma.service.js';

export interface LiveChallenge {
  id: string;
  userId: string;
  /** Attempts made on it, this one included. */
  attempts: number;
}

/** The only code that touches two_factor_challenges. */
@Injectable()
export class TwoFactorChallengesRepository {
  constructor(@Inject(PrismaService) private readonly prisma: PrismaService) {}

  async create(userId: string, tokenHash: string, expiresAt: Date): Promise<void> {
    await this.prisma.twoFactorChallenge.create({ data: { userId, tokenHash, expiresAt } });
  }

  /**
   * Reserves an attempt on the unexpired challenge with this hash that still has attempts left,
   * in one conditional UPDATE (so parallel codes are counted exactly); null when there is none.
   */
  async reserveAttempt(tokenHash: string, now: Date, maxAttempts: number): Promise<LiveChallenge | null> {
    const [row] = await this.prisma.$queryRaw<{ id: string; user_id: string; attempts: number }[]>`
      UPDATE two_factor_challenges SET attempts = attempts + 1
      WHERE token_hash = ${tokenHash} AND expires_at > ${now} AND attempts < ${maxAttempts}::int
      RETURNING id, user_id, attempts`;
    return row ? { id: row.id, userId: row.user_id, attempts: row.attempts } : null;
  }

  /** Uses the challenge up: true for the one request that deletes it. */
  async redeem(id: string): Promise<boolean> {
    return (await this.prisma.twoFactorChallenge.deleteMany({ where: { id } })).count === 1;
  }
}
