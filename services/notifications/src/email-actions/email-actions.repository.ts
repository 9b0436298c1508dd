import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { PrismaService } from '../database/prisma.service.js';

@Injectable()
export class EmailActionsRepository {
  constructor(@Inject(PrismaService) private readonly prisma: PrismaService) {}

  /** The named signing key; the first process to ask creates it, every replica then reads the same. */
  async signingSecret(name: string): Promise<Uint8Array> {
    await this.prisma.signingKey.createMany({
      data: [{ name, secret: new Uint8Array(randomBytes(32)) }],
      skipDuplicates: true,
    });
    const key = await this.prisma.signingKey.findUniqueOrThrow({ where: { name }, select: { secret: true } });
    return new Uint8Array(key.secret);
  }

  async isUsed(tokenId: string): Promise<boolean> {
    return (await this.prisma.emailActionUse.count({ where: { tokenId } })) > 0;
  }

  /**
   * Records the use of a single-use link inside the caller's transaction; false when it was used
   * already. A concurrent second use waits on the row and then finds it taken.
   */
  async claimUse(client: pg.PoolClient, use: { tokenId: string; userId: string; expiresAt: Date }): Promise<boolean> {
    const { rowCount } = await client.query(
      `INSERT INTO email_action_uses (token_id, user_id, expires_at) VALUES ($1, $2, $3) ON CONFLICT (token_id) DO NOTHING`,
      [use.tokenId, use.userId, use.expiresAt],
    );
    return rowCount === 1;
  }

  /** Rows of links that have expired prove nothing any more (an expired link is refused on its own). */
  async forgetExpiredUses(now: Date): Promise<void> {
    await this.prisma.emailActionUse.deleteMany({ where: { expiresAt: { lt: now } } });
  }

  get pool(): pg.Pool {
    return this.prisma.pool;
  }
}
