import { jest } from '@jest/globals';
import type { ContactRecord } from '../contacts/contact.record.js';
import type { ContactsService } from '../contacts/contacts.service.js';
import type { OverdueRepository, OverdueUser } from './overdue.repository.js';
import { OverdueService } from './overdue.service.js';
import { toUpcoming } from './overdue.mapper.js';

const userIds = [
  '00000000-0000-4000-8000-000000000001',
  '00000000-0000-4000-8000-000000000002',
  '00000000-0000-4000-8000-000000000003',
];

const contactOf = (userId: string, id: string): ContactRecord => ({
  id,
  userId,
  firstName: id,
  lastName: 'Person',
  email: null,
  phoneNumber: null,
  notes: null,
  listId: null,
  customReminderDays: null,
  keepInTouch: true,
  lastContactDate: null,
  overdueAt: new Date(0),
  reminderDate: null,
  reminderNotes: null,
  snoozedUntil: null,
  birthday: null,
  company: null,
  jobTitle: null,
  phones: [],
  emails: [],
  address: null,
  website: null,
  city: null,
  region: null,
  postalCode: null,
  country: null,
  namePrefix: null,
  createdAt: new Date(0),
  updatedAt: new Date(0),
  listName: null,
  listColor: null,
  listDescription: null,
  listReminderDays: null,
  listKeepInTouch: null,
});

/** A repository over three users with 3, 1 and 2 overdue contacts. */
function setup() {
  const overdue: Record<string, number> = { [userIds[0]]: 3, [userIds[1]]: 1, [userIds[2]]: 2 };
  const repository = {
    usersWithOverdue: jest.fn(async (_now: Date, after: string | null, limit: number): Promise<OverdueUser[]> =>
      userIds
        .filter((id) => !after || id > after)
        .slice(0, limit)
        .map((userId) => ({ userId, totalOverdue: overdue[userId] })),
    ),
    scheduledOf: jest.fn(async () => []),
    mostOverdueOf: jest.fn(async (ids: string[], _now: Date, perUser: number) =>
      ids.flatMap((userId) =>
        Array.from({ length: Math.min(perUser, overdue[userId]) }, (_, n) => contactOf(userId, `${userId}-${n}`)),
      ),
    ),
  };
  const contacts = { birthdaysOf: async () => new Map() };
  return {
    sut: new OverdueService(repository as unknown as OverdueRepository, contacts as unknown as ContactsService),
    repository,
  };
}

describe('OverdueService.digest', () => {
  it('returns a batch with a cursor while users remain, and null after the last', async () => {
    const { sut } = setup();
    const first = await sut.digest({ cursor: null, batchSize: 2, contactsPerUser: 2 });
    expect(first.users.map((user) => [user.userId, user.totalOverdue, user.contacts.length])).toEqual([
      [userIds[0], 3, 2],
      [userIds[1], 1, 1],
    ]);
    expect(first.nextCursor).toBe(userIds[1]);

    const second = await sut.digest({ cursor: first.nextCursor, batchSize: 2, contactsPerUser: 2 });
    expect(second.users.map((user) => user.userId)).toEqual([userIds[2]]);
    expect(second.nextCursor).toBeNull();
  });

  it('asks for one user more than the batch to know whether another batch exists', async () => {
    const { sut, repository } = setup();
    const all = await sut.digest({ cursor: null, batchSize: 3, contactsPerUser: 1 });
    expect(repository.usersWithOverdue).toHaveBeenCalledWith(
      expect.any(Date),
      null,
      4,
      expect.objectContaining({ start: expect.any(Date) }),
      undefined, // every user: the operator's run, not one user's own
    );
    expect(all.nextCursor).toBeNull();
    expect(all.users.every((user) => user.contacts.every((contact) => contact._id.startsWith(user.userId)))).toBe(true);
  });

  it('does not query contacts when no user is overdue', async () => {
    const { sut, repository } = setup();
    const none = await sut.digest({ cursor: userIds[2], batchSize: 5, contactsPerUser: 3 });
    expect(none).toEqual({ users: [], nextCursor: null });
    expect(repository.mostOverdueOf).not.toHaveBeenCalled();
  });
});

describe('toUpcoming', () => {
  it('rounds the days until due up', () => {
    const now = new Date('2026-01-10T12:00:00Z');
    const dueIn = (ms: number) =>
      toUpcoming({ ...contactOf(userIds[0], 'c'), overdueAt: new Date(now.getTime() + ms) }, now).daysUntilDue;
    expect(dueIn(60_000)).toBe(1);
    expect(dueIn(86_400_000)).toBe(1);
    expect(dueIn(86_400_000 + 1)).toBe(2);
  });
});
