import { Body, Controller, Get, HttpCode, Inject, Post, Put } from '@nestjs/common';
import { webhookSettingsSchema } from '@kith/contracts';
import { type AccessTokenClaims, CurrentUser, validate } from '@kith/nest-kit';
import type { z } from 'zod';
import { WebhooksService } from './webhooks.service.js';

@Controller('notifications')
export class WebhooksController {
  constructor(@Inject(WebhooksService) private readonly webhooks: WebhooksService) {}

  @Get('webhook')
  get(@CurrentUser() caller: AccessTokenClaims) {
    return this.webhooks.get(caller.userId);
  }

  @Put('webhook')
  set(
    @CurrentUser() caller: AccessTokenClaims,
    @Body(validate(webhookSettingsSchema)) body: z.output<typeof webhookSettingsSchema>,
  ) {
    return this.webhooks.set(caller.userId, body);
  }

  @Post('webhook/test')
  @HttpCode(200)
  test(@CurrentUser() caller: AccessTokenClaims) {
    return this.webhooks.sendTest(caller.userId);
  }

  @Get('deliveries')
  deliveries(@CurrentUser() caller: AccessTokenClaims) {
    return this.webhooks.deliveries(caller.userId);
  }
}
