import { Inject, Injectable } from '@nestjs/common';
import { PrismaService } from '../prisma/prisma.service.js';
import { Prisma } from '../generated/prisma/client.js';
import { type ClaimedEmail, type DeliveryOutcome, type NewOutboxEmail, OutboxStatus } from './outbox.types.js';

type Deliver = (email: ClaimedEmail) => Promise<DeliveryOutcome>;

const CLAIM_COLUMNS = Prisma.sql`id, kind, to_address AS "toAddress", subject, html, text, attempts, expires_at AS "expiresAt"`;

@Injectable()
export class OutboxRepository {
  constructor(@Inject(PrismaService) private readonly prisma: PrismaService) {}

  async enqueue(email: NewOutboxEmail): Promise<string> {
    const row = await this.prisma.emailOutbox.create({
      data: {
        kind: email.kind,
        userId: email.userId,
        toAddress: email.to,
        subject: email.subject,
        html: email.html,
        text: email.text,
        expiresAt: email.expiresAt ?? null,
      },
      select: { id: true },
    });
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
  processNextDue(deliver: Deliver, timeoutMs: number): Promise<boolean> {
    return this.prisma.$transaction(
      async (tx) => {
        const [email] = await tx.$queryRaw<ClaimedEmail[]>`
          SELECT ${CLAIM_COLUMNS} FROM email_outbox
          WHERE status = ${OutboxStatus.PENDING} AND next_attempt_at <= now()
          ORDER BY next_attempt_at LIMIT 1 FOR UPDATE SKIP LOCKED`;
        if (!email) return false;
        await recordOutcome(tx, email, await deliver(email));
        return true;
      },
      { timeout: timeoutMs, maxWait: timeoutMs },
    );
  }

  /**
   * The same for one given email, waiting for its lock if a worker holds it (the test reminder is
   * sent while its caller waits). Returns the email's status afterwards, null if it does not exist.
   */
  processById(id: string, deliver: Deliver, timeoutMs: number): Promise<string | null> {
    return this.prisma.$transaction(
      async (tx) => {
        const [email] = await tx.$queryRaw<(ClaimedEmail & { status: string })[]>`
          SELECT ${CLAIM_COLUMNS}, status FROM email_outbox WHERE id = ${id}::uuid FOR UPDATE`;
        if (!email || email.status !== OutboxStatus.PENDING) return email?.status ?? null;
        const outcome = await deliver(email);
        await recordOutcome(tx, email, outcome);
        return outcome.status;
      },
      { timeout: timeoutMs, maxWait: timeoutMs },
    );
  }
}

function recordOutcome(tx: Prisma.TransactionClient, email: ClaimedEmail, outcome: DeliveryOutcome) {
  return tx.emailOutbox.update({ where: { id: email.id }, data: outcomeUpdate(email, outcome) });
}

function outcomeUpdate(email: ClaimedEmail, outcome: DeliveryOutcome): Prisma.EmailOutboxUpdateInput {
  const attempts = email.attempts + (outcome.status === OutboxStatus.EXPIRED ? 0 : 1);
  switch (outcome.status) {
    case OutboxStatus.SENT:
      return { status: outcome.status, attempts, sentAt: new Date(), lastError: null, ...(outcome.clearBody ? { html: null, text: null } : {}) };
    case OutboxStatus.PENDING:
      return { attempts, nextAttemptAt: outcome.retryAt, lastError: outcome.error };
    default:
      return { status: outcome.status, attempts, lastError: outcome.error };
  }
}
