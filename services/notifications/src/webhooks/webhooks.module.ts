import { Module } from '@nestjs/common';
import { OutboxModule } from '../outbox/outbox.module.js';
import { PeersModule } from '../peers/peers.module.js';
import { SendLimits } from '../send-limits/send-limits.js';
import { WebhooksController } from './webhooks.controller.js';
import { WebhooksService } from './webhooks.service.js';

@Module({
  imports: [OutboxModule, PeersModule],
  controllers: [WebhooksController],
  providers: [WebhooksService, SendLimits],
  exports: [WebhooksService, SendLimits],
})
export class WebhooksModule {}
