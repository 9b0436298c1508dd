import { Inject, Injectable } from '@nestjs/common';
import { Database } from '../database/database.js';
import { Prisma } from '../generated/prisma/client.js';
import { PrismaService } from '../database/prisma.service.js';

/** What one contact puts in the feed. */
export interface FeedContactRow {
  id: string;
  firstName: string;
  lastName: string;
  createdAt: Date;
  updatedAt: Date;
  overdueAt: Date;
  reminderDate: Date | null;
  reminderNotes: string | null;
  /** "YYYY-MM-DD" or "--MM-DD". */
  birthday: string | null;
  /** The due event moves to the day the snooze ends. */
  snoozedUntil: Date | null;
}

@Injectable()
export class CalendarFeedsRepository {
  constructor(
    @Inject(PrismaService) private readonly prisma: PrismaService,
    @Inject(Database) private readonly database: Database,
  ) {}

  /** Creates the feed or replaces its token (the old one stops matching at once). */
  async upsert(userId: string, tokenHash: string, tokenCiphertext: string | null): Promise<void> {
    await this.prisma.calendarFeed.upsert({
      where: { userId },
      create: { userId, tokenHash, tokenCiphertext },
      update: { tokenHash, tokenCiphertext, createdAt: new Date() },
    });
  }

  /** True when there was a feed. */
  async remove(userId: string): Promise<boolean> {
    return (await this.prisma.calendarFeed.deleteMany({ where: { userId } })).count > 0;
  }

  find(userId: string) {
    return this.prisma.calendarFeed.findUnique({ where: { userId } });
  }

  findByTokenHash(tokenHash: string) {
    return this.prisma.calendarFeed.findUnique({ where: { tokenHash } });
  }

  /**
   * A fingerprint of everything the feed shows, read from the index and the rows without
   * building the feed: equal fingerprints mean equal feeds (for one day), hence the ETag.
   */
  async fingerprint(userId: string): Promise<string> {
    const [row] = await this.database.query<{ count: number; digest: string | null }>(Prisma.sql`
      SELECT count(*)::int AS count,
             sum(hashtextextended(concat_ws('|', id, first_name, last_name, overdue_at, reminder_date, reminder_notes, birthday, snoozed_until, updated_at), 0))::text AS digest
      FROM contacts WHERE user_id = ${userId}::uuid`);
    return `${row?.count ?? 0}:${row?.digest ?? ''}`;
  }

  /** One page of the user's contacts in a stable order (keyset on the created index). */
  page(userId: string, after: { createdAt: Date; id: string } | null, limit: number): Promise<FeedContactRow[]> {
    const keyset = after ? Prisma.sql`AND (created_at, id) > (${after.createdAt}, ${after.id}::uuid)` : Prisma.empty;
    return this.database.query<FeedContactRow>(Prisma.sql`
      SELECT id, first_name AS "firstName", last_name AS "lastName", created_at AS "createdAt", updated_at AS "updatedAt",
             overdue_at AS "overdueAt", reminder_date AS "reminderDate", reminder_notes AS "reminderNotes", birthday,
             snoozed_until AS "snoozedUntil"
      FROM contacts WHERE user_id = ${userId}::uuid ${keyset}
      ORDER BY created_at, id LIMIT ${limit}`);
  }
}
