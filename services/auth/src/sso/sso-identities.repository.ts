import { Inject, Injectable } from '@nestjs/common';
import { PrismaService } from '../database/prisma.service.js';

/** The only code that touches sso_identities. */
@Injectable()
export class SsoIdentitiesRepository {
  constructor(@Inject(PrismaService) private readonly prisma: PrismaService) {}

  async userIdOf(issuer: string, subject: string): Promise<string | null> {
    const row = await this.prisma.ssoIdentity.findUnique({ where: { issuer_subject: { issuer, subject } } });
    return row?.userId ?? null;
  }

  /** Links the subject to the account; a subject already linked keeps its account. */
  async link(userId: string, issuer: string, subject: string): Promise<void> {
    await this.prisma.$executeRaw`
      INSERT INTO sso_identities (user_id, issuer, subject) VALUES (${userId}::uuid, ${issuer}, ${subject})
      ON CONFLICT (issuer, subject) DO NOTHING`;
  }
}
