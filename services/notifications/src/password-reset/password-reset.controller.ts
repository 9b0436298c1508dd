import { Controller, Inject } from '@nestjs/common';
import { NatsSubject, type PasswordResetRequestedEvent } from '@kith/contracts';
import { EventPattern, Payload } from '@nestjs/microservices';
import { PasswordResetMailService } from './password-reset-mail.service.js';

@Controller()
export class PasswordResetController {
  constructor(@Inject(PasswordResetMailService) private readonly mail: PasswordResetMailService) {}

  @EventPattern(NatsSubject.AUTH_PASSWORD_RESET_REQUESTED)
  onPasswordResetRequested(@Payload() event: PasswordResetRequestedEvent): Promise<void> {
    return this.mail.queue(event);
  }
}
