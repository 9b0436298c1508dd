import { createHash } from 'node:crypto';
import type {
  AccountExportPage,
  ExportedDailyReminder,
  ExportedEmailActionUse,
  ExportedReminderHistoryEntry,
  ExportedWebhook,
  NotificationSettings,
  WebhookDelivery,
} from '@kith/contracts';
import { inTransaction } from '@kith/nest-kit';
import { Inject, Injectable } from '@nestjs/common';
import type { RenderedEmail } from '../mail/templates/rendered-email.js';
import { OutboxRepository } from '../outbox/outbox.repository.js';
import { MessageKind } from '../outbox/outbox.types.js';
import { PrismaService } from '../database/prisma.service.js';
import { SettingsRepository } from '../settings/settings.repository.js';
import type { DeliveryAttempt } from '../webhooks/webhooks.repository.js';

const REMINDER_KINDS = [MessageKind.DAILY_REMINDER, MessageKind.TEST_REMINDER];

/** Keyset over (created_at, id), served by outbox_user_created_idx. */
const encodeCursor = (row: { createdAt: Date; id: string }) => `${row.createdAt.toISOString()}|${row.id}`;
function decodeCursor(cursor: string | null): [Date, string] | null {
  const [createdAt, id] = (cursor ?? '').split('|');
  const date = new Date(createdAt ?? '');
  return Number.isNaN(date.getTime()) || !id ? null : [date, id];
}

/** The farewell mail is queued once per erased user, however often the erasure is asked for. */
const farewellDedupeKey = (userId: string) => `account-deleted:${createHash('sha256').update(userId).digest('hex')}`;

@Injectable()
export class AccountDataRepository {
  constructor(
    @Inject(PrismaService) private readonly prisma: PrismaService,
    @Inject(SettingsRepository) private readonly settings: SettingsRepository,
    @Inject(OutboxRepository) private readonly outbox: OutboxRepository,
  ) {}

  async settingsPage(userId: string): Promise<AccountExportPage<NotificationSettings>> {
    const settings = await this.settings.find(userId);
    return { items: settings ? [settings] : [], nextCursor: null };
  }

  async reminderHistoryPage(
    userId: string,
    cursor: string | null,
    limit: number,
  ): Promise<AccountExportPage<ExportedReminderHistoryEntry>> {
    const keyset = decodeCursor(cursor);
    const { rows } = await this.prisma.pool.query<ExportedReminderHistoryEntry & { id: string; createdAt: Date }>(
      `SELECT id, kind, channel, subject, status, created_at AS "createdAt", sent_at AS "sentAt"
       FROM outbox
       WHERE user_id = $1::uuid AND kind = ANY($2::text[]) ${keyset ? 'AND (created_at, id) > ($4, $5::uuid)' : ''}
       ORDER BY created_at, id LIMIT $3`,
      [userId, REMINDER_KINDS, limit + 1, ...(keyset ?? [])],
    );
    const last = rows[limit - 1];
    return {
      items: rows.slice(0, limit).map((row) => ({
        kind: row.kind,
        channel: row.channel,
        subject: row.subject,
        status: row.status,
        createdAt: row.createdAt.toISOString(),
        sentAt: row.sentAt ? new Date(row.sentAt).toISOString() : null,
      })),
      nextCursor: rows.length > limit && last ? encodeCursor(last) : null,
    };
  }

  /** The webhook channel, or none. */
  async webhookPage(userId: string): Promise<AccountExportPage<ExportedWebhook>> {
    const { rows } = await this.prisma.pool.query<{ url: string; format: string; createdAt: Date; updatedAt: Date }>(
      `SELECT url, format, created_at AS "createdAt", updated_at AS "updatedAt" FROM webhooks WHERE user_id = $1::uuid`,
      [userId],
    );
    return {
      items: rows.map((row) => ({
        url: row.url,
        format: row.format as ExportedWebhook['format'],
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      })),
      nextCursor: null,
    };
  }

