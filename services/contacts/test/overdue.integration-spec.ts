import {
  effectiveReminderDays,
  NatsSubject,
  type OverdueDigestResponse,
  type OverdueForUserResponse,
  overdueAt,
  type UpcomingForUserResponse,
} from '@kith/contracts';
import { NatsClient } from '@kith/nest-kit';
import { ClientProxyFactory, Transport } from '@nestjs/microservices';
import pg from 'pg';
import { startTestStack, type TestStack } from '@kith/stack/testing';
import { type Api, apiFor, createContact, createList, daysAgo, DAY_MS } from './support/api.js';

let stack: TestStack;
let api: Api;
let db: pg.Client;
let nats: NatsClient;

beforeAll(async () => {
  stack = await startTestStack({ services: ['auth', 'contacts', 'gateway'] });
  api = apiFor(stack, await stack.registerUser());
  db = new pg.Client({ connectionString: stack.databaseUrls.contacts });
  await db.connect();
  nats = new NatsClient(
    // As notifications: the only caller of these subjects.
    ClientProxyFactory.create({ transport: Transport.NATS, options: stack.natsConnectOptions('notifications') }),
    5000,
  );
}, 120_000);
afterAll(async () => {
  await nats?.onApplicationShutdown();
  await db?.end();
  await stack?.stop();
});

describe('the overdue rule at its edges', () => {
  it('is not overdue at exactly the interval, overdue one whole day later (list interval)', async () => {
    const list = await createList(api, { name: 'Edges', reminderDays: 30 });
    const exactly = await createContact(api, { listId: list._id, lastContactDate: daysAgo(30) });
    const almost = await createContact(api, { listId: list._id, lastContactDate: daysAgo(31, -60_000) });
    const oneMore = await createContact(api, { listId: list._id, lastContactDate: daysAgo(31) });
    expect(exactly).toMatchObject({ daysSinceLastContact: 30, isOverdue: false, daysOverdue: 0 });
    expect(almost).toMatchObject({ daysSinceLastContact: 30, isOverdue: false });
    expect(oneMore).toMatchObject({ daysSinceLastContact: 31, isOverdue: true, daysOverdue: 1 });
  });

  it('applies custom days over the list, the list over 90, and 90 without either', async () => {
    const list = await createList(api, { name: 'Precedence', reminderDays: 30 });
    const custom = await createContact(api, { listId: list._id, customReminderDays: 7, lastContactDate: daysAgo(8) });
    const viaList = await createContact(api, { listId: list._id, lastContactDate: daysAgo(8) });
    const atDefault = await createContact(api, { lastContactDate: daysAgo(90) });
    const pastDefault = await createContact(api, { lastContactDate: daysAgo(91) });
    expect(custom).toMatchObject({ reminderDays: 7, isOverdue: true, daysOverdue: 1 });
    expect(viaList).toMatchObject({ reminderDays: 30, isOverdue: false });
    expect(atDefault).toMatchObject({ reminderDays: 90, isOverdue: false });
    expect(pastDefault).toMatchObject({ reminderDays: 90, isOverdue: true });
  });

  it('counts a never-contacted contact as overdue, until it is contacted', async () => {
    const contact = await createContact(api);
    expect(contact).toMatchObject({
      isOverdue: true,
      lastContactDate: null,
      daysSinceLastContact: null,
      daysOverdue: null,
    });
    const { body } = await api.patch(`/contacts/${contact._id}/mark-contacted`);
    expect(body.data.contact.isOverdue).toBe(false);
  });

  it('moves the edge with PUT: N days ago is due, N+1 is overdue', async () => {
    const contact = await createContact(api, { customReminderDays: 14 });
    expect((await api.put(`/contacts/${contact._id}`, { lastContactDate: daysAgo(14) })).body.data.isOverdue).toBe(
      false,
    );
    expect((await api.put(`/contacts/${contact._id}`, { lastContactDate: daysAgo(15) })).body.data.isOverdue).toBe(
      true,
    );
    expect((await api.put(`/contacts/${contact._id}`, { customReminderDays: 15 })).body.data.isOverdue).toBe(false);
    expect((await api.put(`/contacts/${contact._id}`, { customReminderDays: null })).body.data).toMatchObject({
      reminderDays: 90,
      isOverdue: false,
    });
  });

  it('keeps the stored due date equal to the contracts rule after every kind of change', async () => {
    const list = await createList(api, { name: 'Stored', reminderDays: 20 });
    const contacts = [
      await createContact(api, { listId: list._id, lastContactDate: daysAgo(5) }),
      await createContact(api, { listId: list._id, customReminderDays: 3, lastContactDate: daysAgo(2) }),
      await createContact(api, { listId: list._id }),
    ];
    await api.put(`/lists/${list._id}`, { reminderDays: 45 });
    await api.post('/communications/log', { contactId: contacts[0]._id, type: 'TEXT', timestamp: daysAgo(1) });
    const { rows } = await db.query(
      `SELECT c.last_contact_date, c.custom_reminder_days, c.overdue_at, l.reminder_days AS list_days
       FROM contacts c LEFT JOIN contact_lists l ON l.id = c.list_id WHERE c.id = ANY($1::uuid[])`,
      [contacts.map((contact) => contact._id)],
    );
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row.overdue_at.toISOString()).toBe(
        overdueAt(row.last_contact_date, effectiveReminderDays(row.custom_reminder_days, row.list_days)).toISOString(),
      );
    }
  });

  it('the SQL mirror contact_overdue_at() equals overdueAt() from contracts', async () => {
    const samples: [Date | null, number][] = [
      [null, 30],
      [new Date('2024-03-30T23:30:00.123Z'), 1],
      [new Date('2025-10-26T01:00:00Z'), 90],
      [new Date(), 365],
    ];
    for (const [lastContact, days] of samples) {
      const { rows } = await db.query('SELECT contact_overdue_at($1::timestamptz, $2::int) AS due', [
        lastContact,
        days,
      ]);
      expect(rows[0].due.toISOString()).toBe(overdueAt(lastContact, days).toISOString());
    }
  });
});

