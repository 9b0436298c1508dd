import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { PasswordResetMailRequest } from '@kith/contracts';
import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from '../config/notifications.config.js';
import { renderPasswordResetEmail } from '../mail/templates/password-reset.template.js';
import { OutboxDispatcher } from '../outbox/outbox-dispatcher.service.js';
import { MessageKind } from '../outbox/outbox.types.js';

@Injectable()
export class PasswordResetMailService {
  constructor(
    @Inject(NOTIFICATIONS_CONFIG) private readonly config: NotificationsConfig,
    @Inject(OutboxDispatcher) private readonly dispatcher: OutboxDispatcher,
  ) {}

  /**
   * Queues the reset mail once per token (a repeated request, e.g. after a lost acknowledgement,
   * is a no-op); it is not sent once the link has expired (a late link is useless).
   */
  async queue(request: PasswordResetMailRequest): Promise<void> {
    const email = renderPasswordResetEmail({ recipient: request, token: request.token, appUrl: this.config.APP_URL });
    await this.dispatcher.enqueue({
      kind: MessageKind.PASSWORD_RESET,
      userId: request.userId,
      to: request.email,
      ...email,
      expiresAt: new Date(request.expiresAt),
      dedupeKey: `password-reset:${createHash('sha256').update(request.token).digest('hex')}`,
    });
  }
}
