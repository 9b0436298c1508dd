import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { PrismaService } from '../prisma/prisma.service.js';
import type { RenderedEmail } from '../mail/templates/rendered-email.js';
import { EmailKind, OutboxStatus } from '../outbox/outbox.types.js';

/** A user's daily reminder, rendered from their complete data and ready to be queued. */
export interface DailyReminderCandidate {
  userId: string;
  to: string;
  overdueCount: number;
  email: RenderedEmail;
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
   * Returns how many were queued; the others had already been queued today.
   */
  async enqueueDailyBatch(day: string, candidates: DailyReminderCandidate[]): Promise<number> {
    if (candidates.length === 0) return 0;
    const column = <T>(pick: (candidate: DailyReminderCandidate) => T) => candidates.map(pick);
    // Straight to the pool: Prisma's raw queries keep their (megabyte-sized) parameters in its
    // query-plan cache, which made a run's memory grow with the number of users.
    const { rowCount } = await this.prisma.pool.query(
      `WITH candidate AS (
         SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::int[], $4::text[], $5::text[], $6::text[], $7::text[])
           AS c(user_id, outbox_id, overdue_count, to_address, subject, html, text)
       ), claimed AS (
         INSERT INTO daily_reminders (user_id, day, outbox_id, overdue_count)
         SELECT user_id, $8::date, outbox_id, overdue_count FROM candidate
         ON CONFLICT (user_id, day) DO NOTHING
         RETURNING outbox_id
       )
       INSERT INTO email_outbox (id, kind, user_id, to_address, subject, html, text)
       SELECT c.outbox_id, $9, c.user_id, c.to_address, c.subject, c.html, c.text
       FROM candidate c JOIN claimed USING (outbox_id)`,
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
      ],
    );
    return rowCount ?? 0;
  }

  /** Reminders (daily and test) the SMTP server accepted for this user. */
  async deliveryStats(userId: string): Promise<ReminderDeliveryStats> {
    const result = await this.prisma.emailOutbox.aggregate({
      where: { userId, status: OutboxStatus.SENT, kind: { in: [EmailKind.DAILY_REMINDER, EmailKind.TEST_REMINDER] } },
      _count: { _all: true },
      _max: { sentAt: true },
    });
    return { remindersSent: result._count._all, lastSentAt: result._max.sentAt };
  }
}
