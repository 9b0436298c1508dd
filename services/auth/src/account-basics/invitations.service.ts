import {
  AccountMailKind,
  ErrorCode,
  ErrorMessage,
  INVITATION_TTL_DAYS,
  type Invitation,
  MS_PER_DAY,
} from '@kith/contracts';
import { AppError } from '@kith/nest-kit';
import { Inject, Injectable } from '@nestjs/common';
import type { Invitation as InvitationRow } from '../generated/prisma/client.js';
import { hashOpaqueToken, newOpaqueToken } from '../tokens/opaque-token.js';
import { UsersRepository } from '../users/users.repository.js';
import { AccountMailClient } from './account-mail.client.js';
import { InvitationsRepository } from './invitations.repository.js';

/** Invitations listed in Settings. */
const LISTED = 100;

const toInvitation = (row: InvitationRow): Invitation => ({
  _id: row.id,
  email: row.email,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  acceptedAt: row.acceptedAt?.toISOString() ?? null,
});

/**
 * The operator invites people by e-mail (KITH_REGISTRATION=invite): the link registers that
 * address once, and proves it. The routes check that the caller is the operator.
 */
@Injectable()
export class InvitationsService {
  constructor(
    @Inject(InvitationsRepository) private readonly invitations: InvitationsRepository,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(AccountMailClient) private readonly mails: AccountMailClient,
  ) {}

  async invite(operatorId: string, email: string): Promise<Invitation> {
    if (await this.users.findByEmail(email)) throw new AppError(ErrorCode.EMAIL_TAKEN, ErrorMessage.EMAIL_TAKEN);
    const operator = await this.users.findById(operatorId);
    const { token, tokenHash } = newOpaqueToken();
    const expiresAt = new Date(Date.now() + INVITATION_TTL_DAYS * MS_PER_DAY);
    const row = await this.invitations.create({ email, tokenHash, invitedBy: operatorId, expiresAt });
    this.mails.requestMail({
      kind: AccountMailKind.INVITATION,
      userId: null,
      to: email,
      firstName: operator?.firstName ?? null,
      token,
      expiresAt: expiresAt.toISOString(),
    });
    return toInvitation(row);
  }

  async list(): Promise<Invitation[]> {
    return (await this.invitations.list(LISTED)).map(toInvitation);
  }

  findValid(token: string, email: string): Promise<InvitationRow | null> {
    return this.invitations.findValid(hashOpaqueToken(token), email, new Date());
  }

  /**
   * For single sign-on: the link's token proves the invited person reads that mailbox, and so does
   * a provider that verified the address; such a sign-in may use the invitation without its token.
   */
  pendingFor(email: string): Promise<InvitationRow | null> {
    return this.invitations.findPendingFor(email, new Date());
  }

  async accept(id: string): Promise<void> {
    await this.invitations.accept(id, new Date());
  }
}
