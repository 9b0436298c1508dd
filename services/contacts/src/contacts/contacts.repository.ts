import { Inject, Injectable } from '@nestjs/common';
import type { ContactSortBy, LabeledValue, SortOrder } from '@kith/contracts';
import { type Insertable, type RawBuilder, sql, type Updateable } from 'kysely';
import { Database, type Db, type Trx } from '../database/database.js';
import type { Contacts } from '../database/tables.generated.js';
import type { PageRequest } from '../common/paging.js';
import type { ContactRecord } from './contact.record.js';
import {
  CONTACT_COLUMNS,
  CONTACTS_WITH_LIST,
  type ContactFilter,
  contactOrderBy,
  contactTotal,
  contactWhere,
  countColumns,
  countKey,
  dataVersion,
  MOST_OVERDUE_FIRST,
  narrows,
  nextDueAfter,
  pageIds,
} from './contact-query.sql.js';
import { type CountAt, ContactCountCache, holds } from './count-cache.js';
import { overdueSql } from './overdue-rule.sql.js';

/** A count and what it depends on, as countColumns selects them. */
interface CountRow {
  totalCount: number;
  dataVersion?: string;
  nextDue?: Date | null;
}
type PageRow = ContactRecord & Partial<CountRow>;

export interface ContactSectionRecord {
  listId: string | null;
  name: string | null;
  color: string | null;
  totalItems: number;
  overdueCount: number;
}

/** What decides a contact's due date, read under a row lock before it changes. */
export interface OverdueInputs {
  listId: string | null;
  customReminderDays: number | null;
  keepInTouch: boolean;
  lastContactDate: Date | null;
}

/** What a list contributes to its members' timers. */
export interface ListReminder {
  reminderDays: number;
  keepInTouch: boolean;
}

/** OverdueInputs plus what the last contact is derived from (contracts' lastContactOf). */
export interface TimerInputs extends OverdueInputs {
  statusContactDate: Date | null;
  newestInteraction: Date | null;
}

export interface ContactWrite {
  firstName?: string;
  lastName?: string;
  email?: string | null;
  phoneNumber?: string | null;
  notes?: string | null;
  listId?: string | null;
  customReminderDays?: number | null;
  keepInTouch?: boolean;
  lastContactDate?: Date | null;
  statusContactDate?: Date | null;
  overdueAt?: Date | null;
  reminderDate?: Date | null;
  reminderNotes?: string | null;
  snoozedUntil?: Date | null;
  birthday?: string | null;
  company?: string | null;
  jobTitle?: string | null;
  phones?: LabeledValue[];
  emails?: LabeledValue[];
  address?: string | null;
  website?: string | null;
  city?: string | null;
  region?: string | null;
  postalCode?: string | null;
  country?: string | null;
  namePrefix?: string | null;
  /** CardDAV identity and the card a client wrote (see carddav/); absent for other writes. */
  davUid?: string;
  davHref?: string;
  davCard?: string | null;
}

/** The columns a write sets (fields left undefined are left alone); the labelled values are JSON. */
export function contactColumns(write: ContactWrite) {
  return {
    first_name: write.firstName,
    last_name: write.lastName,
    email: write.email,
    phone_number: write.phoneNumber,
    notes: write.notes,
    list_id: write.listId,
    custom_reminder_days: write.customReminderDays,
    keep_in_touch: write.keepInTouch,
    last_contact_date: write.lastContactDate,
    status_contact_date: write.statusContactDate,
    overdue_at: write.overdueAt,
    reminder_date: write.reminderDate,
    reminder_notes: write.reminderNotes,
    snoozed_until: write.snoozedUntil,
    birthday: write.birthday,
    company: write.company,
    job_title: write.jobTitle,
    phones: write.phones && JSON.stringify(write.phones),
    emails: write.emails && JSON.stringify(write.emails),
    address: write.address,
    website: write.website,
    address_city: write.city,
    address_region: write.region,
    address_postal_code: write.postalCode,
    address_country: write.country,
    name_prefix: write.namePrefix,
    dav_uid: write.davUid,
    dav_href: write.davHref,
    dav_card: write.davCard,
  } satisfies Updateable<Contacts>;
}

/** The row of a new contact of the user. */
export function newContactRow(userId: string, contact: ContactWrite & { firstName: string; lastName: string }) {
  return {
    ...contactColumns(contact),
    user_id: userId,
    first_name: contact.firstName,
    last_name: contact.lastName,
  } satisfies Insertable<Contacts>;
}

/** A contact with a birthday, as the birthday panel and e-mail read it. */
export interface BirthdayRecord {
  id: string;
  userId: string;
  firstName: string;
  lastName: string;
  birthday: string;
}

/** Per user: more birthdays than any window shows, a bound so no read is the whole address book. */
const BIRTHDAYS_READ_LIMIT = 500;