describe('the overdue edges on the paths that decide who is listed and e-mailed', () => {
  const HOUR_MS = 3_600_000;
  /** Exactly N days, N days + 23 h (still due, with an hour to spare) and N + 1 days (overdue) since the last contact. */
  async function edgeContacts(own: Api, reminderDays: number) {
    const list = await createList(own, { name: `Edges ${reminderDays}`, reminderDays });
    const exactly = await createContact(own, {
      firstName: 'Exactly',
      lastName: 'N',
      listId: list._id,
      lastContactDate: daysAgo(reminderDays),
    });
    const almost = await createContact(own, {
      firstName: 'Almost',
      lastName: 'N',
      listId: list._id,
      lastContactDate: daysAgo(reminderDays, 23 * HOUR_MS),
    });
    const oneMore = await createContact(own, {
      firstName: 'OneMore',
      lastName: 'N',
      listId: list._id,
      lastContactDate: daysAgo(reminderDays + 1),
    });
    return { list, exactly, almost, oneMore };
  }
  const ids = (items: { _id: string }[]) => items.map((item) => item._id);

  it("?filter=overdue, /contacts/overdue and the list's overdueCount hold only the N + 1 days contact", async () => {
    const owner = await stack.registerUser();
    const own = apiFor(stack, owner);
    const { list, exactly, almost, oneMore } = await edgeContacts(own, 30);
    // The computed field agrees, so the database paths below are checked against the same rule.
    expect([exactly.isOverdue, almost.isOverdue, oneMore.isOverdue]).toEqual([false, false, true]);

    const filtered = await own.get('/contacts?filter=overdue&limit=100');
    expect(filtered.status).toBe(200);
    expect(ids(filtered.body.data.items)).toEqual([oneMore._id]);
    expect(filtered.body.data.totalItems).toBe(1);
    expect(ids((await own.get(`/contacts?filter=overdue&listId=${list._id}`)).body.data.items)).toEqual([oneMore._id]);

    const overdue = await own.get('/contacts/overdue?limit=100');
    expect(overdue.status).toBe(200);
    expect(
      overdue.body.data.items.map((item: { _id: string; daysOverdue: number }) => [item._id, item.daysOverdue]),
    ).toEqual([[oneMore._id, 1]]);

    expect((await own.get(`/lists/${list._id}`)).body.data).toMatchObject({ contactCount: 3, overdueCount: 1 });
    const listed = (await own.get('/lists')).body.data.find((candidate: { _id: string }) => candidate._id === list._id);
    expect(listed).toMatchObject({ contactCount: 3, overdueCount: 1 });
  });

  it("the reminder digest and a user's overdue list (what the daily e-mail is built from) hold only the N + 1 days contact", async () => {
    const owner = await stack.registerUser();
    const { oneMore } = await edgeContacts(apiFor(stack, owner), 7);

    const forUser = await nats.request<OverdueForUserResponse>(NatsSubject.CONTACTS_OVERDUE_FOR_USER, {
      userId: owner.user._id,
    });
    expect(forUser.items.map((item) => item.firstName)).toEqual(['OneMore']);
    expect(forUser.totalItems).toBe(1);

    let cursor: string | null = null;
    let entry: OverdueDigestResponse['users'][number] | undefined;
    do {
      const batch: OverdueDigestResponse = await nats.request(NatsSubject.CONTACTS_OVERDUE_DIGEST, {
        cursor,
        batchSize: 100,
        contactsPerUser: 10,
      });
      entry ??= batch.users.find((candidate) => candidate.userId === owner.user._id);
      cursor = batch.nextCursor;
    } while (cursor && !entry);
    expect(entry).toBeDefined();
    expect(entry!.totalOverdue).toBe(1);
    expect(entry!.contacts.map((contact) => contact.firstName)).toEqual([oneMore.firstName]);
  });
});