  /** Every webhook attempt, oldest first. */
  async webhookDeliveriesPage(
    userId: string,
    cursor: string | null,
    limit: number,
  ): Promise<AccountExportPage<WebhookDelivery>> {
    const keyset = decodeCursor(cursor);
    const { rows } = await this.prisma.pool.query<
      Omit<DeliveryAttempt, 'userId' | 'outboxId'> & { id: string; createdAt: Date }
    >(
      `SELECT id, kind, url, status, attempt, http_status AS "httpStatus", error, created_at AS "createdAt"
       FROM webhook_deliveries
       WHERE user_id = $1::uuid ${keyset ? 'AND (created_at, id) > ($3, $4::uuid)' : ''}
       ORDER BY created_at, id LIMIT $2`,
      [userId, limit + 1, ...(keyset ?? [])],
    );
    const last = rows[limit - 1];
    return {
      items: rows.slice(0, limit).map(({ createdAt, id, ...row }) => ({
        _id: id,
        ...row,
        createdAt: createdAt.toISOString(),
      })),
      nextCursor: rows.length > limit && last ? encodeCursor(last) : null,
    };
  }

  /** The days a daily reminder included this user (its e-mail is in the reminder history). */
  async dailyRemindersPage(
    userId: string,
    cursor: string | null,
    limit: number,
  ): Promise<AccountExportPage<ExportedDailyReminder>> {
    const afterDay = cursor && /^\d{4}-\d{2}-\d{2}$/.test(cursor) ? cursor : '0001-01-01';
    const { rows } = await this.prisma.pool.query<{ day: string; overdueCount: number; createdAt: Date }>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, overdue_count AS "overdueCount", created_at AS "createdAt"
       FROM daily_reminders WHERE user_id = $1::uuid AND day > $3::date ORDER BY day LIMIT $2`,
      [userId, limit + 1, afterDay],
    );
    const last = rows[limit - 1];
    return {
      items: rows.slice(0, limit).map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
      nextCursor: rows.length > limit && last ? last.day : null,
    };
  }

  /** One-click e-mail links that were used (kept until they expire, so none works twice). */
  async emailActionsUsedPage(
    userId: string,
    cursor: string | null,
    limit: number,
  ): Promise<AccountExportPage<ExportedEmailActionUse>> {
    const keyset = decodeCursor(cursor);
    const { rows } = await this.prisma.pool.query<{ id: string; createdAt: Date; expiresAt: Date }>(
      `SELECT token_id AS id, used_at AS "createdAt", expires_at AS "expiresAt" FROM email_action_uses
       WHERE user_id = $1::uuid ${keyset ? 'AND (used_at, token_id) > ($3, $4::uuid)' : ''}
       ORDER BY used_at, token_id LIMIT $2`,
      [userId, limit + 1, ...(keyset ?? [])],
    );
    const last = rows[limit - 1];
    return {
      items: rows
        .slice(0, limit)
        .map((row) => ({ usedAt: row.createdAt.toISOString(), expiresAt: row.expiresAt.toISOString() })),
      nextCursor: rows.length > limit && last ? encodeCursor(last) : null,
    };
  }

  /**
   * In one transaction: deletes every row of the user (every table with a user_id column, found
   * in the catalogue so a table added later cannot be forgotten, the outbox last since
   * daily_reminders points into it) and queues the farewell mail through the outbox, which
   * carries no user id and forgets its address once settled. Idempotent.
   */
  async eraseUserAndQueueFarewell(userId: string, farewell: RenderedEmail & { to: string }): Promise<void> {
    await inTransaction(this.prisma.pool, async (client) => {
      const { rows } = await client.query<{ table_name: string }>(
        `SELECT c.table_name FROM information_schema.columns c
         JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
         WHERE c.table_schema = current_schema() AND c.column_name = 'user_id' AND t.table_type = 'BASE TABLE'
         ORDER BY c.table_name = 'outbox', c.table_name`,
      );
      for (const { table_name: table } of rows) {
        await client.query(`DELETE FROM "${table.replaceAll('"', '""')}" WHERE user_id = $1::uuid`, [userId]);
      }
      if (farewell.to) {
        await this.outbox.enqueue(
          {
            kind: MessageKind.ACCOUNT_DELETED,
            userId: null,
            to: farewell.to,
            subject: farewell.subject,
            html: farewell.html,
            text: farewell.text,
            dedupeKey: farewellDedupeKey(userId),
          },
          client,
        );
      }
    });
  }
}
