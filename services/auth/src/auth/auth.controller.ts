import {
  type AuthResponse,
  type AuthTokens,
  ErrorMessage,
  type ForgotPasswordRequest,
  forgotPasswordSchema,
  type LoginRequest,
  type LoginResponse,
  loginSchema,
  type LoginTwoFactorRequest,
  loginTwoFactorSchema,
  type MeResponse,
  type MessageResponse,
  type PasskeyAssertionRequest,
  passkeyAssertionSchema,
  PasskeyPurpose,
  type PasskeyTwoFactorRequest,
  passkeyTwoFactorSchema,
  type RefreshTokenRequest,
  refreshTokenSchema,
  type RegisterRequest,
  registerSchema,
  type ResetPasswordRequest,
  type ResetPasswordResponse,
  resetPasswordSchema,
  resetPasswordWithPasskeySchema,
  type ResetPasswordWithPasskeyRequest,
  resetTokenCheckSchema,
  type ResetTokenCheckRequest,
  type ResetTokenCheckResponse,
} from '@kith/contracts';
import { type AccessTokenClaims, CurrentUser, Public, validate } from '@kith/nest-kit';
import { Body, Controller, Get, Headers, HttpCode, HttpStatus, Inject, Post, Res } from '@nestjs/common';
import type { ServerResponse } from 'node:http';
import { PasskeysService } from '../passkeys/passkeys.service.js';
import { secondFactorOf } from '../two-factor/two-factor.service.js';
import { AuthService, type SignInOutcome } from './auth.service.js';
import { knownDeviceCookieOf, knownDeviceSetCookie } from './known-devices.js';
import { PasswordResetService } from './password-reset.service.js';
import { SessionsService } from './sessions.service.js';

@Controller('auth')
export class AuthController {
  constructor(
    @Inject(AuthService) private readonly auth: AuthService,
    @Inject(SessionsService) private readonly sessions: SessionsService,
    @Inject(PasswordResetService) private readonly passwordReset: PasswordResetService,
    @Inject(PasskeysService) private readonly passkeys: PasskeysService,
  ) {}

  @Public()
  @Post('register')
  register(
    @Body(validate(registerSchema)) body: RegisterRequest,
    @Headers('user-agent') userAgent: string | undefined,
  ): Promise<AuthResponse> {
    return this.auth.register(body, userAgent);
  }

  @Public()
  @Post('login')
  @HttpCode(HttpStatus.OK)
  async login(
    @Body(validate(loginSchema)) body: LoginRequest,
    @Headers('cookie') cookies: string | undefined,
    @Headers('user-agent') userAgent: string | undefined,
    @Res({ passthrough: true }) response: ServerResponse,
  ): Promise<LoginResponse> {
    return answered(await this.auth.login(body, knownDeviceCookieOf(cookies), userAgent), response);
  }

  /** The code step after a password step that answered with a challenge. */
  @Public()
  @Post('login/2fa')
  @HttpCode(HttpStatus.OK)
  async loginTwoFactor(
    @Body(validate(loginTwoFactorSchema)) body: LoginTwoFactorRequest,
    @Headers('user-agent') userAgent: string | undefined,
    @Res({ passthrough: true }) response: ServerResponse,
  ): Promise<AuthResponse> {
    return answered(await this.auth.completeTwoFactorLogin(body.challenge, secondFactorOf(body)!, userAgent), response);
  }

  /** A two-factor sign-in's code step, answered with a passkey (options from passkeys/sign-in-options). */
  @Public()
  @Post('login/2fa/passkey')
  @HttpCode(HttpStatus.OK)
  async loginTwoFactorPasskey(
    @Body(validate(passkeyTwoFactorSchema)) body: PasskeyTwoFactorRequest,
    @Headers('user-agent') userAgent: string | undefined,
    @Res({ passthrough: true }) response: ServerResponse,
  ): Promise<AuthResponse> {
    return answered(
      await this.auth.completeTwoFactorLoginWithPasskey(body.challenge, body.response, userAgent),
      response,
    );
  }

  /** Usernameless: the authenticator offers the passkeys it holds for this site. */
  @Public()
  @Post('passkeys/sign-in-options')
  @HttpCode(HttpStatus.OK)
  passkeySignInOptions(): Promise<object> {
    return this.passkeys.assertionOptions(PasskeyPurpose.SIGN_IN, null);
  }

  @Public()
  @Post('passkeys/sign-in')
  @HttpCode(HttpStatus.OK)
  async passkeySignIn(
    @Body(validate(passkeyAssertionSchema)) body: PasskeyAssertionRequest,
    @Headers('user-agent') userAgent: string | undefined,
    @Res({ passthrough: true }) response: ServerResponse,
  ): Promise<AuthResponse> {
    return answered(await this.auth.signInWithPasskey(body.response, userAgent), response);
  }

  @Public()
  @Post('refresh')
  @HttpCode(HttpStatus.OK)
  async refresh(@Body(validate(refreshTokenSchema)) body: RefreshTokenRequest): Promise<{ tokens: AuthTokens }> {
    return { tokens: await this.sessions.refresh(body.refreshToken) };
  }

  /** Public: the refresh token proves the session, and an expired access token must not block logout. */
  @Public()
  @Post('logout')
  @HttpCode(HttpStatus.OK)
  async logout(@Body(validate(refreshTokenSchema)) body: RefreshTokenRequest): Promise<MessageResponse> {
    await this.sessions.end(body.refreshToken);
    return { message: ErrorMessage.LOGGED_OUT };
  }

  @Get('me')
  me(@CurrentUser() caller: AccessTokenClaims): Promise<MeResponse> {
    return this.auth.me(caller.userId);
  }

  @Public()
  @Post('forgot-password')
  @HttpCode(HttpStatus.OK)
  forgotPassword(@Body(validate(forgotPasswordSchema)) body: ForgotPasswordRequest): MessageResponse {
    return this.passwordReset.requestReset(body.email);
  }

  @Public()
  @Post('reset-password')
  @HttpCode(HttpStatus.OK)
  resetPassword(
    @Body(validate(resetPasswordSchema)) body: ResetPasswordRequest,
    @Headers('user-agent') userAgent: string | undefined,
  ): Promise<ResetPasswordResponse> {
    return this.passwordReset.reset(body.token, body.password, secondFactorOf(body), userAgent);
  }

  /** A reset whose second factor is a passkey of the account (options from passkeys/sign-in-options). */
  @Public()
  @Post('reset-password/passkey')
  @HttpCode(HttpStatus.OK)
  resetPasswordWithPasskey(
    @Body(validate(resetPasswordWithPasskeySchema)) body: ResetPasswordWithPasskeyRequest,
    @Headers('user-agent') userAgent: string | undefined,
  ): Promise<ResetPasswordResponse> {
    return this.passwordReset.resetWithPasskey(body.token, body.password, body.response, userAgent);
  }

  /**
   * 200 while the link can still set a password (saying whether the reset will need a second
   * factor); the same 400 as a failed reset otherwise.
   */
  @Public()
  @Post('reset-password/check')
  @HttpCode(HttpStatus.OK)
  checkResetToken(
    @Body(validate(resetTokenCheckSchema)) body: ResetTokenCheckRequest,
  ): Promise<ResetTokenCheckResponse> {
    return this.passwordReset.check(body.token);
  }
}

/** A completed sign-in leaves the client its known-device cookie. */
function answered<Answer>({ answer, knownDevice }: SignInOutcome<Answer>, response: ServerResponse): Answer {
  if (knownDevice) response.setHeader('set-cookie', knownDeviceSetCookie(knownDevice));
  return answer;
}
