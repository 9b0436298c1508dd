import { Inject, Injectable } from '@nestjs/common';
import { MS_PER_DAY } from '@kith/contracts';
import { sql } from 'kysely';
import { Database } from '../database/database.js';
import type { ContactRecord } from '../contacts/contact.record.js';
import { CONTACT_COLUMNS, CONTACTS_WITH_LIST } from '../contacts/contact-query.sql.js';
import { overdueSql, priorityOrderSql, remindableSql } from '../contacts/overdue-rule.sql.js';

export interface OverdueUser {
  userId: string;
  totalOverdue: number;
}

/** A reminder the user scheduled for a contact. */
export interface ScheduledRecord {
  id: string;
  userId: string;
  firstName: string;
  lastName: string;
  reminderDate: Date;
  reminderNotes: string | null;
}

/** A day [start, end) in UTC. */
export interface DayRange {
  start: Date;
  end: Date;
}

const SCHEDULED_COLUMNS = sql`c.id, c.user_id AS "userId", c.first_name AS "firstName", c.last_name AS "lastName",
  c.reminder_date AS "reminderDate", c.reminder_notes AS "reminderNotes"`;

/** Overdue and coming-due reads for the notifications service, all served by the overdue_at indexes. */
@Injectable()
export class OverdueRepository {
  constructor(@Inject(Database) private readonly database: Database) {}

  /**
   * The user's overdue contacts, most important first (rules/priority.ts); `excludeSnoozed` leaves
   * out those whose snooze runs (e-mails).
   */
  async overdueForUser(
    userId: string,
    now: Date,
    limit: number,
    excludeSnoozed = false,
  ): Promise<{ records: ContactRecord[]; total: number }> {
    const condition = excludeSnoozed ? remindableSql(now) : overdueSql(now);
    const [records, [{ total }]] = await Promise.all([
      this.database.prepared(sql<ContactRecord>`
        SELECT ${CONTACT_COLUMNS} FROM ${CONTACTS_WITH_LIST}
        WHERE c.user_id = ${userId}::uuid AND ${condition} ORDER BY ${priorityOrderSql(now)} LIMIT ${limit}`),
      this.database.prepared(sql<{ total: number }>`
        SELECT count(*)::int AS total FROM contacts c WHERE c.user_id = ${userId}::uuid AND ${condition}`),
    ]);
    return { records, total };
  }

  /**
   * The next `limit` users (by id, after `afterUserId`) that have an overdue, unsnoozed contact
   * or a reminder scheduled on `day`, with how many overdue contacts they have. Walks the
   * (overdue_at, user_id) and (reminder_date, user_id) indexes; only ids and counts are held.
   */
  // `onlyUserId`: the digest of one user (a user's own 'Trigger Daily Reminders').
  usersWithOverdue(
    now: Date,
    afterUserId: string | null,
    limit: number,
    day: DayRange,
    onlyUserId?: string,
  ): Promise<OverdueUser[]> {
    return this.database.prepared(sql<OverdueUser>`
      SELECT c.user_id::text AS "userId", (count(*) FILTER (WHERE ${remindableSql(now)}))::int AS "totalOverdue"
      FROM contacts c
      WHERE c.user_id > coalesce(${afterUserId}::uuid, '00000000-0000-0000-0000-000000000000'::uuid)
        ${onlyUser(onlyUserId)}
        AND ((${remindableSql(now)}) OR (c.reminder_date >= ${day.start} AND c.reminder_date < ${day.end}))
      GROUP BY c.user_id ORDER BY c.user_id LIMIT ${limit}`);
  }