describe('NATS handlers for the notifications service', () => {
  // Issue 28: the reminders' order is priority (latest for their own interval first; never
  // contacted and in no list after everyone else), no longer never-contacted first.
  it("CONTACTS_OVERDUE_FOR_USER lists one user's overdue contacts, most important first", async () => {
    const owner = await stack.registerUser();
    const own = apiFor(stack, owner);
    const list = await createList(own, { name: 'Pals', reminderDays: 10, color: '#8b5cf6' });
    await createContact(own, { firstName: 'Long', lastName: 'Ago', listId: list._id, lastContactDate: daysAgo(50) });
    await createContact(own, { firstName: 'Never', lastName: 'Met' });
    await createContact(own, { firstName: 'Just', lastName: 'Late', listId: list._id, lastContactDate: daysAgo(11) });
    await createContact(own, { firstName: 'Fine', lastName: 'Now', lastContactDate: daysAgo(1) });

    const answer = await nats.request<OverdueForUserResponse>(NatsSubject.CONTACTS_OVERDUE_FOR_USER, {
      userId: owner.user._id,
    });
    expect(answer.totalItems).toBe(3);
    expect(answer.items.map((item) => [item.firstName, item.daysOverdue])).toEqual([
      ['Long', 40],
      ['Just', 1],
      ['Never', null],
    ]);
    expect(answer.items[0]).toMatchObject({
      listName: 'Pals',
      listColor: '#8b5cf6',
      reminderDays: 10,
      daysSinceLastContact: 50,
    });

    const limited = await nats.request<OverdueForUserResponse>(NatsSubject.CONTACTS_OVERDUE_FOR_USER, {
      userId: owner.user._id,
      limit: 1,
    });
    expect(limited).toMatchObject({ totalItems: 3, items: [{ firstName: 'Long' }] });
  });

  it('CONTACTS_OVERDUE_DIGEST pages through every user with overdue contacts by cursor', async () => {
    const users = await Promise.all([1, 2, 3].map(() => stack.registerUser()));
    for (const [index, member] of users.entries()) {
      for (let n = 0; n <= index; n += 1)
        await createContact(apiFor(stack, member), { firstName: `Overdue${n}`, lastName: 'Person' });
    }
    const caughtUp = await stack.registerUser();
    await createContact(apiFor(stack, caughtUp), { lastContactDate: daysAgo(1) });

    const seen: OverdueDigestResponse['users'] = [];
    let cursor: string | null = null;
    let batches = 0;
    do {
      const batch: OverdueDigestResponse = await nats.request(NatsSubject.CONTACTS_OVERDUE_DIGEST, {
        cursor,
        batchSize: 2,
        contactsPerUser: 2,
      });
      expect(batch.users.length).toBeLessThanOrEqual(2);
      seen.push(...batch.users);
      cursor = batch.nextCursor;
      if (cursor) expect(cursor).toBe(batch.users[batch.users.length - 1].userId);
      batches += 1;
    } while (cursor && batches < 50);

    const ids = seen.map((entry) => entry.userId);
    expect(ids).toEqual([...ids].sort());
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).not.toContain(caughtUp.user._id);
    for (const [index, member] of users.entries()) {
      const entry = seen.find((candidate) => candidate.userId === member.user._id);
      expect(entry).toBeDefined();
      expect(entry!.totalOverdue).toBe(index + 1);
      expect(entry!.contacts).toHaveLength(Math.min(2, index + 1));
    }
  });

  it('CONTACTS_UPCOMING_FOR_USER lists contacts coming due within N days, not the overdue ones', async () => {
    const owner = await stack.registerUser();
    const own = apiFor(stack, owner);
    await createContact(own, {
      firstName: 'Soon',
      lastName: 'Due',
      customReminderDays: 10,
      lastContactDate: daysAgo(8),
    });
    await createContact(own, {
      firstName: 'Later',
      lastName: 'Due',
      customReminderDays: 30,
      lastContactDate: daysAgo(8),
    });
    await createContact(own, {
      firstName: 'Already',
      lastName: 'Overdue',
      customReminderDays: 5,
      lastContactDate: daysAgo(8),
    });

    const answer = await nats.request<UpcomingForUserResponse>(NatsSubject.CONTACTS_UPCOMING_FOR_USER, {
      userId: owner.user._id,
      withinDays: 7,
    });
    expect(answer.totalItems).toBe(1);
    expect(answer.items[0]).toMatchObject({ firstName: 'Soon', reminderDays: 10, daysUntilDue: 3 });
    expect(Math.abs(Date.parse(answer.items[0].dueDate) - (Date.now() + 3 * DAY_MS))).toBeLessThan(60_000);
  });

  it('refuses malformed requests with a validation error', async () => {
    await expect(nats.request(NatsSubject.CONTACTS_OVERDUE_FOR_USER, { userId: 'nope' })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
    });
    await expect(nats.request(NatsSubject.CONTACTS_OVERDUE_DIGEST, { cursor: null })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
    });
    await expect(
      nats.request(NatsSubject.CONTACTS_UPCOMING_FOR_USER, {
        userId: '00000000-0000-4000-8000-000000000000',
        withinDays: 0,
      }),
    ).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
    });
  });
});
