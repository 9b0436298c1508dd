import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { PrismaService } from '../database/prisma.service.js';
import type { RenderedEmail } from '../mail/templates/rendered-email.js';
import { Channel, EmailKind, OutboxStatus } from '../outbox/outbox.types.js';
import type { WebhookRequest } from '../webhooks/webhook-transport.service.js';

/** A user's daily reminder, rendered from their complete data and ready to be queued. */
export interface DailyReminderCandidate {
  userId: string;
  to: string;
  overdueCount: number;
  email: RenderedEmail;
  /** The same digest for the user's webhook, when they have one. */
  webhook?: WebhookRequest;
}

export interface ReminderDeliveryStats {
  remindersSent: number;
  lastSentAt: Date | null;
}

@Injectable()
export class RemindersRepository {
  constructor(@Inject(PrismaService) private readonly prisma: PrismaService) {}

  /**
   * Claims (user, day) for each candidate and queues the email of every claim won, in one
   * statement: the daily_reminders primary key turns a second claim (another trigger, cron firing
   * or replica) into a no-op, so a user gets at most one daily reminder per UTC day.
   * The user's webhook delivery, if any, is queued with the claim. Returns how many e-mails were
   * queued; the others had already been queued today.
   */
  async enqueueDailyBatch(day: string, candidates: DailyReminderCandidate[]): Promise<number> {
    if (candidates.length === 0) return 0;
    const column = <T>(pick: (candidate: DailyReminderCandidate) => T) => candidates.map(pick);
    // Straight to the pool: Prisma's raw queries keep their (megabyte-sized) parameters in its
    // query-plan cache, which made a run's memory grow with the number of users.
    const { rows } = await this.prisma.pool.query<{ queued: number }>(
      `WITH candidate AS (
         SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::int[], $4::text[], $5::text[], $6::text[], $7::text[], $10::jsonb[],
                              $11::text[], $12::text[], $13::jsonb[])
           AS c(user_id, outbox_id, overdue_count, to_address, subject, html, text, headers, webhook_url, webhook_body, webhook_headers)
       ), claimed AS (
         INSERT INTO daily_reminders (user_id, day, outbox_id, overdue_count)
         SELECT user_id, $8::date, outbox_id, overdue_count FROM candidate
         ON CONFLICT (user_id, day) DO NOTHING
         RETURNING outbox_id
       ), emails AS (
         INSERT INTO email_outbox (id, kind, user_id, to_address, subject, html, text, headers)
         SELECT c.outbox_id, $9, c.user_id, c.to_address, c.subject, c.html, c.text, c.headers
         FROM candidate c JOIN claimed USING (outbox_id)
         RETURNING 1
       ), hooks AS (
         INSERT INTO email_outbox (kind, channel, user_id, to_address, subject, html, text, headers)
         SELECT $9, $14, c.user_id, c.webhook_url, c.subject, '', c.webhook_body, c.webhook_headers
         FROM candidate c JOIN claimed USING (outbox_id) WHERE c.webhook_url IS NOT NULL
         RETURNING 1
       )
       -- Data-modifying CTEs run to completion whether read or not; only e-mails are counted.
       SELECT (SELECT count(*) FROM emails)::int AS queued`,
      [
        column((c) => c.userId),
        column(() => randomUUID()),
        column((c) => c.overdueCount),
        column((c) => c.to),
        column((c) => c.email.subject),
        column((c) => c.email.html),
        column((c) => c.email.text),
        day,
        EmailKind.DAILY_REMINDER,
        column((c) => (c.email.headers ? JSON.stringify(c.email.headers) : null)),
        column((c) => c.webhook?.url ?? null),
        column((c) => c.webhook?.body ?? null),
        column((c) => (c.webhook ? JSON.stringify(c.webhook.headers) : null)),
        Channel.WEBHOOK,
      ],
    );
    return rows[0]?.queued ?? 0;
  }

  /** Reminders (daily and test) the SMTP server accepted for this user. */
  async deliveryStats(userId: string): Promise<ReminderDeliveryStats> {
    const result = await this.prisma.emailOutbox.aggregate({
      where: {
        userId,
        status: OutboxStatus.SENT,
        channel: Channel.EMAIL,
        kind: { in: [EmailKind.DAILY_REMINDER, EmailKind.TEST_REMINDER] },
      },
      _count: { _all: true },
      _max: { sentAt: true },
    });
    return { remindersSent: result._count._all, lastSentAt: result._max.sentAt };
  }
}
