import { Controller, Get, Inject } from '@nestjs/common';
import { NatsSubject, type NotificationSettings, type UserRegisteredEvent } from '@kith/contracts';
import { type AccessTokenClaims, CurrentUser } from '@kith/nest-kit';
import { EventPattern, Payload } from '@nestjs/microservices';
import { SettingsService } from './settings.service.js';

@Controller('notifications')
export class SettingsController {
  constructor(@Inject(SettingsService) private readonly settings: SettingsService) {}

  @Get('settings')
  get(@CurrentUser() caller: AccessTokenClaims): Promise<NotificationSettings> {
    return this.settings.forUser(caller.userId);
  }

  @EventPattern(NatsSubject.AUTH_USER_REGISTERED)
  onUserRegistered(@Payload() event: UserRegisteredEvent): Promise<void> {
    return this.settings.createDefaults(event.user._id);
  }
}
