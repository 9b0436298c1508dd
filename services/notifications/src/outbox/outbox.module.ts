import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module.js';
import { OutboxDispatcher } from './outbox-dispatcher.service.js';
import { OutboxRepository } from './outbox.repository.js';
import { WebhookTransport } from '../webhooks/webhook-transport.service.js';
import { WebhooksRepository } from '../webhooks/webhooks.repository.js';

/** One outbox, two channels: e-mail over SMTP and webhooks over HTTP. */
@Module({
  imports: [MailModule],
  providers: [OutboxRepository, OutboxDispatcher, WebhookTransport, WebhooksRepository],
  exports: [OutboxDispatcher, OutboxRepository, WebhooksRepository],
})
export class OutboxModule {}
