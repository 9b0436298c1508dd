import {
  type LoginResponse,
  type SsoCallbackRequest,
  ssoCallbackSchema,
  type SsoConfig,
  type SsoStartResponse,
} from '@kith/contracts';
import { Public, validate } from '@kith/nest-kit';
import { Body, Controller, Get, Headers, HttpCode, HttpStatus, Inject, Post, Res } from '@nestjs/common';
import type { ServerResponse } from 'node:http';
import { AuthService } from '../auth/auth.service.js';
import { cookieOf, knownDeviceSetCookie } from '../auth/known-devices.js';
import { SSO_COOKIE, SsoService } from './sso.service.js';

/** Single sign-on (OpenID Connect): the login page's button, and the provider's way back. */
@Controller('auth/sso')
export class SsoController {
  constructor(
    @Inject(SsoService) private readonly sso: SsoService,
    @Inject(AuthService) private readonly auth: AuthService,
  ) {}

  @Public()
  @Get()
  status(): SsoConfig {
    return this.sso.status();
  }

  @Public()
  @Post('start')
  @HttpCode(HttpStatus.OK)
  async start(@Res({ passthrough: true }) response: ServerResponse): Promise<SsoStartResponse> {
    const { answer, cookie } = await this.sso.start();
    response.setHeader('set-cookie', cookie);
    return answer;
  }

  @Public()
  @Post('callback')
  @HttpCode(HttpStatus.OK)
  async callback(
    @Body(validate(ssoCallbackSchema)) body: SsoCallbackRequest,
    @Headers('cookie') cookies: string | undefined,
    @Headers('user-agent') userAgent: string | undefined,
    @Res({ passthrough: true }) response: ServerResponse,
  ): Promise<LoginResponse> {
    // Used once, whatever comes of it.
    response.setHeader('set-cookie', this.sso.clearedCookie());
    const identity = await this.sso.finish(body.callbackQuery, cookieOf(cookies, SSO_COOKIE));
    const { answer, knownDevice } = await this.auth.signInWithSso(identity, userAgent);
    if (knownDevice) response.setHeader('set-cookie', [this.sso.clearedCookie(), knownDeviceSetCookie(knownDevice)]);
    return answer;
  }
}
