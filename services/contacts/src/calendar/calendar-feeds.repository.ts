import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { Database } from '../database/database.js';

/** A user's feed: looked up by the SHA-256 (hex) of its token; the token itself only encrypted. */
export interface CalendarFeedRecord {
  userId: string;
  tokenHash: string;
  /** The token under CALENDAR_FEED_ENCRYPTION_KEY, to show the URL again; null for older feeds. */
  tokenCiphertext: string | null;
  createdAt: Date;
}

/** What one contact puts in the feed. */
export interface FeedContactRow {
  id: string;
  firstName: string;
  lastName: string;
  createdAt: Date;
  updatedAt: Date;
  /** Null: not kept in touch with, no due date. */
  overdueAt: Date | null;
  reminderDate: Date | null;
  reminderNotes: string | null;
  /** "YYYY-MM-DD" or "--MM-DD". */
  birthday: string | null;
  /** The due event moves to the day the snooze ends. */
  snoozedUntil: Date | null;
}

@Injectable()
export class CalendarFeedsRepository {
  constructor(@Inject(Database) private readonly database: Database) {}

  /** Creates the feed or replaces its token (the old one stops matching at once). */
  async upsert(userId: string, tokenHash: string, tokenCiphertext: string | null): Promise<void> {
    await this.database.db
      .insertInto('calendar_feeds')
      .values({ user_id: userId, token_hash: tokenHash, token_ciphertext: tokenCiphertext })
      .onConflict((conflict) =>
        conflict
          .column('user_id')
          .doUpdateSet({ token_hash: tokenHash, token_ciphertext: tokenCiphertext, created_at: new Date() }),
      )
      .execute();
  }

  /** True when there was a feed. */
  async remove(userId: string): Promise<boolean> {
    const result = await this.database.db.deleteFrom('calendar_feeds').where('user_id', '=', userId).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  find(userId: string): Promise<CalendarFeedRecord | null> {
    return this.findBy('user_id', userId);
  }

  findByTokenHash(tokenHash: string): Promise<CalendarFeedRecord | null> {
    return this.findBy('token_hash', tokenHash);
  }

  private async findBy(column: 'user_id' | 'token_hash', value: string): Promise<CalendarFeedRecord | null> {
    const feed = await this.database.db
      .selectFrom('calendar_feeds')
      .select([
        'user_id as userId',
        'token_hash as tokenHash',
        'token_ciphertext as tokenCiphertext',
        'created_at as createdAt',
      ])
      .where(column, '=', value)
      .executeTakeFirst();
    return feed ?? null;
  }

  /**
   * A fingerprint of everything the feed shows, read from the index and the rows without
   * building the feed: equal fingerprints mean equal feeds (for one day), hence the ETag.
   */
  async fingerprint(userId: string): Promise<string> {
    const [row] = await this.database.prepared(sql<{ count: number; digest: string | null }>`
      SELECT count(*)::int AS count,
             sum(hashtextextended(concat_ws('|', id, first_name, last_name, overdue_at, reminder_date, reminder_notes, birthday, snoozed_until, updated_at), 0))::text AS digest
      FROM contacts WHERE user_id = ${userId}::uuid`);
    return `${row?.count ?? 0}:${row?.digest ?? ''}`;
  }

  /** One page of the user's contacts in a stable order (keyset on the created index). */
  page(userId: string, after: { createdAt: Date; id: string } | null, limit: number): Promise<FeedContactRow[]> {
    const keyset = after ? sql`AND (created_at, id) > (${after.createdAt}, ${after.id}::uuid)` : sql``;
    return this.database.prepared(sql<FeedContactRow>`
      SELECT id, first_name AS "firstName", last_name AS "lastName", created_at AS "createdAt", updated_at AS "updatedAt",
             overdue_at AS "overdueAt", reminder_date AS "reminderDate", reminder_notes AS "reminderNotes", birthday,
             snoozed_until AS "snoozedUntil"
      FROM contacts WHERE user_id = ${userId}::uuid ${keyset}
      ORDER BY created_at, id LIMIT ${limit}`);
  }
}
