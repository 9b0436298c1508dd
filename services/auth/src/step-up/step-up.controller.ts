import { type StepUpRequest, stepUpSchema, type StepUpResponse } from '@kith/contracts';
import { type AccessTokenClaims, CurrentUser, validate } from '@kith/nest-kit';
import { Body, Controller, HttpCode, HttpStatus, Inject, Post } from '@nestjs/common';
import { secondFactorOf } from '../two-factor/two-factor.service.js';
import { StepUpService } from './step-up.service.js';

@Controller('auth/step-up')
export class StepUpController {
  constructor(@Inject(StepUpService) private readonly stepUp: StepUpService) {}

  @Post()
  @HttpCode(HttpStatus.OK)
  grant(
    @CurrentUser() caller: AccessTokenClaims,
    @Body(validate(stepUpSchema)) body: StepUpRequest,
  ): Promise<StepUpResponse> {
    return this.stepUp.grant(caller, body.password, secondFactorOf(body));
  }
}
