import {
  type AppPassword,
  type AppPasswordCreateRequest,
  appPasswordCreateSchema,
  type CreatedAppPassword,
  type MessageResponse,
  NatsSubject,
  type VerifyAppPasswordRequest,
  verifyAppPasswordRequestSchema,
  type VerifyAppPasswordResponse,
} from '@kith/contracts';
import { type AccessTokenClaims, CurrentUser, parseId, RequireStepUp, validate } from '@kith/nest-kit';
import { Body, Controller, Delete, Get, Inject, Param, Post } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AppPasswordsService } from './app-passwords.service.js';

@Controller('auth/app-passwords')
export class AppPasswordsController {
  constructor(@Inject(AppPasswordsService) private readonly appPasswords: AppPasswordsService) {}

  /** Needs step-up: an app password outlives every session and reads the whole address book. */
  @Post()
  @RequireStepUp(appPasswordCreateSchema)
  create(
    @CurrentUser() caller: AccessTokenClaims,
    @Body(validate(appPasswordCreateSchema)) body: AppPasswordCreateRequest,
  ): Promise<CreatedAppPassword> {
    return this.appPasswords.create(caller.userId, body.name);
  }

  @Get()
  list(@CurrentUser() caller: AccessTokenClaims): Promise<AppPassword[]> {
    return this.appPasswords.list(caller.userId);
  }

  @Delete(':id')
  revoke(
    @CurrentUser() caller: AccessTokenClaims,
    @Param('id', parseId('App password')) id: string,
  ): Promise<MessageResponse> {
    return this.appPasswords.revoke(caller.userId, id);
  }

  @MessagePattern(NatsSubject.AUTH_VERIFY_APP_PASSWORD)
  verify(
    @Payload(validate(verifyAppPasswordRequestSchema)) request: VerifyAppPasswordRequest,
  ): Promise<VerifyAppPasswordResponse> {
    return this.appPasswords.verify(request);
  }
}
