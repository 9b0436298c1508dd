import { Inject, Injectable } from '@nestjs/common';
import { inTransaction } from '@kith/nest-kit';
import { PrismaService } from '../database/prisma.service.js';
import type pg from 'pg';
import {
  type ClaimedEmail,
  type DeliveryOutcome,
  EmailKind,
  type NewOutboxEmail,
  OutboxStatus,
} from './outbox.types.js';

type Deliver = (email: ClaimedEmail) => Promise<DeliveryOutcome>;

const CLAIM_COLUMNS =
  'id, kind, channel, user_id AS "userId", to_address AS "toAddress", subject, html, text, attempts, expires_at AS "expiresAt", headers';

@Injectable()
export class OutboxRepository {
  constructor(@Inject(PrismaService) private readonly prisma: PrismaService) {}

  /** Queues the email and returns its row id; with a dedupe key already queued, that row's id. */
  async enqueue(email: NewOutboxEmail): Promise<string> {
    const data = {
      kind: email.kind,
      userId: email.userId,
      toAddress: email.to,
      subject: email.subject,
      html: email.html,
      text: email.text,
      expiresAt: email.expiresAt ?? null,
      dedupeKey: email.dedupeKey ?? null,
      headers: email.headers,
      channel: email.channel,
    };
    const row = email.dedupeKey
      ? await this.prisma.emailOutbox.upsert({
          where: { dedupeKey: email.dedupeKey },
          create: data,
          update: {},
          select: { id: true },
        })
      : await this.prisma.emailOutbox.create({ data, select: { id: true } });
    return row.id;
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
      const { rows } = await client.query<ClaimedEmail>(
        `SELECT ${CLAIM_COLUMNS} FROM email_outbox
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
  insertAndProcess(email: NewOutboxEmail, deliver: Deliver): Promise<string> {
    return this.inTransaction(async (client) => {
      const { rows } = await client.query<ClaimedEmail>(
        `INSERT INTO email_outbox (kind, channel, user_id, to_address, subject, html, text, expires_at, headers)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         RETURNING ${CLAIM_COLUMNS}`,
        [
          email.kind,
          email.channel ?? 'EMAIL',
          email.userId,
          email.to,
          email.subject,
          email.html,
          email.text,
          email.expiresAt ?? null,
          email.headers ? JSON.stringify(email.headers) : null,
        ],
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
const FORGET_RECIPIENT_KINDS: ReadonlySet<string> = new Set([EmailKind.ACCOUNT_DELETED]);

/** Writes what the attempt meant; a sent sensitive mail (the reset link) or one never to be sent loses its body. */
async function recordOutcome(client: pg.PoolClient, email: ClaimedEmail, outcome: DeliveryOutcome): Promise<void> {
  const attempts = email.attempts + (outcome.status === OutboxStatus.EXPIRED ? 0 : 1);
  const sent = outcome.status === OutboxStatus.SENT;
  const forgetRecipient = outcome.status !== OutboxStatus.PENDING && FORGET_RECIPIENT_KINDS.has(email.kind);
  await client.query(
    `UPDATE email_outbox SET
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
