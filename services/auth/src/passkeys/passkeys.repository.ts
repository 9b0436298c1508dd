import { Inject, Injectable } from '@nestjs/common';
import { PrismaService } from '../database/prisma.service.js';
import type { Passkey as PasskeyRow } from '../generated/prisma/client.js';

export type { PasskeyRow };

export interface NewPasskey {
  userId: string;
  credentialId: string;
  publicKey: Uint8Array;
  signCount: number;
  transports: string[];
  name: string;
  backedUp: boolean;
}

/** The only code that touches passkeys and webauthn_challenges. */
@Injectable()
export class PasskeysRepository {
  constructor(@Inject(PrismaService) private readonly prisma: PrismaService) {}

  listOf(userId: string): Promise<PasskeyRow[]> {
    return this.prisma.passkey.findMany({ where: { userId }, orderBy: { createdAt: 'asc' } });
  }

  countOf(userId: string): Promise<number> {
    return this.prisma.passkey.count({ where: { userId } });
  }

  findByCredentialId(credentialId: string): Promise<PasskeyRow | null> {
    return this.prisma.passkey.findUnique({ where: { credentialId } });
  }

  /** null when a passkey with this credential id exists already. */
  async create(passkey: NewPasskey): Promise<PasskeyRow | null> {
    const [row] = await this.prisma.$queryRaw<{ id: string }[]>`
      INSERT INTO passkeys (user_id, credential_id, public_key, sign_count, transports, name, backed_up)
      VALUES (${passkey.userId}::uuid, ${passkey.credentialId}, ${Buffer.from(passkey.publicKey)},
              ${passkey.signCount}, ${passkey.transports}::text[], ${passkey.name}, ${passkey.backedUp})
      ON CONFLICT (credential_id) DO NOTHING
      RETURNING id`;
    return row ? this.prisma.passkey.findUnique({ where: { id: row.id } }) : null;
  }

  async rename(userId: string, id: string, name: string): Promise<PasskeyRow | null> {
    const { count } = await this.prisma.passkey.updateMany({ where: { id, userId }, data: { name } });
    return count === 1 ? this.prisma.passkey.findUnique({ where: { id } }) : null;
  }

  async remove(userId: string, id: string): Promise<boolean> {
    return (await this.prisma.passkey.deleteMany({ where: { id, userId } })).count === 1;
  }

  async recordUse(id: string, signCount: number, now: Date): Promise<void> {
    await this.prisma.passkey.update({ where: { id }, data: { signCount, lastUsedAt: now } });
  }

  async saveChallenge(challenge: string, purpose: string, userId: string | null, expiresAt: Date): Promise<void> {
    await this.prisma.webauthnChallenge.create({ data: { challenge, purpose, userId, expiresAt } });
  }

  /**
   * Uses a challenge up: the one request that deletes it gets its row (so an answer is never
   * accepted twice), and only while it is unexpired and for its purpose.
   */
  async takeChallenge(challenge: string, purpose: string, now: Date): Promise<{ userId: string | null } | null> {
    const [row] = await this.prisma.$queryRaw<{ user_id: string | null }[]>`
      DELETE FROM webauthn_challenges
      WHERE challenge = ${challenge} AND purpose = ${purpose} AND expires_at > ${now}
      RETURNING user_id`;
    return row ? { userId: row.user_id } : null;
  }
}
