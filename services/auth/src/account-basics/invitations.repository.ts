import { Inject, Injectable } from '@nestjs/common';
import { PrismaService } from '../database/prisma.service.js';
import type { Invitation as InvitationRow } from '../generated/prisma/client.js';

/** The only code that touches invitations. */
@Injectable()
export class InvitationsRepository {
  constructor(@Inject(PrismaService) private readonly prisma: PrismaService) {}

  create(invitation: { email: string; tokenHash: string; invitedBy: string; expiresAt: Date }): Promise<InvitationRow> {
    return this.prisma.invitation.create({ data: invitation });
  }

  /** The newest first; an operator sends a handful. */
  list(limit: number): Promise<InvitationRow[]> {
    return this.prisma.invitation.findMany({ orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: limit });
  }

  /** The unused, unexpired invitation with this token for exactly this address. */
  findValid(tokenHash: string, email: string, now: Date): Promise<InvitationRow | null> {
    return this.prisma.invitation.findFirst({
      where: { tokenHash, email, acceptedAt: null, expiresAt: { gt: now } },
    });
  }

  /** The unused, unexpired invitation to this address, whatever its token (the newest if several). */
  findPendingFor(email: string, now: Date): Promise<InvitationRow | null> {
    return this.prisma.invitation.findFirst({
      where: { email, acceptedAt: null, expiresAt: { gt: now } },
      orderBy: { createdAt: 'desc' },
    });
  }

  /** Marks it used: true for the one registration that claims it. */
  async accept(id: string, now: Date): Promise<boolean> {
    const { count } = await this.prisma.invitation.updateMany({
      where: { id, acceptedAt: null },
      data: { acceptedAt: now },
    });
    return count === 1;
  }
}
