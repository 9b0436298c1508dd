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
import { type AccessTokenClaims, CurrentUser, RequireStepUp, validate } from '@kith/nest-kit';
import { Body, Controller, HttpCode, HttpStatus, Inject, Post } from '@nestjs/common';
import { StepUpService } from '../step-up/step-up.service.js';
import { secondFactorOf, TwoFactorService } from './two-factor.service.js';

/**
 * Setting two-factor sign-in up and off (signed in); `GET /auth/me` tells whether it is on. Each
 * needs step-up: a stolen session alone must not put an attacker's key on the account, nor take
 * the owner's off.
 */
@Controller('auth/2fa')
export class TwoFactorController {
  constructor(
    @Inject(TwoFactorService) private readonly twoFactor: TwoFactorService,
    @Inject(StepUpService) private readonly stepUp: StepUpService,
  ) {}

  @Post('setup')
  @RequireStepUp()
  @HttpCode(HttpStatus.OK)
  setup(@CurrentUser() caller: AccessTokenClaims): Promise<TwoFactorSetupResponse> {
    return this.twoFactor.setup(caller.userId);
  }

  @Post('enable')
  @RequireStepUp(twoFactorEnableSchema)
  @HttpCode(HttpStatus.OK)
  enable(
    @CurrentUser() caller: AccessTokenClaims,
    @Body(validate(twoFactorEnableSchema)) body: TwoFactorEnableRequest,
  ): Promise<RecoveryCodesResponse> {
    return this.twoFactor.enable(caller.userId, body.code);
  }

  @Post('disable')
  @HttpCode(HttpStatus.OK)
  async disable(
    @CurrentUser() caller: AccessTokenClaims,
    @Body(validate(twoFactorDisableSchema)) body: TwoFactorDisableRequest,
  ): Promise<MessageResponse> {
    // Its body is the step-up itself: the password and a second factor.
    await this.stepUp.prove(caller.userId, body.password, secondFactorOf(body));
    return this.twoFactor.disable(caller.userId);
  }

  @Post('recovery-codes')
  @RequireStepUp(recoveryCodesRegenerateSchema)
  @HttpCode(HttpStatus.OK)
  regenerateRecoveryCodes(
    @CurrentUser() caller: AccessTokenClaims,
    @Body(validate(recoveryCodesRegenerateSchema)) _proof: RecoveryCodesRegenerateRequest,
  ): Promise<RecoveryCodesResponse> {
    return this.twoFactor.regenerateRecoveryCodes(caller.userId);
  }
}
