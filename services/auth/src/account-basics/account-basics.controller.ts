import {
  AccountMessages,
  type ChangeEmailRequest,
  changeEmailSchema,
  type ChangePasswordRequest,
  type ChangePasswordResponse,
  changePasswordSchema,
  type ConfirmEmailRequest,
  confirmEmailSchema,
  ErrorCode,
  type Invitation,
  type InvitationCreateRequest,
  invitationCreateSchema,
  type MeResponse,
  type MessageResponse,
  type Session,
  type UpdateProfileRequest,
  updateProfileSchema,
} from '@kith/contracts';
import {
  type AccessTokenClaims,
  AppError,
  CurrentUser,
  parseId,
  Public,
  RequireStepUp,
  validate,
} from '@kith/nest-kit';
import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Inject, Param, Patch, Post } from '@nestjs/common';
import { SessionsService } from '../auth/sessions.service.js';
import { AccountBasicsService } from './account-basics.service.js';
import { EmailVerification } from './email-verification.service.js';
import { InvitationsService } from './invitations.service.js';

const operatorOnly = (caller: AccessTokenClaims) => {
  if (!caller.isOperator) throw new AppError(ErrorCode.FORBIDDEN, AccountMessages.OPERATOR_ONLY);
};

/** Settings → Account: name, password, address, sessions; and the operator's invitations. */
@Controller('auth')
export class AccountBasicsController {
  constructor(
    @Inject(AccountBasicsService) private readonly basics: AccountBasicsService,
    @Inject(EmailVerification) private readonly verification: EmailVerification,
    @Inject(SessionsService) private readonly sessions: SessionsService,
    @Inject(InvitationsService) private readonly invitations: InvitationsService,
  ) {}

  @Patch('me')
  updateProfile(
    @CurrentUser() caller: AccessTokenClaims,
    @Body(validate(updateProfileSchema)) body: UpdateProfileRequest,
  ): Promise<MeResponse> {
    return this.basics.updateProfile(caller.userId, body);
  }

  @Post('change-password')
  @RequireStepUp(changePasswordSchema)
  @HttpCode(HttpStatus.OK)
  changePassword(
    @CurrentUser() caller: AccessTokenClaims,
    @Body(validate(changePasswordSchema)) body: ChangePasswordRequest,
  ): Promise<ChangePasswordResponse> {
    return this.basics.changePassword(caller, body.newPassword);
  }

  @Post('change-email')
  @RequireStepUp(changeEmailSchema)
  @HttpCode(HttpStatus.OK)
  changeEmail(
    @CurrentUser() caller: AccessTokenClaims,
    @Body(validate(changeEmailSchema)) body: ChangeEmailRequest,
  ): Promise<MessageResponse> {
    return this.basics.changeEmail(caller.userId, body.newEmail.toLowerCase());
  }

  /** Public: the link's single-use token is the proof (it may be opened on another device). */
  @Public()
  @Post('confirm-email')
  @HttpCode(HttpStatus.OK)
  confirmEmail(@Body(validate(confirmEmailSchema)) body: ConfirmEmailRequest): Promise<MessageResponse> {
    return this.verification.confirm(body.token);
  }

  @Post('verify-email/resend')
  @HttpCode(HttpStatus.OK)
  resendVerification(@CurrentUser() caller: AccessTokenClaims): Promise<MessageResponse> {
    return this.verification.resend(caller.userId);
  }

  @Get('sessions')
  listSessions(@CurrentUser() caller: AccessTokenClaims): Promise<Session[]> {
    return this.sessions.list(caller.userId, caller.sessionId);
  }

  @Delete('sessions/:id')
  endSession(
    @CurrentUser() caller: AccessTokenClaims,
    @Param('id', parseId('Session')) id: string,
  ): Promise<MessageResponse> {
    return this.sessions.endOne(caller.userId, id);
  }

  @Post('sessions/sign-out-everywhere')
  @HttpCode(HttpStatus.OK)
  async signOutEverywhere(@CurrentUser() caller: AccessTokenClaims): Promise<MessageResponse> {
    await this.sessions.endAllBut(caller.userId, caller.sessionId);
    return { message: AccountMessages.SIGNED_OUT_EVERYWHERE };
  }

  @Get('invitations')
  listInvitations(@CurrentUser() caller: AccessTokenClaims): Promise<Invitation[]> {
    operatorOnly(caller);
    return this.invitations.list();
  }

  @Post('invitations')
  createInvitation(
    @CurrentUser() caller: AccessTokenClaims,
    @Body(validate(invitationCreateSchema)) body: InvitationCreateRequest,
  ): Promise<Invitation> {
    operatorOnly(caller);
    return this.invitations.invite(caller.userId, body.email);
  }
}
