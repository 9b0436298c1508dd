import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { inTransaction } from '@kith/nest-kit';
import { PrismaService } from '../database/prisma.service.js';
import type pg from 'pg';
import {
  Channel,
  type ClaimedMessage,
  type DailyReminderCandidate,
  type DeliveryOutcome,
  MessageKind,
  type NewOutboxMessage,
  OutboxStatus,
  type ReminderDeliveryStats,
} from './outbox.types.js';

type Deliver = (email: ClaimedMessage) => Promise<DeliveryOutcome>;

const INSERT_COLUMNS = 'kind, channel, user_id, to_address, subject, html, text, expires_at, headers, dedupe_key';
const insertValues = (message: NewOutboxMessage) => [
  message.kind,
  message.channel ?? Channel.EMAIL,
  message.userId,
  message.to,
  message.subject,
  message.html,
  message.text,
  message.expiresAt ?? null,
  message.headers ? JSON.stringify(message.headers) : null,
  message.dedupeKey ?? null,
];

const CLAIM_COLUMNS =
  'id, kind, channel, user_id AS "userId", to_address AS "toAddress", subject, html, text, attempts, expires_at AS "expiresAt", headers';

@Injectable()
export class OutboxRepository {
  constructor(@Inject(PrismaService) private readonly prisma: PrismaService) {}

  /**
   * Queues a message; one whose dedupe key is already queued is not queued twice. With `client`,
   * inside the caller's transaction (the farewell mail of an erasure).
   */
  async enqueue(message: NewOutboxMessage, client: pg.Pool | pg.PoolClient = this.prisma.pool): Promise<void> {
    await client.query(
      `INSERT INTO outbox (${INSERT_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       ON CONFLICT (dedupe_key) DO NOTHING`,
      insertValues(message),
    );
  }

  /**
   * Claims (user, day) for each candidate and queues the e-mail of every claim won, in one
   * statement: the daily_reminders primary key turns a second claim (another trigger, cron firing
   * or replica) into a no-op, so a user gets at most one daily reminder per UTC day. The user's
   * webhook delivery, if any, is queued with the claim. Returns how many e-mails were queued; the
   * others had already been queued today.
   */
  async enqueueDailyReminders(day: string, candidates: DailyReminderCandidate[]): Promise<number> {
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
         INSERT INTO outbox (id, kind, user_id, to_address, subject, html, text, headers)
         SELECT c.outbox_id, $9, c.user_id, c.to_address, c.subject, c.html, c.text, c.headers
         FROM candidate c JOIN claimed USING (outbox_id)
         RETURNING 1
       ), hooks AS (
         INSERT INTO outbox (kind, channel, user_id, to_address, subject, html, text, headers)
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
        MessageKind.DAILY_REMINDER,
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
  async reminderDeliveryStats(userId: string): Promise<ReminderDeliveryStats> {
    const result = await this.prisma.outboxMessage.aggregate({
      where: {
        userId,
        status: OutboxStatus.SENT,
        channel: Channel.EMAIL,
        kind: { in: [MessageKind.DAILY_REMINDER, MessageKind.TEST_REMINDER] },
      },
      _count: { _all: true },
      _max: { sentAt: true },
    });
    return { remindersSent: result._count._all, lastSentAt: result._max.sentAt };
  }

  /**
   * Locks the oldest due pending email (`FOR UPDATE SKIP LOCKED`, so replicas and workers each get
   * a different one), lets `deliver` try it, and records the outcome in the SAME transaction: a
   * row is marked sent only by the transaction that held its lock while SMTP accepted it, so no
   * other worker can send it again. The one at-least-once window: if the process dies after the
   * SMTP server accepted the message but before this transaction commits, the lock is released
   * with the row still pending and it is sent again. Returns false when nothing is due.
   */
  processNextDue(deliver: Deliver): Promise<boolean> {
    return this.inTransaction(async (client) => {
      const { rows } = await client.query<ClaimedMessage>(
        `SELECT ${CLAIM_COLUMNS} FROM outbox
         WHERE status = $1 AND next_attempt_at <= now()
         ORDER BY next_attempt_at LIMIT 1 FOR UPDATE SKIP LOCKED`,
        [OutboxStatus.PENDING],
      );
      const email = rows[0];
      if (!email) return false;
      await recordOutcome(client, email, await deliver(email));
      return true;
    });
  }

  /**
   * Queues an email and makes its first delivery attempt in the same transaction, so the workers
   * never see it before that attempt (a worker trying it first would make the caller's attempt a
   * second one, without backoff). Returns the status after the attempt.
   */
  insertAndProcess(email: NewOutboxMessage, deliver: Deliver): Promise<string> {
    return this.inTransaction(async (client) => {
      const { rows } = await client.query<ClaimedMessage>(
        `INSERT INTO outbox (${INSERT_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
         RETURNING ${CLAIM_COLUMNS}`,
        insertValues(email),
      );
      const outcome = await deliver(rows[0]!);
      await recordOutcome(client, rows[0]!, outcome);
      return outcome.status;
    });
  }

  /**
   * One transaction on a pooled connection. The outbox's lock-send-mark cycle runs once per email,
   * so it uses the pool directly: a Prisma interactive transaction costs about twice the round trips.
   */
  private inTransaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    return inTransaction(this.prisma.pool, work);
  }
}

/** Mails to an erased account: once settled, nothing in the row may still point at the person. */
const FORGET_RECIPIENT_KINDS: ReadonlySet<string> = new Set([MessageKind.ACCOUNT_DELETED]);

/** Writes what the attempt meant; a sent sensitive mail (the reset link) or one never to be sent loses its body. */
async function recordOutcome(client: pg.PoolClient, email: ClaimedMessage, outcome: DeliveryOutcome): Promise<void> {
  const attempts = email.attempts + (outcome.status === OutboxStatus.EXPIRED ? 0 : 1);
  const sent = outcome.status === OutboxStatus.SENT;
  const forgetRecipient = outcome.status !== OutboxStatus.PENDING && FORGET_RECIPIENT_KINDS.has(email.kind);
  await client.query(
    `UPDATE outbox SET
       status = $2, attempts = $3, last_error = $4,
       next_attempt_at = coalesce($5, next_attempt_at),
       sent_at = CASE WHEN $6 THEN now() END,
       html = CASE WHEN $7 OR $8 THEN NULL ELSE html END,
       text = CASE WHEN $7 OR $8 THEN NULL ELSE text END,
       to_address = CASE WHEN $8 THEN '' ELSE to_address END,
       subject = CASE WHEN $8 THEN '' ELSE subject END
     WHERE id = $1`,
    [
      email.id,
      outcome.status,
      attempts,
      sent ? null : outcome.error,
      outcome.status === OutboxStatus.PENDING ? outcome.retryAt : null,
      sent,
      'clearBody' in outcome && outcome.clearBody === true,
      forgetRecipient,
    ],
  );
}
