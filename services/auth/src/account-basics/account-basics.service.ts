import {
  AccountMessages,
  type ChangePasswordResponse,
  ErrorCode,
  ErrorMessage,
  type MeResponse,
  type MessageResponse,
  type UpdateProfileRequest,
} from '@kith/contracts';
import { type AccessTokenClaims, AppError } from '@kith/nest-kit';
import { Inject, Injectable } from '@nestjs/common';
import { SessionsService } from '../auth/sessions.service.js';
import { refuseCommonPassword } from '../passwords/common-passwords.js';
import { PasswordHasher } from '../passwords/password-hasher.js';
import { TwoFactorService } from '../two-factor/two-factor.service.js';
import { UserMapper } from '../users/user.mapper.js';
import { UsersRepository } from '../users/users.repository.js';
import { EmailVerification } from './email-verification.service.js';
import { PasswordChanges } from './password-changes.js';

/**
 * The account's basics from Settings: the name, the password and the e-mail address. The routes
 * that change the password or the address need step-up (StepUpGuard), so here the caller is proven.
 */
@Injectable()
export class AccountBasicsService {
  constructor(
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(UserMapper) private readonly mapper: UserMapper,
    @Inject(PasswordHasher) private readonly passwords: PasswordHasher,
    @Inject(PasswordChanges) private readonly passwordChanges: PasswordChanges,
    @Inject(SessionsService) private readonly sessions: SessionsService,
    @Inject(TwoFactorService) private readonly twoFactor: TwoFactorService,
    @Inject(EmailVerification) private readonly verification: EmailVerification,
  ) {}

  async updateProfile(userId: string, name: UpdateProfileRequest): Promise<MeResponse> {
    const row = await this.users.updateName(userId, { firstName: name.firstName, lastName: name.lastName });
    return { user: this.mapper.toUser(row), twoFactor: await this.twoFactor.status(userId) };
  }

  /**
   * A new password; every other session, every app password and the feed stop working. The
   * caller's session goes on, with fresh tokens.
   */
  async changePassword(caller: AccessTokenClaims, newPassword: string): Promise<ChangePasswordResponse> {
    refuseCommonPassword(newPassword, 'newPassword');
    const set = await this.passwordChanges.change(
      caller.userId,
      await this.passwords.hash(newPassword),
      caller.sessionId,
    );
    const revoked = await this.passwordChanges.closeOtherDoors(set);
    // Tokens of older releases name no session: then every session ended, this one too.
    const tokens = caller.sessionId
      ? await this.sessions.continueSession(set.user, caller.sessionId)
      : await this.sessions.start(set.user);
    return { message: AccountMessages.PASSWORD_CHANGED, revoked, tokens };
  }

  /** Sends a link to the new address; the change happens when it is used. */
  async changeEmail(userId: string, newEmail: string): Promise<MessageResponse> {
    const user = await this.users.findById(userId);
    if (!user) throw AppError.unauthorized(ErrorMessage.UNAUTHORIZED);
    if (newEmail === user.email)
      throw AppError.validation([{ field: 'newEmail', message: 'This is already your address' }]);
    if (await this.users.findByEmail(newEmail)) throw new AppError(ErrorCode.EMAIL_TAKEN, ErrorMessage.EMAIL_TAKEN);
    await this.verification.send(user, newEmail);
    return { message: AccountMessages.EMAIL_CHANGE_SENT };
  }
}
