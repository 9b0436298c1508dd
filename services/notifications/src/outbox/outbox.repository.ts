import { Inject, Injectable } from '@nestjs/common';
import { inTransaction } from '@kith/nest-kit';
import { PrismaService } from '../prisma/prisma.service.js';
import type pg from 'pg';
import { type ClaimedEmail, type DeliveryOutcome, type NewOutboxEmail, OutboxStatus } from './outbox.types.js';

type Deliver = (email: ClaimedEmail) => Promise<DeliveryOutcome>;

const CLAIM_COLUMNS = 'id, kind, to_address AS "toAddress", subject, html, text, attempts, expires_at AS "expiresAt"';

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
   * The same for one given email, waiting for its lock if a worker holds it (the test reminder is
   * sent while its caller waits). Returns the email's status afterwards, null if it does not exist.
   */
  processById(id: string, deliver: Deliver): Promise<string | null> {
    return this.inTransaction(async (client) => {
      const { rows } = await client.query<ClaimedEmail & { status: string }>(
        `SELECT ${CLAIM_COLUMNS}, status FROM email_outbox WHERE id = $1 FOR UPDATE`,
        [id],
      );
      const email = rows[0];
      if (!email || email.status !== OutboxStatus.PENDING) return email?.status ?? null;
      const outcome = await deliver(email);
      await recordOutcome(client, email, outcome);
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

/** Writes what the attempt meant; a sent sensitive mail loses its body (the reset link). */
async function recordOutcome(client: pg.PoolClient, email: ClaimedEmail, outcome: DeliveryOutcome): Promise<void> {
  const attempts = email.attempts + (outcome.status === OutboxStatus.EXPIRED ? 0 : 1);
  const sent = outcome.status === OutboxStatus.SENT;
  await client.query(
    `UPDATE email_outbox SET
       status = $2, attempts = $3, last_error = $4,
       next_attempt_at = coalesce($5, next_attempt_at),
       sent_at = CASE WHEN $6 THEN now() END,
       html = CASE WHEN $7 THEN NULL ELSE html END,
       text = CASE WHEN $7 THEN NULL ELSE text END
     WHERE id = $1`,
    [
      email.id,
      outcome.status,
      attempts,
      sent ? null : outcome.error,
      outcome.status === OutboxStatus.PENDING ? outcome.retryAt : null,
      sent,
      sent && outcome.clearBody,
    ],
  );
}
