import { Inject, Injectable } from '@nestjs/common';
import { DEFAULT_CONTACT_REMINDER_DAYS } from '@kith/contracts';
import { Prisma } from '../generated/prisma/client.js';
import { Database } from '../database/database.js';
import { PrismaService } from '../database/prisma.service.js';
import type { ListRecord } from './list.record.js';

export interface ListWrite {
  name?: string;
  description?: string | null;
  color?: string;
  reminderDays?: number;
}

/** The only code that reads and writes lists; membership figures come from one grouped query. */
@Injectable()
export class ListsRepository {
  constructor(
    @Inject(PrismaService) private readonly prisma: PrismaService,
    @Inject(Database) private readonly database: Database,
  ) {}

  /**
   * The caller's lists (or one of them) with contactCount and overdueCount, and contactIds unless
   * `withContactIds` is false: the counts alone are read from an index, every member's id is not.
   */
  findWithCounts(
    userId: string,
    now: Date,
    { listId, withContactIds = true }: { listId?: string; withContactIds?: boolean } = {},
  ): Promise<ListRecord[]> {
    const onlyList = listId ? Prisma.sql`AND l.id = ${listId}::uuid` : Prisma.empty;
    const onlyMembers = listId ? Prisma.sql`AND list_id = ${listId}::uuid` : Prisma.sql`AND list_id IS NOT NULL`;
    const memberIds = withContactIds
      ? Prisma.sql`, array_agg(id::text ORDER BY lower(first_name), lower(last_name), id) AS contact_ids`
      : Prisma.empty;
    const memberIdsColumn = withContactIds ? Prisma.sql`, coalesce(m.contact_ids, '{}') AS "contactIds"` : Prisma.empty;
    return this.database.query<ListRecord>(Prisma.sql`
      SELECT l.id, l.user_id AS "userId", l.name, l.description, l.color, l.reminder_days AS "reminderDays",
             l.created_at AS "createdAt", l.updated_at AS "updatedAt",
             coalesce(m.contact_count, 0)::int AS "contactCount", coalesce(m.overdue_count, 0)::int AS "overdueCount"
             ${memberIdsColumn}
      FROM contact_lists l
      LEFT JOIN (
        SELECT list_id, count(*) AS contact_count, count(*) FILTER (WHERE overdue_at <= ${now}) AS overdue_count
               ${memberIds}
        FROM contacts WHERE user_id = ${userId}::uuid ${onlyMembers}
        GROUP BY list_id
      ) m ON m.list_id = l.id
      WHERE l.user_id = ${userId}::uuid ${onlyList}
      ORDER BY lower(l.name), l.id`);
  }

  async exists(userId: string, id: string): Promise<boolean> {
    return (await this.prisma.contactList.count({ where: { id, userId } })) === 1;
  }

  async create(
    userId: string,
    data: Required<Pick<ListWrite, 'name' | 'color' | 'reminderDays'>> & ListWrite,
  ): Promise<string> {
    const created = await this.prisma.contactList.create({ data: { ...data, userId }, select: { id: true } });
    return created.id;
  }

  /**
   * Updates the list; a new interval moves the due date of every member without a custom
   * interval in one set-based UPDATE, in the same transaction.
   */
  update(userId: string, id: string, data: ListWrite): Promise<boolean> {
    return this.prisma.$transaction(async (db) => {
      const { count } = await db.contactList.updateMany({
        where: { id, userId },
        data: { ...data, updatedAt: new Date() },
      });
      if (count === 0) return false;
      if (data.reminderDays !== undefined) {
        await db.$executeRaw`
          UPDATE contacts SET overdue_at = contact_overdue_at(last_contact_date, ${data.reminderDays}::int)
          WHERE list_id = ${id}::uuid AND user_id = ${userId}::uuid AND custom_reminder_days IS NULL`;
      }
      return true;
    });
  }

  /** Deletes the list and keeps its contacts: they fall back to no list (and the default interval). */
  delete(userId: string, id: string): Promise<boolean> {
    return this.prisma.$transaction(async (db) => {
      const [list] = await db.$queryRaw<{ id: string }[]>`
        SELECT id FROM contact_lists WHERE id = ${id}::uuid AND user_id = ${userId}::uuid FOR UPDATE`;
      if (!list) return false;
      await db.$executeRaw`
        UPDATE contacts
        SET list_id = NULL, updated_at = now(),
            overdue_at = contact_overdue_at(last_contact_date, coalesce(custom_reminder_days, ${DEFAULT_CONTACT_REMINDER_DAYS}::int))
        WHERE list_id = ${id}::uuid AND user_id = ${userId}::uuid`;
      await db.contactList.delete({ where: { id } });
      return true;
    });
  }
}
