import { Inject, Injectable } from '@nestjs/common';
import {
  birthdayMonthDaysWithin,
  MS_PER_DAY,
  type OverdueDigestEntry,
  type OverdueDigestResponse,
  type OverdueForUserResponse,
  type UpcomingBirthday,
  type UpcomingForUserResponse,
  type overdueDigestSchema,
  type overdueForUserSchema,
  type reminderDigestForUserSchema,
  type upcomingForUserSchema,
} from '@kith/contracts';
import type { z } from 'zod';
import type { ContactRecord } from '../contacts/contact.record.js';
import { ContactsService } from '../contacts/contacts.service.js';
import { type DayRange, OverdueRepository, type ScheduledRecord } from './overdue.repository.js';
import { toOverdueSummary, toScheduledSummary, toScheduledUpcoming, toUpcoming } from './overdue.mapper.js';

/** Scheduled reminders listed per user in one daily e-mail. */
const SCHEDULED_PER_EMAIL = 20;

/** The UTC day `now` falls in. */
export function utcDayOf(now: Date): DayRange {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  return { start, end: new Date(start.getTime() + MS_PER_DAY) };
}

@Injectable()
export class OverdueService {
  constructor(
    @Inject(OverdueRepository) private readonly overdue: OverdueRepository,
    @Inject(ContactsService) private readonly contacts: ContactsService,
  ) {}

  async forUser({
    userId,
    limit,
    excludeSnoozed,
  }: z.output<typeof overdueForUserSchema>): Promise<OverdueForUserResponse> {
    const now = new Date();
    const { records, total } = await this.overdue.overdueForUser(userId, now, limit, excludeSnoozed);
    return { items: records.map((record) => toOverdueSummary(record, now)), totalItems: total };
  }

  /**
   * One batch of the users to remind today, in user-id order: those with overdue contacts that
   * are not snoozed, those with a reminder scheduled for today (UTC) and, when asked, those with
   * birthdays coming. The cursor is the last
   * user id of the previous batch; `nextCursor` is null once no user is left.
   */
  async digest({
    cursor,
    batchSize,
    contactsPerUser,
    birthdaysWithinDays,
    userId,
  }: z.output<typeof overdueDigestSchema>): Promise<OverdueDigestResponse> {
    const now = new Date();
    const today = utcDayOf(now);
    const after = cursor ?? null;
    const found =
      birthdaysWithinDays === undefined
        ? await this.overdue.usersWithOverdue(now, after, batchSize + 1, today, userId)
        : await this.overdue.usersWithOverdueOrBirthday(
            now,
            after,
            batchSize + 1,
            today,
            birthdayMonthDaysWithin(birthdaysWithinDays, now),
            userId,
          );
    const batch = found.slice(0, batchSize);
    const userIds = batch.map((user) => user.userId);
    const overdueUserIds = batch.filter((user) => user.totalOverdue > 0).map((user) => user.userId);
    const [records, scheduled, birthdaysByUser] = await Promise.all([
      overdueUserIds.length ? this.overdue.mostOverdueOf(overdueUserIds, now, contactsPerUser) : [],
      userIds.length ? this.overdue.scheduledOf(userIds, today, SCHEDULED_PER_EMAIL) : [],
      birthdaysWithinDays === undefined
        ? new Map<string, UpcomingBirthday[]>()
        : this.contacts.birthdaysOf(userIds, birthdaysWithinDays, now),
    ]);
    const contactsByUser = groupByUser<ContactRecord>(records);
    const scheduledByUser = groupByUser<ScheduledRecord>(scheduled);
    const users = batch.map((user) => ({
      userId: user.userId,
      totalOverdue: user.totalOverdue,
      contacts: (contactsByUser.get(user.userId) ?? []).map((record) => toOverdueSummary(record, now)),
      scheduled: (scheduledByUser.get(user.userId) ?? []).map(toScheduledSummary),
      birthdays: birthdaysByUser.get(user.userId) ?? [],
    }));
    return { users, nextCursor: found.length > batchSize ? batch[batch.length - 1].userId : null };
  }

  /**
   * One user's entry of the digest, now, with what there is to remind or nothing (the test
   * reminder): the same contacts, scheduled reminders and birthdays the daily run would list.
   */
  async digestForUser({
    userId,
    contactsPerUser,
    birthdaysWithinDays,
  }: z.output<typeof reminderDigestForUserSchema>): Promise<OverdueDigestEntry> {
    const now = new Date();
    const [overdue, scheduled, birthdays] = await Promise.all([
      this.overdue.overdueForUser(userId, now, contactsPerUser, true),
      this.overdue.scheduledOf([userId], utcDayOf(now), SCHEDULED_PER_EMAIL),
      this.contacts.birthdaysOf([userId], birthdaysWithinDays, now),
    ]);
    return {
      userId,
      totalOverdue: overdue.total,
      contacts: overdue.records.map((record) => toOverdueSummary(record, now)),
      scheduled: scheduled.map(toScheduledSummary),
      birthdays: birthdays.get(userId) ?? [],
    };
  }

  /**
   * What is coming up within `withinDays`: contacts that become overdue (not overdue yet) and
   * reminders scheduled from today on, soonest first.
   */
  async comingDue({
    userId,
    withinDays,
    limit,
  }: z.output<typeof upcomingForUserSchema>): Promise<UpcomingForUserResponse> {
    const now = new Date();
    const range = { start: utcDayOf(now).start, end: new Date(now.getTime() + withinDays * MS_PER_DAY) };
    const [due, scheduled] = await Promise.all([
      this.overdue.comingDue(userId, now, withinDays, limit),
      this.overdue.scheduledFor(userId, range, limit),
    ]);
    const items = [
      ...due.records.map((record) => toUpcoming(record, now)),
      ...scheduled.records.map((record) => toScheduledUpcoming(record, now)),
    ]
      .sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a._id.localeCompare(b._id))
      .slice(0, limit);
    return { items, totalItems: due.total + scheduled.total };
  }
}

function groupByUser<T extends { userId: string }>(rows: T[]): Map<string, T[]> {
  const byUser = new Map<string, T[]>();
  for (const row of rows) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row]);
  return byUser;
}