  /**
   * Like usersWithOverdue, but also the users with a birthday on one of `birthdayMonthDays`
   * (overdue count 0 when they have nothing overdue): the daily e-mail goes to all of them.
   */
  usersWithOverdueOrBirthday(
    now: Date,
    afterUserId: string | null,
    limit: number,
    day: DayRange,
    birthdayMonthDays: number[],
    onlyUserId?: string,
  ): Promise<OverdueUser[]> {
    const after = sql`coalesce(${afterUserId}::uuid, '00000000-0000-0000-0000-000000000000'::uuid) ${onlyUser(onlyUserId)}`;
    return this.database.prepared(sql<OverdueUser>`
      SELECT u.user_id::text AS "userId",
             (SELECT count(*)::int FROM contacts c WHERE c.user_id = u.user_id AND ${remindableSql(now)}) AS "totalOverdue"
      FROM (
        SELECT c.user_id FROM contacts c WHERE ${remindableSql(now)} AND c.user_id > ${after}
        UNION
        SELECT c.user_id FROM contacts c WHERE c.reminder_date >= ${day.start} AND c.reminder_date < ${day.end} AND c.user_id > ${after}
        UNION
        SELECT c.user_id FROM contacts c WHERE c.birthday_month_day = ANY(${birthdayMonthDays}::smallint[]) AND c.user_id > ${after}
      ) AS u
      ORDER BY u.user_id LIMIT ${limit}`);
  }

  /**
   * Up to `perUser` overdue, unsnoozed contacts of each user, most important first: the overdue
   * rows of each user are read from the index and ranked (the ratio depends on now).
   */
  mostOverdueOf(userIds: string[], now: Date, perUser: number): Promise<ContactRecord[]> {
    return this.database.prepared(sql<ContactRecord>`
      SELECT picked.* FROM unnest(${userIds}::uuid[]) AS u(user_id)
      CROSS JOIN LATERAL (
        SELECT ${CONTACT_COLUMNS} FROM ${CONTACTS_WITH_LIST}
        WHERE c.user_id = u.user_id AND ${remindableSql(now)}
        ORDER BY ${priorityOrderSql(now)} LIMIT ${perUser}
      ) AS picked`);
  }

  /** Up to `perUser` reminders each user scheduled within `range`, earliest first. */
  scheduledOf(userIds: string[], range: DayRange, perUser: number): Promise<ScheduledRecord[]> {
    return this.database.prepared(sql<ScheduledRecord>`
      SELECT picked.* FROM unnest(${userIds}::uuid[]) AS u(user_id)
      CROSS JOIN LATERAL (
        SELECT ${SCHEDULED_COLUMNS} FROM contacts c
        WHERE c.user_id = u.user_id AND c.reminder_date >= ${range.start} AND c.reminder_date < ${range.end}
        ORDER BY c.reminder_date, c.id LIMIT ${perUser}
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
      this.database.prepared(sql<ContactRecord>`
        SELECT ${CONTACT_COLUMNS} FROM ${CONTACTS_WITH_LIST}
        WHERE c.user_id = ${userId}::uuid AND c.overdue_at > ${now} AND c.overdue_at <= ${until}
        ORDER BY c.overdue_at, c.id LIMIT ${limit}`),
      this.database.prepared(sql<{ total: number }>`
        SELECT count(*)::int AS total FROM contacts
        WHERE user_id = ${userId}::uuid AND overdue_at > ${now} AND overdue_at <= ${until}`),
    ]);
    return { records, total };
  }
  /** Reminders the user scheduled within `range`, earliest first, and how many there are. */
  async scheduledFor(
    userId: string,
    range: DayRange,
    limit: number,
  ): Promise<{ records: ContactRecord[]; total: number }> {
    const [records, [{ total }]] = await Promise.all([
      this.database.prepared(sql<ContactRecord>`
        SELECT ${CONTACT_COLUMNS} FROM ${CONTACTS_WITH_LIST}
        WHERE c.user_id = ${userId}::uuid AND c.reminder_date >= ${range.start} AND c.reminder_date < ${range.end}
        ORDER BY c.reminder_date, c.id LIMIT ${limit}`),
      this.database.prepared(sql<{ total: number }>`
        SELECT count(*)::int AS total FROM contacts
        WHERE user_id = ${userId}::uuid AND reminder_date >= ${range.start} AND reminder_date < ${range.end}`),
    ]);
    return { records, total };
  }
}

/** Narrows a digest query to one user's rows (its user index serves it). */
const onlyUser = (userId: string | undefined) => (userId ? sql`AND c.user_id = ${userId}::uuid` : sql``);
