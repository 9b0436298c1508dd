import { AccountMailKind, type RevokedCredentials } from '@kith/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { AppPasswordsRepository } from '../app-passwords/app-passwords.repository.js';
import { PasswordResetTokensRepository } from '../auth/password-reset-tokens.repository.js';
import { RefreshTokensRepository } from '../auth/refresh-tokens.repository.js';
import { PrismaService } from '../database/prisma.service.js';
import type { Prisma, User as UserRow } from '../generated/prisma/client.js';
import { UsersRepository } from '../users/users.repository.js';
import { AccountMailClient } from './account-mail.client.js';
import { CalendarFeedRevoker } from './calendar-feed-revoker.js';
import { EmailConfirmationsRepository } from './email-confirmations.repository.js';

/** What the transaction of a new password ended; the feed is revoked after it commits. */
export interface PasswordSet {
  user: UserRow;
  sessions: number;
  appPasswords: number;
}

/**
 * A new password (a reset, or a change) closes every door the old one may have opened to someone
 * else: every session (all of them, or all but the caller's own when it is a change), every app
 * password, the calendar feed's URL, outstanding reset and confirmation links. The user is told
 * which to set up again, in the answer and by mail.
 */
@Injectable()
export class PasswordChanges {
  constructor(
    @Inject(PrismaService) private readonly prisma: PrismaService,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(RefreshTokensRepository) private readonly refreshTokens: RefreshTokensRepository,
    @Inject(AppPasswordsRepository) private readonly appPasswords: AppPasswordsRepository,
    @Inject(PasswordResetTokensRepository) private readonly resetTokens: PasswordResetTokensRepository,
    @Inject(EmailConfirmationsRepository) private readonly links: EmailConfirmationsRepository,
    @Inject(CalendarFeedRevoker) private readonly feeds: CalendarFeedRevoker,
    @Inject(AccountMailClient) private readonly mails: AccountMailClient,
  ) {}

  /** Sets the password in `tx` and ends what lives in auth's database, all or nothing. */
  async setPassword(
    tx: Prisma.TransactionClient,
    userId: string,
    passwordHash: string,
    now: Date,
    keepSessionId?: string,
  ): Promise<PasswordSet> {
    const user = await this.users.setPasswordHash(tx, userId, passwordHash, now);
    await this.resetTokens.voidAllOf(tx, userId, now);
    await this.links.voidAllOf(userId, now, tx);
    const sessions = await this.refreshTokens.revokeAllOfUser(userId, now, tx, keepSessionId);
    const appPasswords = await this.appPasswords.deleteAllOf(userId, tx);
    return { user, sessions, appPasswords };
  }

  /** A change by the signed-in user: its own session goes on. */
  change(userId: string, passwordHash: string, keepSessionId: string | undefined): Promise<PasswordSet> {
    return this.prisma.$transaction((tx) => this.setPassword(tx, userId, passwordHash, new Date(), keepSessionId));
  }

  /** After the transaction: the feed stops working, and the owner hears what to set up again. */
  async closeOtherDoors({ user, sessions, appPasswords }: PasswordSet): Promise<RevokedCredentials> {
    const revoked: RevokedCredentials = { sessions, appPasswords, calendarFeed: await this.feeds.revoke(user.id) };
    this.mails.requestMail({
      kind: AccountMailKind.PASSWORD_CHANGED,
      userId: user.id,
      to: user.email,
      firstName: user.firstName,
      token: null,
      expiresAt: null,
      revoked,
    });
    return revoked;
  }
}
