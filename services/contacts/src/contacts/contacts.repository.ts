import { Inject, Injectable } from '@nestjs/common';
import type { ContactSortBy, SortOrder } from '@kith/contracts';
import { Prisma } from '../generated/prisma/client.js';
import { Database } from '../database/database.js';
import { PrismaService } from '../database/prisma.service.js';
import type { PageRequest } from '../common/paging.js';
import type { ContactRecord } from './contact.record.js';
import {
  CONTACT_COLUMNS,
  CONTACTS_WITH_LIST,
  type ContactFilter,
  contactOrderBy,
  contactTotal,
  contactWhere,
  MOST_OVERDUE_FIRST,
} from './contact-query.sql.js';

/** A Prisma client or the client of an open transaction. */
export type Db = Prisma.TransactionClient | PrismaService;

/** What decides a contact's due date, read under a row lock before it changes. */
export interface OverdueInputs {
  listId: string | null;
  customReminderDays: number | null;
  lastContactDate: Date | null;
}

export interface ContactWrite {
  firstName?: string;
  lastName?: string;
  email?: string | null;
  phoneNumber?: string | null;
  notes?: string | null;
  listId?: string | null;
  customReminderDays?: number | null;
  lastContactDate?: Date | null;
  overdueAt?: Date;
  reminderDate?: Date | null;
  reminderNotes?: string | null;
}

/** The only code that reads and writes the contacts table. Reads are raw SQL shaped for the indexes. */
@Injectable()
export class ContactsRepository {
  constructor(
    @Inject(PrismaService) private readonly prisma: PrismaService,
    @Inject(Database) private readonly database: Database,
  ) {}

  /**
   * One page and the total in a single round trip (the total is an uncorrelated sub-select).
   * The page's ids are chosen on narrow rows first and only those rows are read, by primary key,
   * and joined to their list, which keeps a broad search from sorting every match in full.
   *
   * Plans: LIMIT and OFFSET are written into the statement (validated integers); as parameters
   * they left PostgreSQL unable to cost a generic plan, so it re-planned every call, which took
   * longer than running the query. First pages, most of the traffic, are statements prepared once
   * per page size; deeper pages are planned per call, so paging leaves no prepared statement
   * behind per offset. A search is planned per call for its own term: a generic plan cannot know
   * whether '%ann%' matches twenty rows or thousands.
   */
  async findPage(
    filter: ContactFilter,
    sort: { sortBy: ContactSortBy; sortOrder: SortOrder } | 'mostOverdue',
    page: PageRequest,
  ): Promise<{ records: ContactRecord[]; total: number }> {
    const where = contactWhere(filter);
    const orderBy = sort === 'mostOverdue' ? MOST_OVERDUE_FIRST : contactOrderBy(sort.sortBy, sort.sortOrder);
    const total = contactTotal(filter);
    const window = Prisma.raw(`LIMIT ${Math.trunc(page.limit)} OFFSET ${Math.trunc(page.offset)}`);
    const pageIds = Prisma.sql`SELECT c.id FROM contacts c WHERE ${where} ORDER BY ${orderBy} ${window}`;
    const statement = Prisma.sql`
      SELECT ${CONTACT_COLUMNS}, ${total} AS "totalCount"
      FROM ${CONTACTS_WITH_LIST}
      WHERE c.id = ANY(ARRAY(${pageIds}))
      ORDER BY ${orderBy}`;
    const records =
      filter.search || page.offset > 0
        ? await this.database.queryWithFreshPlan<ContactRecord & { totalCount: number }>(statement)
        : await this.database.query<ContactRecord & { totalCount: number }>(statement);
    if (records.length) return { records, total: records[0].totalCount };
    if (page.offset === 0) return { records, total: 0 };
    const [{ count }] = await this.database.query<{ count: number }>(Prisma.sql`SELECT ${total} AS count`);
    return { records, total: count };
  }

  async findById(userId: string, id: string): Promise<ContactRecord | null> {
    const [record] = await this.database.query<ContactRecord>(Prisma.sql`
      SELECT ${CONTACT_COLUMNS} FROM ${CONTACTS_WITH_LIST} WHERE c.id = ${id}::uuid AND c.user_id = ${userId}::uuid`);
    return record ?? null;
  }

  /** Locks the caller's contact for the rest of the transaction; null when it is not theirs. */
  async lockOverdueInputs(db: Prisma.TransactionClient, userId: string, id: string): Promise<OverdueInputs | null> {
    const [row] = await db.$queryRaw<OverdueInputs[]>`
      SELECT list_id AS "listId", custom_reminder_days AS "customReminderDays", last_contact_date AS "lastContactDate"
      FROM contacts WHERE id = ${id}::uuid AND user_id = ${userId}::uuid FOR UPDATE`;
    return row ?? null;
  }

  /** The reminder interval of the caller's list, or null when the list is not theirs. */
  async listReminderDays(userId: string, listId: string, db: Db = this.prisma): Promise<number | null> {
    const [row] = await db.$queryRaw<{ reminderDays: number }[]>`
      SELECT reminder_days AS "reminderDays" FROM contact_lists WHERE id = ${listId}::uuid AND user_id = ${userId}::uuid`;
    return row?.reminderDays ?? null;
  }

  async create(
    userId: string,
    data: ContactWrite & { firstName: string; lastName: string; overdueAt: Date },
    db: Db = this.prisma,
  ): Promise<string> {
    const created = await db.contact.create({ data: { ...data, userId }, select: { id: true } });
    return created.id;
  }

  async update(userId: string, id: string, data: ContactWrite, db: Db = this.prisma): Promise<boolean> {
    const { count } = await db.contact.updateMany({ where: { id, userId }, data: { ...data, updatedAt: new Date() } });
    return count === 1;
  }

  async delete(userId: string, id: string): Promise<boolean> {
    const { count } = await this.prisma.contact.deleteMany({ where: { id, userId } });
    return count === 1;
  }

  transaction<T>(work: (db: Prisma.TransactionClient) => Promise<T>): Promise<T> {
    return this.prisma.$transaction(work);
  }
}
