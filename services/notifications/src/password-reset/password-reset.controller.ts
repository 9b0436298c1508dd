import { Controller, Inject } from '@nestjs/common';
import { NatsSubject, type PasswordResetMailQueued, type PasswordResetMailRequest } from '@kith/contracts';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { PasswordResetMailService } from './password-reset-mail.service.js';

@Controller()
export class PasswordResetController {
  constructor(@Inject(PasswordResetMailService) private readonly mail: PasswordResetMailService) {}

  /** Answers only once the mail is in the outbox: auth retries until it hears back. */
  @MessagePattern(NatsSubject.NOTIFICATIONS_QUEUE_PASSWORD_RESET_MAIL)
  async queuePasswordResetMail(@Payload() request: PasswordResetMailRequest): Promise<PasswordResetMailQueued> {
    await this.mail.queue(request);
    return { queued: true };
  }
}
