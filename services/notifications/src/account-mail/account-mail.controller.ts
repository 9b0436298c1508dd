import { createHash } from 'node:crypto';
import {
  type AccountMailRequest,
  accountMailRequestSchema,
  NatsSubject,
  type PasswordResetMailQueued,
} from '@kith/contracts';
import { validate } from '@kith/nest-kit';
import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from '../config/notifications.config.js';
import { renderAccountMail } from '../mail/templates/account-mail.template.js';
import { OutboxDispatcher } from '../outbox/outbox-dispatcher.service.js';
import { MessageKind } from '../outbox/outbox.types.js';

/** Mails about an account, asked for by auth (the only peer allowed to). */
@Controller()
export class AccountMailController {
  constructor(
    @Inject(NOTIFICATIONS_CONFIG) private readonly config: NotificationsConfig,
    @Inject(OutboxDispatcher) private readonly dispatcher: OutboxDispatcher,
  ) {}

  /**
   * Answers once the mail is in the outbox (auth retries until then); a repeated request is a
   * no-op, and a link is not sent once it has expired.
   */
  @MessagePattern(NatsSubject.NOTIFICATIONS_QUEUE_ACCOUNT_MAIL)
  async queue(
    @Payload(validate(accountMailRequestSchema)) request: AccountMailRequest,
  ): Promise<PasswordResetMailQueued> {
    const once = createHash('sha256')
      .update(request.token ?? `${request.kind}:${request.userId}:${JSON.stringify(request.revoked)}:${Date.now()}`)
      .digest('hex');
    await this.dispatcher.enqueue({
      kind: MessageKind.ACCOUNT_MAIL,
      userId: request.userId,
      to: request.to,
      ...renderAccountMail(request, this.config.APP_URL),
      expiresAt: request.expiresAt ? new Date(request.expiresAt) : null,
      dedupeKey: `account-mail:${request.kind}:${once}`,
    });
    return { queued: true };
  }
}
