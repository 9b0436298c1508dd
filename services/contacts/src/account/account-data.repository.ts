import {
  type AccountExportPage,
  type ContactList,
  type ExportedCalendarFeed,
  type ExportedDeletedPhoneCard,
  type ExportedPhoneCard,
  type ExportedPhoneSync,
  type ExportedScheduledReminder,
} from '@kith/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { toCommunication } from '../communications/communication.mapper.js';
import { CONTACT_COLUMNS, CONTACTS_WITH_LIST } from '../contacts/contact-query.sql.js';
import { toContact } from '../contacts/contact.mapper.js';
import type { ContactRecord } from '../contacts/contact.record.js';
import { Database } from '../database/database.js';
import type { CommunicationRecord } from '../communications/communication.record.js';
import { ListsRepository } from '../lists/lists.repository.js';
import { toContactList } from '../lists/list.mapper.js';

/** Keyset cursor over (created_at, id): served by the (user_id, created_at, id) indexes. */
interface Keyset {
  createdAt: Date;
  id: string;
}
const encodeCursor = (row: { createdAt: Date; id: string }) => `${row.createdAt.toISOString()}|${row.id}`;
function decodeCursor(cursor: string | null): Keyset | null {
  if (!cursor) return null;
  const [createdAt, id] = cursor.split('|');
  const date = new Date(createdAt ?? '');
  return Number.isNaN(date.getTime()) || !id ? null : { createdAt: date, id };
}
const after = (alias: string, keyset: Keyset | null) =>
  keyset
    ? sql`AND (${sql.raw(alias)}.created_at, ${sql.raw(alias)}.id) > (${keyset.createdAt}, ${keyset.id}::uuid)`
    : sql``;

function paged<Row extends { createdAt: Date; id: string }, Item>(
  rows: Row[],
  limit: number,
  map: (row: Row) => Item,
): AccountExportPage<Item> {
  const last = rows[limit - 1];
  return { items: rows.slice(0, limit).map(map), nextCursor: rows.length > limit && last ? encodeCursor(last) : null };
}

/** The list as exported: its membership is already on each contact (listId). */
export type ExportedList = Omit<ContactList, 'contactIds'>;

