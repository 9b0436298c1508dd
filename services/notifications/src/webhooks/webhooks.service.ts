import { Inject, Injectable } from '@nestjs/common';
import {
  ErrorCode,
  type ItemsResponse,
  type MessageResponse,
  WEBHOOK_DELIVERY_LOG_SIZE,
  type WebhookDelivery,
  type WebhookSettings,
  type webhookSettingsSchema,
} from '@kith/contracts';
import { AppError } from '@kith/nest-kit';
import type { z } from 'zod';
import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from '../config/notifications.config.js';
import { OutboxDispatcher } from '../outbox/outbox-dispatcher.service.js';
import { Channel, MessageKind, type NewOutboxMessage } from '../outbox/outbox.types.js';
import { PeersClient } from '../peers/peers.client.js';
import { SendKind, SendLimits } from '../send-limits/send-limits.js';
import { CONTACTS_PER_EMAIL } from '../reminders/reminder-content.js';
import { assertPublicHost } from './network-guard.js';
import { renderWebhook, type WebhookDigest } from './webhook-payload.js';
import { WebhooksRepository } from './webhooks.repository.js';

/** The outbox row of one webhook delivery. */
export function webhookOutboxRow(
  userId: string,
  kind: MessageKind,
  request: ReturnType<typeof renderWebhook>,
): NewOutboxMessage {
  return {
    kind,
    channel: Channel.WEBHOOK,
    userId,
    to: request.url,
    subject: request.title,
    html: '',
    text: request.body,
    headers: request.headers,
  };
}

/** The per-user webhook / ntfy channel: where it points, a test, and the delivery log. */
@Injectable()
export class WebhooksService {
  constructor(
    @Inject(NOTIFICATIONS_CONFIG) private readonly config: NotificationsConfig,
    @Inject(WebhooksRepository) private readonly webhooks: WebhooksRepository,
    @Inject(OutboxDispatcher) private readonly dispatcher: OutboxDispatcher,
    @Inject(PeersClient) private readonly peers: PeersClient,
    @Inject(SendLimits) private readonly sendLimits: SendLimits,
  ) {}

  async get(userId: string): Promise<WebhookSettings> {
    return (await this.webhooks.find(userId)) ?? { url: null, format: 'json' };
  }

  /** A null url turns the channel off; private-network targets are refused unless the operator allows them. */
  async set(userId: string, { url, format }: z.output<typeof webhookSettingsSchema>): Promise<WebhookSettings> {
    if (url === null) {
      await this.webhooks.remove(userId);
      return { url: null, format };
    }
    try {
      await assertPublicHost(new URL(url), this.config.ALLOW_PRIVATE_WEBHOOKS);
    } catch (error) {
      throw AppError.validation([{ field: 'url', message: `not allowed: ${(error as Error).message}` }]);
    }
    await this.webhooks.save(userId, { url, format });
    return { url, format };
  }

  /** A test delivery now, through the outbox (a failure is retried with backoff like any other). */
  async sendTest(userId: string): Promise<MessageResponse> {
    const webhook = await this.webhooks.find(userId);
    if (!webhook) throw new AppError(ErrorCode.BAD_REQUEST, 'No webhook is set up: save a url first');
    await this.sendLimits.reserve(userId, SendKind.WEBHOOK_TEST);
    const overdue = await this.peers.overdueForUser({ userId, limit: CONTACTS_PER_EMAIL, excludeSnoozed: true });
    const digest: WebhookDigest = {
      event: 'webhook-test',
      title: 'Kith: test notification',
      totalOverdue: overdue.totalItems,
      contacts: overdue.items,
      scheduled: [],
      appUrl: this.config.APP_URL,
    };
    const delivered = await this.dispatcher.sendNow(
      webhookOutboxRow(userId, MessageKind.TEST_REMINDER, renderWebhook(webhook.url, webhook.format, digest)),
    );
    if (delivered) return { message: `Test sent to ${webhook.url}` };
    const [last] = await this.webhooks.recentDeliveries(userId, 1);
    return {
      message: `${webhook.url} did not accept the test (${last?.error ?? 'no answer'}); Kith will retry with backoff.`,
    };
  }

  among(userIds: string[]) {
    return this.webhooks.among(userIds);
  }

  async deliveries(userId: string): Promise<ItemsResponse<WebhookDelivery>> {
    const items = await this.webhooks.recentDeliveries(userId, WEBHOOK_DELIVERY_LOG_SIZE);
    return { items, totalItems: items.length };
  }
}