/**
 * Reads and writes single contacts (the API's create, update, delete and timers). Bulk writes of
 * the same table live where the bulk work is: the import's batched INSERT (import.repository.ts),
 * a list's interval change recomputing its contacts' due dates (lists.repository.ts), the demo
 * seeder (demo-data.seeder.ts) and account erasure, which deletes every row of a user in every
 * table (account/account-data.repository.ts). Reads are raw SQL shaped for the indexes.
 */
@Injectable()
export class ContactsRepository {
  constructor(
    @Inject(Database) private readonly database: Database,
    @Inject(ContactCountCache) private readonly counts: ContactCountCache,
  ) {}

  /**
   * One page and its total, in a single round trip when it can be.
   * The page's ids are chosen on narrow rows first and only those rows are read, by primary key,
   * and joined to their list, which keeps a broad search from sorting every match in full.
   *
   * Totals: an unfiltered page reads the kept per-user total. A narrowed one (search, list,
   * overdue) is counted once with the user's data version and then kept (ContactCountCache):
   * while the page, read with the version, shows the same version, the kept total is its total;
   * otherwise it is counted again. Counting is most of a broad search's database time. A search
   * not counted yet is counted first, in its own statement: how its page is found depends on how
   * many it matches (see pageIds).
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
    const orderBy =
      sort === 'mostOverdue' ? MOST_OVERDUE_FIRST : contactOrderBy(sort.sortBy, sort.sortOrder, filter.now);
    const window = sql.raw(`LIMIT ${Math.trunc(page.limit)} OFFSET ${Math.trunc(page.offset)}`);
    const key = narrows(filter) ? countKey('total', filter) : undefined;
    const kept = key ? this.counts.kept<number>(key) : undefined;
    const counted = key && !kept && filter.search ? await this.count(filter, key) : undefined;
    const known = kept ?? counted;
    const extra = !key
      ? sql`${contactTotal(filter)} AS "totalCount"`
      : known
        ? sql`${dataVersion(filter.userId)} AS "dataVersion"`
        : countColumns(filter);
    const statement = sql<PageRow>`
      SELECT ${CONTACT_COLUMNS}, ${extra}
      FROM ${CONTACTS_WITH_LIST}
      WHERE c.id = ANY(ARRAY(${pageIds(filter, orderBy, window, known?.value, sort !== 'mostOverdue' && sort.sortBy === 'priority')}))
      ORDER BY ${orderBy}`;
    const records = await this.read(statement, Boolean(filter.search) || page.offset > 0);
    const [first] = records;
    if (!first)
      return { records, total: page.offset === 0 ? 0 : (counted?.value ?? (await this.countTotal(filter, key))) };
    if (!known) {
      if (key) this.keep(key, first as Required<PageRow>);
      return { records, total: first.totalCount! };
    }
    // A count made just now holds for this page unless a write came in between.
    if (counted && holds(counted, first.dataVersion!, filter.now)) return { records, total: counted.value };
    const total =
      (kept && this.counts.valid(kept, first.dataVersion!, filter.now)) ?? (await this.countTotal(filter, key));
    return { records, total };
  }

  /** The filter's total on its own (and kept under `key`). */
  private async countTotal(filter: ContactFilter, key: string | undefined): Promise<number> {
    return (await this.count(filter, key)).value;
  }

  /** The filter's total with the data version it was read at (and kept under `key`). */
  private async count(filter: ContactFilter, key: string | undefined): Promise<CountAt<number>> {
    const [row] = await this.read(sql<Required<CountRow>>`SELECT ${countColumns(filter)}`, Boolean(filter.search));
    if (key) this.keep(key, row);
    return { value: row.totalCount, version: row.dataVersion, nextDue: row.nextDue };
  }

  private keep(key: string, row: Required<CountRow>): void {
    this.counts.keep(key, { value: row.totalCount, version: row.dataVersion, nextDue: row.nextDue });
  }