/** Reads one user's data page by page for the account export, and erases all of it. */
@Injectable()
export class AccountDataRepository {
  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(ListsRepository) private readonly lists: ListsRepository,
  ) {}

  /** A user has a handful of lists: one page. */
  async listsPage(userId: string, now: Date): Promise<AccountExportPage<ExportedList>> {
    const records = await this.lists.findWithCounts(userId, now);
    return { items: records.map((record) => omitContactIds(toContactList(record))), nextCursor: null };
  }

  async contactsPage(userId: string, cursor: string | null, limit: number, now: Date) {
    const rows = await this.database.prepared(sql<ContactRecord>`
      SELECT ${CONTACT_COLUMNS} FROM ${CONTACTS_WITH_LIST}
      WHERE c.user_id = ${userId}::uuid ${after('c', decodeCursor(cursor))}
      ORDER BY c.created_at, c.id LIMIT ${limit + 1}`);
    return paged(rows, limit, (row) => toContact(row, now));
  }

  async scheduledRemindersPage(
    userId: string,
    cursor: string | null,
    limit: number,
  ): Promise<AccountExportPage<ExportedScheduledReminder>> {
    const rows = await this.database.prepared(sql<{
      id: string;
      createdAt: Date;
      reminderDate: Date;
      notes: string | null;
    }>`
      SELECT c.id, c.created_at AS "createdAt", c.reminder_date AS "reminderDate", c.reminder_notes AS notes
      FROM contacts c
      WHERE c.user_id = ${userId}::uuid AND c.reminder_date IS NOT NULL ${after('c', decodeCursor(cursor))}
      ORDER BY c.created_at, c.id LIMIT ${limit + 1}`);
    return paged(rows, limit, (row) => ({
      contactId: row.id,
      reminderDate: row.reminderDate.toISOString(),
      notes: row.notes,
    }));
  }

  async interactionsPage(userId: string, cursor: string | null, limit: number) {
    const rows = await this.database.prepared(sql<CommunicationRecord>`
      SELECT m.id, m.user_id AS "userId", m.contact_id AS "contactId", m.type, m.timestamp, m.notes, m.duration, m.created_at AS "createdAt"
      FROM communications m
      WHERE m.user_id = ${userId}::uuid ${after('m', decodeCursor(cursor))}
      ORDER BY m.created_at, m.id LIMIT ${limit + 1}`);
    return paged(rows, limit, toCommunication);
  }

  /** Every contact's CardDAV identity and the card its phone last wrote (verbatim), in creation order. */
  async phoneCardsPage(
    userId: string,
    cursor: string | null,
    limit: number,
  ): Promise<AccountExportPage<ExportedPhoneCard>> {
    const rows = await this.database.prepared(sql<{
      id: string;
      createdAt: Date;
      uid: string;
      href: string;
      card: string | null;
    }>`
      SELECT c.id, c.created_at AS "createdAt", c.dav_uid AS uid, c.dav_href AS href, c.dav_card AS card
      FROM contacts c
      WHERE c.user_id = ${userId}::uuid ${after('c', decodeCursor(cursor))}
      ORDER BY c.created_at, c.id LIMIT ${limit + 1}`);
    return paged(rows, limit, (row) => ({
      contactId: row.id,
      uid: row.uid,
      resourceName: row.href,
      clientCard: row.card,
    }));
  }

  /** The address book's tombstones, in the order they were deleted (their change numbers). */
  async deletedPhoneCardsPage(
    userId: string,
    cursor: string | null,
    limit: number,
  ): Promise<AccountExportPage<ExportedDeletedPhoneCard>> {
    const afterRevision = cursor && /^\d+$/.test(cursor) ? cursor : '0';
    const rows = await this.database.prepared(sql<{ href: string; revision: string; deletedAt: Date }>`
      SELECT href, revision::text AS revision, deleted_at AS "deletedAt" FROM dav_tombstones
      WHERE user_id = ${userId}::uuid AND revision > ${afterRevision}::bigint
      ORDER BY revision LIMIT ${limit + 1}`);
    const last = rows[limit - 1];
    return {
      items: rows.slice(0, limit).map((row) => ({ resourceName: row.href, deletedAt: row.deletedAt.toISOString() })),
      nextCursor: rows.length > limit && last ? last.revision : null,
    };
  }

  /** Whether the calendar feed is on, and since when; never its token (only a hash is kept anyway). */
  async calendarFeed(userId: string): Promise<AccountExportPage<ExportedCalendarFeed>> {
    const [row] = await this.database.prepared(
      sql<{ createdAt: Date }>`SELECT created_at AS "createdAt" FROM calendar_feeds WHERE user_id = ${userId}::uuid`,
    );
    return { items: [{ active: Boolean(row), createdAt: row?.createdAt.toISOString() ?? null }], nextCursor: null };
  }

  /** The address book's change counter (what its sync tokens count). */
  async phoneSync(userId: string): Promise<AccountExportPage<ExportedPhoneSync>> {
    const [row] = await this.database.prepared(
      sql<{ revision: string }>`SELECT revision::text AS revision FROM dav_sync_state WHERE user_id = ${userId}::uuid`,
    );
    return { items: [{ addressBookRevision: row?.revision ?? null }], nextCursor: null };
  }

  /**
   * Deletes every row of the user in one transaction: every table with a user_id column, found in
   * the catalogue so a table added later cannot be forgotten (rows keyed only by a contact go with
   * their contact through ON DELETE CASCADE). Tables that triggers write on every change of
   * contacts or lists (their totals and data version; dav_ tables sort after contacts anyway)
   * go last, or deleting the rest would write the user's row again. Idempotent.
   */
  async eraseUser(userId: string): Promise<void> {
    await this.database.transaction(async (trx) => {
      const { rows } = await sql<{ table_name: string }>`
        SELECT c.table_name FROM information_schema.columns c
        JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
        WHERE c.table_schema = current_schema() AND c.column_name = 'user_id' AND t.table_type = 'BASE TABLE'
        ORDER BY c.table_name IN ('contact_totals', 'contact_data_versions'), c.table_name`.execute(trx);
      for (const { table_name: table } of rows) {
        await sql`DELETE FROM ${sql.table(table)} WHERE user_id = ${userId}::uuid`.execute(trx);
      }
    });
  }
}

function omitContactIds({ contactIds: _contactIds, ...list }: ContactList): ExportedList {
  return list;
}
