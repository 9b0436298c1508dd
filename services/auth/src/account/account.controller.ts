import {
  type DeleteAccountRequest,
  deleteAccountSchema,
  type MessageResponse,
  NatsSubject,
  type RecentErasuresResponse,
} from '@kith/contracts';
import { type AccessTokenClaims, CurrentUser, validate } from '@kith/nest-kit';
import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Inject, Res } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import type { Response } from 'express';
import { AccountErasureService } from './account-erasure.service.js';
import { AccountExportService } from './account-export.service.js';
import { secondFactorOf } from '../two-factor/two-factor.service.js';

@Controller()
export class AccountController {
  constructor(
    @Inject(AccountErasureService) private readonly erasure: AccountErasureService,
    @Inject(AccountExportService) private readonly exports: AccountExportService,
  ) {}

  @Delete('auth/me')
  @HttpCode(HttpStatus.OK)
  deleteAccount(
    @CurrentUser() caller: AccessTokenClaims,
    @Body(validate(deleteAccountSchema)) body: DeleteAccountRequest,
  ): Promise<MessageResponse> {
    return this.erasure.deleteAccount(caller.userId, body.password, secondFactorOf(body));
  }

  /** The whole account as one JSON file, streamed section by section. */
  @Get('account/export')
  exportAccount(@CurrentUser() caller: AccessTokenClaims, @Res() response: Response): Promise<void> {
    return this.exports.streamTo(caller.userId, response);
  }

  @MessagePattern(NatsSubject.AUTH_RECENT_ERASURES)
  async recentErasures(): Promise<RecentErasuresResponse> {
    return { userIdHashes: await this.erasure.recentErasures() };
  }
}
