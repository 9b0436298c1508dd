import { Inject, Injectable } from '@nestjs/common';
import type { PasswordResetRequestedEvent } from '@kith/contracts';
import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from '../config/notifications.config.js';
import { renderPasswordResetEmail } from '../mail/templates/password-reset.template.js';
import { OutboxDispatcher } from '../outbox/outbox-dispatcher.service.js';
import { EmailKind } from '../outbox/outbox.types.js';

@Injectable()
export class PasswordResetMailService {
  constructor(
    @Inject(NOTIFICATIONS_CONFIG) private readonly config: NotificationsConfig,
    @Inject(OutboxDispatcher) private readonly dispatcher: OutboxDispatcher,
  ) {}

  /** Queues the reset mail; it is not sent once the link has expired (a late link is useless). */
  async queue(event: PasswordResetRequestedEvent): Promise<void> {
    const email = renderPasswordResetEmail({ recipient: event, token: event.token, appUrl: this.config.APP_URL });
    await this.dispatcher.enqueue({
      kind: EmailKind.PASSWORD_RESET,
      userId: event.userId,
      to: event.email,
      ...email,
      expiresAt: new Date(event.expiresAt),
    });
  }
}
