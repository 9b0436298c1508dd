import { Controller, Get, HttpCode, Inject, Param, Post } from '@nestjs/common';
import type { EmailActionPreview, EmailActionResult } from '@kith/contracts';
import { Public } from '@kith/nest-kit';
import { EmailActionsService } from './email-actions.service.js';

/**
 * One-click links from reminder e-mails; the signed token is the only credential (no session).
 * The POST is also the RFC 8058 List-Unsubscribe-Post target (body `List-Unsubscribe=One-Click`).
 */
@Public()
@Controller('notifications/actions')
export class EmailActionsController {
  constructor(@Inject(EmailActionsService) private readonly actions: EmailActionsService) {}

  @Get(':token')
  preview(@Param('token') token: string): Promise<EmailActionPreview> {
    return this.actions.preview(token);
  }

  @Post(':token')
  @HttpCode(200)
  perform(@Param('token') token: string): Promise<EmailActionResult> {
    return this.actions.perform(token);
  }
}
