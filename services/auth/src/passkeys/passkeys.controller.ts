import {
  type MessageResponse,
  type Passkey,
  type PasskeyAssertionRequest,
  passkeyAssertionSchema,
  PasskeyPurpose,
  type PasskeyRegisterRequest,
  passkeyRegisterSchema,
  type PasskeyRenameRequest,
  passkeyRenameSchema,
  StepUpMethod,
  type StepUpResponse,
} from '@kith/contracts';
import { type AccessTokenClaims, CurrentUser, parseId, RequireStepUp, validate } from '@kith/nest-kit';
import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Inject, Param, Patch, Post } from '@nestjs/common';
import { StepUpService } from '../step-up/step-up.service.js';
import { PasskeysService } from './passkeys.service.js';

/** Settings' passkeys (adding and removing one is a lasting door: step-up), and step-up with one. */
@Controller('auth')
export class PasskeysController {
  constructor(
    @Inject(PasskeysService) private readonly passkeys: PasskeysService,
    @Inject(StepUpService) private readonly stepUp: StepUpService,
  ) {}

  @Post('passkeys/registration-options')
  @HttpCode(HttpStatus.OK)
  @RequireStepUp()
  registrationOptions(@CurrentUser() caller: AccessTokenClaims): Promise<object> {
    return this.passkeys.registrationOptions(caller.userId);
  }

  @Post('passkeys')
  @RequireStepUp(passkeyRegisterSchema)
  register(
    @CurrentUser() caller: AccessTokenClaims,
    @Body(validate(passkeyRegisterSchema)) body: PasskeyRegisterRequest,
  ): Promise<Passkey> {
    return this.passkeys.register(caller.userId, body.name, body.response);
  }

  @Get('passkeys')
  list(@CurrentUser() caller: AccessTokenClaims): Promise<Passkey[]> {
    return this.passkeys.list(caller.userId);
  }

  @Patch('passkeys/:id')
  rename(
    @CurrentUser() caller: AccessTokenClaims,
    @Param('id', parseId('Passkey')) id: string,
    @Body(validate(passkeyRenameSchema)) body: PasskeyRenameRequest,
  ): Promise<Passkey> {
    return this.passkeys.rename(caller.userId, id, body.name);
  }

  @Delete('passkeys/:id')
  @RequireStepUp()
  remove(
    @CurrentUser() caller: AccessTokenClaims,
    @Param('id', parseId('Passkey')) id: string,
  ): Promise<MessageResponse> {
    return this.passkeys.remove(caller.userId, id);
  }

  @Post('step-up/passkey-options')
  @HttpCode(HttpStatus.OK)
  stepUpOptions(@CurrentUser() caller: AccessTokenClaims): Promise<object> {
    return this.passkeys.assertionOptions(PasskeyPurpose.STEP_UP, caller.userId);
  }

  @Post('step-up/passkey')
  @HttpCode(HttpStatus.OK)
  async stepUpWithPasskey(
    @CurrentUser() caller: AccessTokenClaims,
    @Body(validate(passkeyAssertionSchema)) body: PasskeyAssertionRequest,
  ): Promise<StepUpResponse> {
    await this.passkeys.verifyAssertion(PasskeyPurpose.STEP_UP, body.response, caller.userId);
    return this.stepUp.grantFor(caller, [StepUpMethod.PASSKEY]);
  }
}
