import { Inject, Injectable } from '@nestjs/common';
import type { OverdueDigestResponse, OverdueForUserResponse, UpcomingForUserResponse } from '@kith/contracts';
import type { z } from 'zod';
import type { ContactRecord } from '../contacts/contact.record.js';
import { OverdueRepository } from './overdue.repository.js';
import { toOverdueSummary, toUpcoming } from './overdue.mapper.js';
import type { overdueDigestSchema, overdueForUserSchema, upcomingForUserSchema } from './overdue.schemas.js';

@Injectable()
export class OverdueService {
  constructor(@Inject(OverdueRepository) private readonly overdue: OverdueRepository) {}

  async forUser({ userId, limit }: z.output<typeof overdueForUserSchema>): Promise<OverdueForUserResponse> {
    const now = new Date();
    const { records, total } = await this.overdue.overdueForUser(userId.toLowerCase(), now, limit);
    return { items: records.map((record) => toOverdueSummary(record, now)), totalItems: total };
  }

  /**
   * One batch of the users that have overdue contacts, in user-id order. The cursor is the last
   * user id of the previous batch; `nextCursor` is null once no user is left.
   */
  async digest({
    cursor,
    batchSize,
    contactsPerUser,
  }: z.output<typeof overdueDigestSchema>): Promise<OverdueDigestResponse> {
    const now = new Date();
    const found = await this.overdue.usersWithOverdue(now, cursor?.toLowerCase() ?? null, batchSize + 1);
    const batch = found.slice(0, batchSize);
    const records = batch.length
      ? await this.overdue.mostOverdueOf(
          batch.map((user) => user.userId),
          now,
          contactsPerUser,
        )
      : [];
    const contactsByUser = new Map<string, ContactRecord[]>();
    for (const record of records)
      contactsByUser.set(record.userId, [...(contactsByUser.get(record.userId) ?? []), record]);
    const users = batch.map((user) => ({
      userId: user.userId,
      totalOverdue: user.totalOverdue,
      contacts: (contactsByUser.get(user.userId) ?? []).map((record) => toOverdueSummary(record, now)),
    }));
    return { users, nextCursor: found.length > batchSize ? batch[batch.length - 1].userId : null };
  }

  async comingDue({
    userId,
    withinDays,
    limit,
  }: z.output<typeof upcomingForUserSchema>): Promise<UpcomingForUserResponse> {
    const now = new Date();
    const { records, total } = await this.overdue.comingDue(userId.toLowerCase(), now, withinDays, limit);
    return { items: records.map((record) => toUpcoming(record, now)), totalItems: total };
  }
}
