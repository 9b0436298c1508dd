import {
  type MessageResponse,
  type RecoveryCodesRegenerateRequest,
  recoveryCodesRegenerateSchema,
  type RecoveryCodesResponse,
  type TwoFactorDisableRequest,
  twoFactorDisableSchema,
  type TwoFactorEnableRequest,
  twoFactorEnableSchema,
  type TwoFactorSetupResponse,
} from '@kith/contracts';
import { type AccessTokenClaims, CurrentUser, validate } from '@kith/nest-kit';
import { Body, Controller, HttpCode, HttpStatus, Inject, Post } from '@nestjs/common';
import { secondFactorOf, TwoFactorService } from './two-factor.service.js';

/** Setting two-factor sign-in up and off (signed in); `GET /auth/me` tells whether it is on. */
@Controller('auth/2fa')
export class TwoFactorController {
  constructor(@Inject(TwoFactorService) private readonly twoFactor: TwoFactorService) {}

  @Post('setup')
  @HttpCode(HttpStatus.OK)
  setup(@CurrentUser() caller: AccessTokenClaims): Promise<TwoFactorSetupResponse> {
    return this.twoFactor.setup(caller.userId);
  }

  @Post('enable')
  @HttpCode(HttpStatus.OK)
  enable(
    @CurrentUser() caller: AccessTokenClaims,
    @Body(validate(twoFactorEnableSchema)) body: TwoFactorEnableRequest,
  ): Promise<RecoveryCodesResponse> {
    return this.twoFactor.enable(caller.userId, body.code);
  }

  @Post('disable')
  @HttpCode(HttpStatus.OK)
  disable(
    @CurrentUser() caller: AccessTokenClaims,
    @Body(validate(twoFactorDisableSchema)) body: TwoFactorDisableRequest,
  ): Promise<MessageResponse> {
    return this.twoFactor.disable(caller.userId, body.password, secondFactorOf(body)!);
  }

  @Post('recovery-codes')
  @HttpCode(HttpStatus.OK)
  regenerateRecoveryCodes(
    @CurrentUser() caller: AccessTokenClaims,
    @Body(validate(recoveryCodesRegenerateSchema)) body: RecoveryCodesRegenerateRequest,
  ): Promise<RecoveryCodesResponse> {
    return this.twoFactor.regenerateRecoveryCodes(caller.userId, secondFactorOf(body)!);
  }
}