  /**
   * The filter's contacts counted per list (the grouped screen's sections), with the list's name
   * and colour, sorted by list name and 'No List' (list null) last. Counting runs on the
   * (user_id, list_id, overdue_at) index of 0005_contacts_screen.sql unless a search narrows it;
   * the result is kept like a page's total (see findPage) and is good until the next contact
   * falls due, as it counts the overdue.
   */
  async countByList(filter: ContactFilter): Promise<ContactSectionRecord[]> {
    const key = countKey('sections', filter);
    const kept = this.counts.kept<ContactSectionRecord[]>(key);
    if (kept) {
      const [{ version }] = await this.database.prepared(
        sql<{ version: string }>`SELECT ${dataVersion(filter.userId)} AS version`,
      );
      const sections = this.counts.valid(kept, version, filter.now);
      if (sections) return sections;
    }
    type SectionsRow = { version: string; nextDue: Date | null; sections: ContactSectionRecord[] };
    const statement = sql<SectionsRow>`
      SELECT ${dataVersion(filter.userId)} AS version, ${nextDueAfter(filter.userId, filter.now)} AS "nextDue",
        coalesce((
          SELECT json_agg(json_build_object('listId', s.list_id, 'name', l.name, 'color', l.color,
                                            'totalItems', s.total, 'overdueCount', s.overdue)
                          ORDER BY s.list_id IS NULL, lower(l.name), l.id)
          FROM (
            SELECT c.list_id, count(*)::int AS total, count(*) FILTER (WHERE ${overdueSql(filter.now)})::int AS overdue
            FROM contacts c WHERE ${contactWhere(filter)}
            GROUP BY c.list_id
          ) s LEFT JOIN contact_lists l ON l.id = s.list_id
        ), '[]'::json) AS sections`;
    const [row] = await this.read(statement, Boolean(filter.search));
    this.counts.keep(key, { value: row.sections, version: row.version, nextDue: row.nextDue });
    return row.sections;
  }

  /** A prepared statement, or one planned for its very values (see findPage). */
  private read<Row>(statement: RawBuilder<Row>, freshPlan: boolean): Promise<Row[]> {
    return freshPlan ? this.database.run(statement) : this.database.prepared(statement);
  }

  async findById(userId: string, id: string): Promise<ContactRecord | null> {
    const [record] = await this.database.prepared(sql<ContactRecord>`
      SELECT ${CONTACT_COLUMNS} FROM ${CONTACTS_WITH_LIST} WHERE c.id = ${id}::uuid AND c.user_id = ${userId}::uuid`);
    return record ?? null;
  }

  /** The users' contacts whose birthday falls on one of the month-day keys; one index range per user (see 0003). */
  findBirthdays(userIds: string[], monthDays: number[]): Promise<BirthdayRecord[]> {
    return this.database.prepared(sql<BirthdayRecord>`
      SELECT picked.* FROM unnest(${userIds}::uuid[]) AS u(user_id)
      CROSS JOIN LATERAL (
        SELECT id, user_id::text AS "userId", first_name AS "firstName", last_name AS "lastName", birthday
        FROM contacts c WHERE c.user_id = u.user_id AND c.birthday_month_day = ANY(${monthDays}::smallint[])
        ORDER BY c.birthday_month_day, c.id LIMIT ${BIRTHDAYS_READ_LIMIT}
      ) AS picked`);
  }

  /**
   * Locks the caller's contact for the rest of the transaction; null when it is not theirs. Every
   * write of its interactions takes this lock first, so the newest interaction read here stays true.
   */
  async lockTimerInputs(trx: Trx, userId: string, id: string): Promise<TimerInputs | null> {
    const [row] = await this.database.run(
      sql<TimerInputs>`
      SELECT list_id AS "listId", custom_reminder_days AS "customReminderDays", keep_in_touch AS "keepInTouch", last_contact_date AS "lastContactDate",
             status_contact_date AS "statusContactDate",
             (SELECT max(m.timestamp) FROM communications m WHERE m.contact_id = c.id) AS "newestInteraction"
      FROM contacts c WHERE id = ${id}::uuid AND user_id = ${userId}::uuid FOR UPDATE`,
      trx,
    );
    return row ?? null;
  }

  /** The reminder interval of the caller's list, or null when the list is not theirs; a list's page asks it on every scroll. */
  /** The interval and keep-in-touch switch of the user's list; null when the list is not theirs. */
  async listReminder(userId: string, listId: string, db?: Db): Promise<ListReminder | null> {
    const [row] = await this.database.prepared(
      sql<ListReminder>`
        SELECT reminder_days AS "reminderDays", keep_in_touch AS "keepInTouch"
        FROM contact_lists WHERE id = ${listId}::uuid AND user_id = ${userId}::uuid`,
      db,
    );
    return row ?? null;
  }

  async create(
    userId: string,
    data: ContactWrite & { firstName: string; lastName: string; overdueAt: Date | null },
    db: Db = this.database.db,
  ): Promise<string> {
    const created = await db
      .insertInto('contacts')
      .values(newContactRow(userId, data))
      .returning('id')
      .executeTakeFirstOrThrow();
    return created.id;
  }

  async update(userId: string, id: string, data: ContactWrite, db: Db = this.database.db): Promise<boolean> {
    const { numUpdatedRows } = await db
      .updateTable('contacts')
      .set({ ...contactColumns(data), updated_at: new Date() })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return numUpdatedRows === 1n;
  }

  async delete(userId: string, id: string, db: Db = this.database.db): Promise<boolean> {
    const { numDeletedRows } = await db
      .deleteFrom('contacts')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return numDeletedRows === 1n;
  }

  transaction<T>(work: (trx: Trx) => Promise<T>): Promise<T> {
    return this.database.transaction(work);
  }
}
