import {
  AccountMailKind,
  AccountMessages,
  EMAIL_CONFIRMATION_TTL_HOURS,
  ErrorCode,
  ErrorMessage,
  type MessageResponse,
  VERIFICATION_MAILS_PER_HOUR,
} from '@kith/contracts';
import { AppError } from '@kith/nest-kit';
import { Inject, Injectable } from '@nestjs/common';
import type { User as UserRow } from '../generated/prisma/client.js';
import { hashOpaqueToken, newOpaqueToken } from '../tokens/opaque-token.js';
import { isUniqueViolation, UsersRepository } from '../users/users.repository.js';
import { AccountMailClient } from './account-mail.client.js';
import { EmailConfirmationsRepository } from './email-confirmations.repository.js';

const linkInvalid = () => new AppError(ErrorCode.BAD_REQUEST, AccountMessages.EMAIL_LINK_INVALID);

/**
 * Proving an address: the registration's (where REQUIRE_EMAIL_VERIFICATION asks for it) and a new
 * one (a change of address takes effect when the link sent to it is used). Links are single use,
 * expire, and act only while their account exists unchanged since they were sent.
 */
@Injectable()
export class EmailVerification {
  constructor(
    @Inject(EmailConfirmationsRepository) private readonly links: EmailConfirmationsRepository,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(AccountMailClient) private readonly mails: AccountMailClient,
  ) {}

  /** Mails a link that proves `email` (the account's own by default, or the address it moves to). */
  async send(user: Pick<UserRow, 'id' | 'email' | 'firstName'>, email = user.email): Promise<void> {
    const { token, tokenHash } = newOpaqueToken();
    const expiresAt = new Date(Date.now() + EMAIL_CONFIRMATION_TTL_HOURS * 3600_000);
    await this.links.create({ userId: user.id, email, tokenHash, expiresAt });
    this.mails.requestMail({
      kind: email === user.email ? AccountMailKind.CONFIRM_EMAIL : AccountMailKind.CHANGE_EMAIL,
      userId: user.id,
      to: email,
      firstName: user.firstName,
      token,
      expiresAt: expiresAt.toISOString(),
    });
  }

  /** "Send the link again", a few times an hour. */
  async resend(userId: string): Promise<MessageResponse> {
    const user = await this.users.findById(userId);
    if (!user) throw AppError.unauthorized(ErrorMessage.UNAUTHORIZED);
    if (user.emailVerifiedAt) throw new AppError(ErrorCode.CONFLICT, AccountMessages.EMAIL_CONFIRMED);
    const hourAgo = new Date(Date.now() - 3600_000);
    if ((await this.links.countSince(userId, hourAgo)) >= VERIFICATION_MAILS_PER_HOUR) {
      throw new AppError(ErrorCode.RATE_LIMITED, 'Too many confirmation mails: try again in an hour');
    }
    await this.send(user);
    return { message: AccountMessages.VERIFICATION_SENT };
  }

  /** Uses a link: the address is proven, and becomes the account's when it was a change. */
  async confirm(token: string): Promise<MessageResponse> {
    const now = new Date();
    try {
      const done = await this.links.redeem(hashOpaqueToken(token), now, async (tx, { email, user }) => {
        if (email === user.email) await this.users.markEmailVerified(tx, user.id, now);
        else {
          await this.users.setVerifiedEmail(tx, user.id, email, now);
          await this.links.voidAllOf(user.id, now, tx);
        }
        return true;
      });
      if (!done) throw linkInvalid();
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError(ErrorCode.EMAIL_TAKEN, ErrorMessage.EMAIL_TAKEN);
      throw error;
    }
    return { message: AccountMessages.EMAIL_CONFIRMED };
  }
}
