import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { overdueAtSql, remindingDaysSql } from '../contacts/overdue-rule.sql.js';
import { Database } from '../database/database.js';
import type { ListRecord } from './list.record.js';

export interface ListWrite {
  name?: string;
  description?: string | null;
  color?: string;
  reminderDays?: number;
  keepInTouch?: boolean;
}

function listColumns(write: ListWrite) {
  return {
    name: write.name,
    description: write.description,
    color: write.color,
    reminder_days: write.reminderDays,
    keep_in_touch: write.keepInTouch,
  };
}

/** The only code that reads and writes lists; membership figures come from one grouped query. */
@Injectable()
export class ListsRepository {
  constructor(@Inject(Database) private readonly database: Database) {}

  /**
   * The caller's lists (or one of them) with contactCount and overdueCount, and contactIds unless
   * `withContactIds` is false: the counts alone are read from an index, every member's id is not.
   */
  findWithCounts(
    userId: string,
    now: Date,
    { listId, withContactIds = true }: { listId?: string; withContactIds?: boolean } = {},
  ): Promise<ListRecord[]> {
    const onlyList = listId ? sql`AND l.id = ${listId}::uuid` : sql``;
    const onlyMembers = listId ? sql`AND list_id = ${listId}::uuid` : sql`AND list_id IS NOT NULL`;
    const memberIds = withContactIds
      ? sql`, array_agg(id::text ORDER BY lower(first_name), lower(last_name), id) AS contact_ids`
      : sql``;
    const memberIdsColumn = withContactIds ? sql`, coalesce(m.contact_ids, '{}') AS "contactIds"` : sql``;
    return this.database.prepared(sql<ListRecord>`
      SELECT l.id, l.user_id AS "userId", l.name, l.description, l.color, l.reminder_days AS "reminderDays",
             l.keep_in_touch AS "keepInTouch", l.created_at AS "createdAt", l.updated_at AS "updatedAt",
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
    const list = await this.database.db
      .selectFrom('contact_lists')
      .select('id')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return list !== undefined;
  }

  async create(
    userId: string,
    data: Required<Pick<ListWrite, 'name' | 'color' | 'reminderDays'>> & ListWrite,
  ): Promise<string> {
    const created = await this.database.db
      .insertInto('contact_lists')
      .values({
        ...listColumns(data),
        name: data.name,
        color: data.color,
        reminder_days: data.reminderDays,
        user_id: userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return created.id;
  }

  /**
   * Updates the list; a new interval or keep-in-touch switch moves the due date of every member
   * without a custom interval in one set-based UPDATE, in the same transaction.
   */
  update(userId: string, id: string, data: ListWrite): Promise<boolean> {
    return this.database.transaction(async (trx) => {
      const { numUpdatedRows } = await trx
        .updateTable('contact_lists')
        .set({ ...listColumns(data), updated_at: new Date() })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (numUpdatedRows === 0n) return false;
      if (data.reminderDays !== undefined || data.keepInTouch !== undefined) {
        const days = remindingDaysSql(
          sql`c.custom_reminder_days`,
          sql`l.reminder_days`,
          sql`c.keep_in_touch`,
          sql`l.keep_in_touch`,
        );
        await sql`
          UPDATE contacts c SET overdue_at = ${overdueAtSql(sql`c.last_contact_date`, days)}
          FROM contact_lists l
          WHERE l.id = c.list_id AND c.list_id = ${id}::uuid AND c.user_id = ${userId}::uuid
            AND c.custom_reminder_days IS NULL`.execute(trx);
      }
      return true;
    });
  }

  /** Deletes the list and keeps its contacts: they fall back to no list (and the default interval). */
  delete(userId: string, id: string): Promise<boolean> {
    return this.database.transaction(async (trx) => {
      const { rows } = await sql<{ id: string }>`
        SELECT id FROM contact_lists WHERE id = ${id}::uuid AND user_id = ${userId}::uuid FOR UPDATE`.execute(trx);
      if (rows.length === 0) return false;
      await sql`
        UPDATE contacts
        SET list_id = NULL, updated_at = now(),
            overdue_at = ${overdueAtSql(
              sql`last_contact_date`,
              remindingDaysSql(sql`custom_reminder_days`, sql`NULL::int`, sql`keep_in_touch`, sql`NULL::boolean`),
            )}
        WHERE list_id = ${id}::uuid AND user_id = ${userId}::uuid`.execute(trx);
      await trx.deleteFrom('contact_lists').where('id', '=', id).execute();
      return true;
    });
  }
}
