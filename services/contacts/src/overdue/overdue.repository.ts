import { Inject, Injectable } from '@nestjs/common';
import { MS_PER_DAY } from '@kith/contracts';
import { Database } from '../database/database.js';
import { Prisma } from '../generated/prisma/client.js';
import type { ContactRecord } from '../contacts/contact.record.js';
import { CONTACT_COLUMNS, CONTACTS_WITH_LIST, MOST_OVERDUE_FIRST } from '../contacts/contact-query.sql.js';

export interface OverdueUser {
  userId: string;
  totalOverdue: number;
}

/** Overdue and coming-due reads for the notifications service, all served by the overdue_at indexes. */
@Injectable()
export class OverdueRepository {
  constructor(@Inject(Database) private readonly database: Database) {}

  async overdueForUser(userId: string, now: Date, limit: number): Promise<{ records: ContactRecord[]; total: number }> {
    const [records, [{ total }]] = await Promise.all([
      this.database.query<ContactRecord>(Prisma.sql`
        SELECT ${CONTACT_COLUMNS} FROM ${CONTACTS_WITH_LIST}
        WHERE c.user_id = ${userId}::uuid AND c.overdue_at <= ${now} ORDER BY ${MOST_OVERDUE_FIRST} LIMIT ${limit}`),
      this.database.query<{ total: number }>(Prisma.sql`
        SELECT count(*)::int AS total FROM contacts WHERE user_id = ${userId}::uuid AND overdue_at <= ${now}`),
    ]);
    return { records, total };
  }

  /**
   * The next `limit` users (by id, after `afterUserId`) that have an overdue contact, with how
   * many they have. Walks the (overdue_at, user_id) index; only user ids and counts are held.
   */
  usersWithOverdue(now: Date, afterUserId: string | null, limit: number): Promise<OverdueUser[]> {
    return this.database.query<OverdueUser>(Prisma.sql`
      SELECT user_id::text AS "userId", count(*)::int AS "totalOverdue"
      FROM contacts
      WHERE overdue_at <= ${now} AND user_id > coalesce(${afterUserId}::uuid, '00000000-0000-0000-0000-000000000000'::uuid)
      GROUP BY user_id ORDER BY user_id LIMIT ${limit}`);
  }

  /** Up to `perUser` most overdue contacts of each user, one index range per user. */
  mostOverdueOf(userIds: string[], now: Date, perUser: number): Promise<ContactRecord[]> {
    return this.database.query<ContactRecord>(Prisma.sql`
      SELECT picked.* FROM unnest(${userIds}::uuid[]) AS u(user_id)
      CROSS JOIN LATERAL (
        SELECT ${CONTACT_COLUMNS} FROM ${CONTACTS_WITH_LIST}
        WHERE c.user_id = u.user_id AND c.overdue_at <= ${now}
        ORDER BY ${MOST_OVERDUE_FIRST} LIMIT ${perUser}
      ) AS picked`);
  }

  /** Not overdue at `now` but due within `withinDays`, soonest first. */
  async comingDue(
    userId: string,
    now: Date,
    withinDays: number,
    limit: number,
  ): Promise<{ records: ContactRecord[]; total: number }> {
    const until = new Date(now.getTime() + withinDays * MS_PER_DAY);
    const [records, [{ total }]] = await Promise.all([
      this.database.query<ContactRecord>(Prisma.sql`
        SELECT ${CONTACT_COLUMNS} FROM ${CONTACTS_WITH_LIST}
        WHERE c.user_id = ${userId}::uuid AND c.overdue_at > ${now} AND c.overdue_at <= ${until}
        ORDER BY c.overdue_at, c.id LIMIT ${limit}`),
      this.database.query<{ total: number }>(Prisma.sql`
        SELECT count(*)::int AS total FROM contacts
        WHERE user_id = ${userId}::uuid AND overdue_at > ${now} AND overdue_at <= ${until}`),
    ]);
    return { records, total };
  }
}
