import { Inject, Injectable } from '@nestjs/common';
import type { WebhookDelivery, WebhookFormat } from '@kith/contracts';
import { PrismaService } from '../database/prisma.service.js';

export interface StoredWebhook {
  url: string;
  format: WebhookFormat;
}

export interface DeliveryAttempt {
  userId: string;
  outboxId: string;
  kind: string;
  url: string;
  status: WebhookDelivery['status'];
  attempt: number;
  httpStatus: number | null;
  error: string | null;
}

@Injectable()
export class WebhooksRepository {
  constructor(@Inject(PrismaService) private readonly prisma: PrismaService) {}

  async find(userId: string): Promise<StoredWebhook | null> {
    const row = await this.prisma.webhook.findUnique({ where: { userId }, select: { url: true, format: true } });
    return row && { url: row.url, format: row.format as WebhookFormat };
  }

  /** The webhooks of these users (one query per digest batch). */
  async among(userIds: string[]): Promise<Map<string, StoredWebhook>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.prisma.webhook.findMany({
      where: { userId: { in: userIds } },
      select: { userId: true, url: true, format: true },
    });
    return new Map(rows.map((row) => [row.userId, { url: row.url, format: row.format as WebhookFormat }]));
  }

  async save(userId: string, webhook: StoredWebhook): Promise<void> {
    await this.prisma.webhook.upsert({ where: { userId }, create: { userId, ...webhook }, update: webhook });
  }

  async remove(userId: string): Promise<void> {
    await this.prisma.webhook.deleteMany({ where: { userId } });
  }

  async logAttempt(attempt: DeliveryAttempt): Promise<void> {
    await this.prisma.webhookDelivery.create({ data: attempt });
  }

  async recentDeliveries(userId: string, limit: number): Promise<WebhookDelivery[]> {
    const rows = await this.prisma.webhookDelivery.findMany({
      where: { userId },
      orderBy: [{ createdAt: 'desc' }, { attempt: 'desc' }],
      take: limit,
    });
    return rows.map((row) => ({
      _id: row.id,
      kind: row.kind,
      url: row.url,
      status: row.status as WebhookDelivery['status'],
      attempt: row.attempt,
      httpStatus: row.httpStatus,
      error: row.error,
      createdAt: row.createdAt.toISOString(),
    }));
  }
}
