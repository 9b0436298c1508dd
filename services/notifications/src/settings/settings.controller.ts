import { Body, Controller, Get, Inject, Put } from '@nestjs/common';
import {
  NatsSubject,
  type NotificationSettings,
  notificationSettingsUpdateSchema,
  type UserRegisteredEvent,
} from '@kith/contracts';
import { type AccessTokenClaims, CurrentUser, validate } from '@kith/nest-kit';
import type { z } from 'zod';
import { EventPattern, Payload } from '@nestjs/microservices';
import { SettingsService } from './settings.service.js';

@Controller('notifications')
export class SettingsController {
  constructor(@Inject(SettingsService) private readonly settings: SettingsService) {}

  @Get('settings')
  get(@CurrentUser() caller: AccessTokenClaims): Promise<NotificationSettings> {
    return this.settings.forUser(caller.userId);
  }

  /** The pause and the e-mail's length are writable; the reminder days stay the spec's read-only values. */
  @Put('settings')
  update(
    @CurrentUser() caller: AccessTokenClaims,
    @Body(validate(notificationSettingsUpdateSchema)) body: z.output<typeof notificationSettingsUpdateSchema>,
  ): Promise<NotificationSettings> {
    return this.settings.update(caller.userId, body);
  }

  @EventPattern(NatsSubject.AUTH_USER_REGISTERED)
  onUserRegistered(@Payload() event: UserRegisteredEvent): Promise<void> {
    return this.settings.createDefaults(event.user._id);
  }
}
