import { type RegisteredUser, startTestStack, type TestStack } from '@kith/stack/testing';
import { type Api, apiFor, createContact, createList, daysAgo, DAY_MS } from './support/api.js';

let stack: TestStack;
let user: RegisteredUser;
let api: Api;

beforeAll(async () => {
  stack = await startTestStack({ services: ['auth', 'contacts', 'gateway'] });
  user = await stack.registerUser();
  api = apiFor(stack, user);
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

describe('contacts CRUD', () => {
  it('creates a contact and returns it with the derived overdue fields', async () => {
    const answer = await api.post('/contacts', {
      firstName: ' Ada ',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phoneNumber: '+44 20 7946 0000',
      notes: 'Analytical engine',
      customReminderDays: 14,
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      success: true,
      data: {
        userId: user.user._id,
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.com',
        phoneNumber: '+44 20 7946 0000',
        notes: 'Analytical engine',
        listId: null,
        list: null,
        customReminderDays: 14,
        reminderDays: 14,
        lastContactDate: null,
        daysSinceLastContact: null,
        isOverdue: true,
        daysOverdue: null,
        reminderDate: null,
        reminderNotes: null,
      },
    });
    expect(answer.body.data._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(answer.body.data.createdAt)).not.toBeNaN();
  });

  it('reads, updates only the given fields, and deletes', async () => {
    const contact = await createContact(api, { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com' });
    expect((await api.get(`/contacts/${contact._id}`)).body.data).toEqual(contact);

    const updated = await api.put(`/contacts/${contact._id}`, { notes: 'COBOL', lastContactDate: daysAgo(3) });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({
      firstName: 'Grace',
      email: 'grace@example.com',
      notes: 'COBOL',
      daysSinceLastContact: 3,
      isOverdue: false,
    });
    expect(Date.parse(updated.body.data.updatedAt)).toBeGreaterThanOrEqual(Date.parse(contact.updatedAt));

    const cleared = await api.put(`/contacts/${contact._id}`, { email: '', notes: null });
    expect(cleared.body.data).toMatchObject({ email: null, notes: null });

    const removed = await api.delete(`/contacts/${contact._id}`);
    expect(removed.status).toBe(200);
    expect((await api.get(`/contacts/${contact._id}`)).status).toBe(404);
    expect((await api.delete(`/contacts/${contact._id}`)).status).toBe(404);
  });

  it('assigns a list on create and shows its summary and interval', async () => {
    const list = await createList(api, {
      name: 'Book club',
      reminderDays: 21,
      color: '#10b981',
      description: 'Monthly',
    });
    const contact = await createContact(api, { listId: list._id, lastContactDate: daysAgo(1) });
    expect(contact).toMatchObject({
      listId: list._id,
      list: { _id: list._id, name: 'Book club', color: '#10b981', description: 'Monthly' },
      reminderDays: 21,
    });
  });

  it('answers 404 for unknown or malformed ids and for a list that does not exist', async () => {
    expect((await api.get('/contacts/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const malformed = await api.get('/contacts/not-an-id');
    expect(malformed.status).toBe(404);
    expect(malformed.body).toEqual({ success: false, error: 'Contact not found', code: 'NOT_FOUND' });
    expect((await api.put('/contacts/not-an-id', { notes: 'x' })).status).toBe(404);
    const badList = await api.post('/contacts', {
      firstName: 'A',
      lastName: 'B',
      listId: '00000000-0000-4000-8000-000000000000',
    });
    expect(badList.status).toBe(404);
    expect(badList.body.error).toBe('List not found');
  });

  it('needs an access token', async () => {
    expect((await apiFor(stack).get('/contacts')).status).toBe(401);
  });
});

describe('contact validation (400 naming the field, spec messages)', () => {
  const fieldErrors = (answer: { body: { details?: { field: string; message: string }[] } }) =>
    Object.fromEntries((answer.body.details ?? []).map((detail) => [detail.field, detail.message]));

  it('requires first and last name', async () => {
    const answer = await api.post('/contacts', { firstName: '  ', email: 'x@example.com' });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('VALIDATION_ERROR');
    expect(fieldErrors(answer)).toEqual({ firstName: 'First name is required', lastName: 'Last name is required' });
  });

  it('bounds customReminderDays to 1..365', async () => {
    expect(fieldErrors(await api.post('/contacts', { firstName: 'A', lastName: 'B', customReminderDays: 0 }))).toEqual({
      customReminderDays: 'Must be at least 1 day',
    });
    expect(
      fieldErrors(await api.post('/contacts', { firstName: 'A', lastName: 'B', customReminderDays: 366 })),
    ).toEqual({
      customReminderDays: 'Must be less than 365 days',
    });
    expect((await api.post('/contacts', { firstName: 'A', lastName: 'B', customReminderDays: 365 })).status).toBe(201);
  });

  it('refuses a bad email and a last contact in the future', async () => {
    const contact = await createContact(api);
    expect(fieldErrors(await api.put(`/contacts/${contact._id}`, { email: 'not an email' }))).toEqual({
      email: 'Invalid email address',
    });
    expect(
      fieldErrors(
        await api.put(`/contacts/${contact._id}`, { lastContactDate: new Date(Date.now() + 2 * DAY_MS).toISOString() }),
      ),
    ).toEqual({
      lastContactDate: 'Date cannot be later than today',
    });
  });

  it('validates the list query', async () => {
    expect(fieldErrors(await api.get('/contacts?limit=0'))).toEqual({ limit: 'limit must be between 1 and 1000' });
    expect(fieldErrors(await api.get('/contacts?limit=1001'))).toEqual({ limit: 'limit must be between 1 and 1000' });
    expect(fieldErrors(await api.get('/contacts?sortBy=age'))).toEqual({
      sortBy: 'sortBy must be one of name, updated, created, lastContact, priority',
    });
    expect(fieldErrors(await api.get('/contacts?sortOrder=up'))).toEqual({
      sortOrder: 'sortOrder must be asc or desc',
    });
    expect(fieldErrors(await api.get('/contacts?filter=late'))).toHaveProperty('filter');
    expect((await api.get('/contacts?limit=1000')).status).toBe(200);
  });
});

describe('contacts page: paging, search, filters and sorts', () => {
  let pager: Api;
  let names: string[];
  let family: { _id: string };

  beforeAll(async () => {
    pager = apiFor(stack, await stack.registerUser());
    family = await createList(pager, { name: 'Family', reminderDays: 30 });
    const people = [
      { firstName: 'Zoe', lastName: 'Adams', email: 'zoe@work.example', lastContactDate: daysAgo(2) },
      {
        firstName: 'adam',
        lastName: 'Young',
        phoneNumber: '+1 555 0100',
        lastContactDate: daysAgo(40),
        listId: family._id,
      },
      {
        firstName: 'Mia',
        lastName: 'Wong',
        notes: 'Loves 100% dark chocolate',
        lastContactDate: daysAgo(10),
        listId: family._id,
      },
      { firstName: 'Bob', lastName: 'Stone' },
      { firstName: 'Carl', lastName: 'Adamson', email: 'carl@example.com', lastContactDate: daysAgo(200) },
    ];
    for (const person of people) await createContact(pager, person);
    names = people.map((person) => `${person.firstName} ${person.lastName}`);
  });

  const fullNames = (answer: { body: { data: { items: { firstName: string; lastName: string }[] } } }) =>
    answer.body.data.items.map((contact) => `${contact.firstName} ${contact.lastName}`);

  it('pages with totals', async () => {
    const first = await pager.get('/contacts?limit=2&page=1');
    expect(first.body.data).toMatchObject({ totalItems: 5, page: 1, limit: 2, totalPages: 3 });
    expect(first.body.data.items).toHaveLength(2);
    const last = await pager.get('/contacts?limit=2&page=3');
    expect(last.body.data.items).toHaveLength(1);
    const beyond = await pager.get('/contacts?limit=2&page=9');
    expect(beyond.body.data).toMatchObject({ items: [], totalItems: 5, totalPages: 3 });
    const defaults = await pager.get('/contacts');
    expect(defaults.body.data).toMatchObject({ page: 1, limit: 20, totalItems: 5 });
  });

  it('keeps the unfiltered total exact through creates, imports and deletes, per user', async () => {
    const counter = apiFor(stack, await stack.registerUser());
    const total = async () => (await counter.get('/contacts?limit=1')).body.data.totalItems;
    expect(await total()).toBe(0);
    const first = await createContact(counter, { firstName: 'One', lastName: 'Counted' });
    await createContact(counter, { firstName: 'Two', lastName: 'Counted' });
    const imported = await counter.post('/contacts/import/confirm', {
      contacts: [
        { firstName: 'Three', lastName: 'Imported' },
        { firstName: 'Four', lastName: 'Imported' },
      ],
    });
    expect(imported.body.data.imported).toBe(2);
    expect(await total()).toBe(4);
    expect((await counter.delete(`/contacts/${first._id}`)).status).toBe(200);
    expect(await total()).toBe(3);
    expect((await counter.get('/contacts?limit=1&page=9')).body.data).toMatchObject({
      items: [],
      totalItems: 3,
      totalPages: 3,
    });
    // The other users' pages are untouched.
    expect((await pager.get('/contacts?limit=1')).body.data.totalItems).toBe(5);
  });

  it('sorts by name case-insensitively, both ways', async () => {
    expect(fullNames(await pager.get('/contacts'))).toEqual([
      'adam Young',
      'Bob Stone',
      'Carl Adamson',
      'Mia Wong',
      'Zoe Adams',
    ]);
    expect(fullNames(await pager.get('/contacts?sortBy=name&sortOrder=desc'))).toEqual([
      'Zoe Adams',
      'Mia Wong',
      'Carl Adamson',
      'Bob Stone',
      'adam Young',
    ]);
  });

  it('sorts by last contact with never-contacted as the longest ago', async () => {
    expect(fullNames(await pager.get('/contacts?sortBy=lastContact&sortOrder=asc'))).toEqual([
      'Bob Stone',
      'Carl Adamson',
      'adam Young',
      'Mia Wong',
      'Zoe Adams',
    ]);
    expect(fullNames(await pager.get('/contacts?sortBy=lastContact&sortOrder=desc'))).toEqual([
      'Zoe Adams',
      'Mia Wong',
      'adam Young',
      'Carl Adamson',
      'Bob Stone',
    ]);
  });

  it('sorts by created and updated', async () => {
    expect(fullNames(await pager.get('/contacts?sortBy=created&sortOrder=asc'))).toEqual(names);
    expect(fullNames(await pager.get('/contacts?sortBy=created&sortOrder=desc'))).toEqual([...names].reverse());
    const mia = (await pager.get('/contacts?search=mia')).body.data.items[0];
    await pager.put(`/contacts/${mia._id}`, { customReminderDays: 45 });
    expect(fullNames(await pager.get('/contacts?sortBy=updated&sortOrder=desc'))[0]).toBe('Mia Wong');
  });

  it('searches full name, email, phone and notes case-insensitively', async () => {
    expect(fullNames(await pager.get('/contacts?search=ADAM'))).toEqual(['adam Young', 'Carl Adamson', 'Zoe Adams']);
    expect(fullNames(await pager.get(`/contacts?search=${encodeURIComponent('zoe adams')}`))).toEqual(['Zoe Adams']);
    expect(fullNames(await pager.get('/contacts?search=work.example'))).toEqual(['Zoe Adams']);
    expect(fullNames(await pager.get('/contacts?search=555%200100'))).toEqual(['adam Young']);
    expect(fullNames(await pager.get(`/contacts?search=${encodeURIComponent('100% dark')}`))).toEqual(['Mia Wong']);
    // % and _ are literal characters, not wildcards.
    expect((await pager.get(`/contacts?search=${encodeURIComponent('%')}`)).body.data.totalItems).toBe(1);
    expect((await pager.get('/contacts?search=_')).body.data.totalItems).toBe(0);
    const none = await pager.get('/contacts?search=nobody');
    expect(none.body.data).toMatchObject({ items: [], totalItems: 0, totalPages: 0 });
  });

  it('filters by list and by overdue, combined with search', async () => {
    expect(fullNames(await pager.get(`/contacts?listId=${family._id}`))).toEqual(['adam Young', 'Mia Wong']);
    expect(fullNames(await pager.get('/contacts?filter=overdue'))).toEqual(['adam Young', 'Bob Stone', 'Carl Adamson']);
    expect(fullNames(await pager.get(`/contacts?filter=overdue&listId=${family._id}`))).toEqual(['adam Young']);
    expect(fullNames(await pager.get('/contacts?filter=overdue&search=adam'))).toEqual(['adam Young', 'Carl Adamson']);
    expect((await pager.get('/contacts?listId=00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('lists overdue contacts most overdue first, with daysOverdue', async () => {
    const overdue = await pager.get('/contacts/overdue?limit=10');
    expect(overdue.status).toBe(200);
    expect(overdue.body.data.totalItems).toBe(3);
    expect(
      overdue.body.data.items.map((contact: { firstName: string; daysOverdue: number | null }) => [
        contact.firstName,
        contact.daysOverdue,
      ]),
    ).toEqual([
      ['Bob', null],
      ['Carl', 110],
      ['adam', 10],
    ]);
    const limited = await pager.get('/contacts/overdue?limit=1&page=2');
    expect(limited.body.data).toMatchObject({ totalItems: 3, page: 2, limit: 1 });
    expect(limited.body.data.items[0].firstName).toBe('Carl');
  });
});

describe('interactions', () => {
  it('log-contact stores the entry, resets the timer and lists it', async () => {
    const contact = await createContact(api, { lastContactDate: daysAgo(100) });
    expect(contact.isOverdue).toBe(true);
    const logged = await api.post(`/contacts/${contact._id}/log-contact`, { type: 'IN_PERSON', notes: '  Lunch  ' });
    expect(logged.status).toBe(201);
    expect(logged.body.data.communication).toMatchObject({
      contactId: contact._id,
      type: 'IN_PERSON',
      notes: 'Lunch',
      duration: null,
    });
    expect(logged.body.data.contact).toMatchObject({ isOverdue: false, daysSinceLastContact: 0 });
    expect(logged.body.data.contact.lastContactDate).toBe(logged.body.data.communication.timestamp);

    const defaulted = await api.post(`/contacts/${contact._id}/log-contact`, {});
    expect(defaulted.body.data.communication).toMatchObject({ type: 'PHONE_CALL', notes: null });

    const history = await api.get(`/contacts/${contact._id}/communications`);
    expect(history.status).toBe(200);
    expect(history.body.data.totalItems).toBe(2);
    expect(history.body.data.items.map((entry: { type: string }) => entry.type)).toEqual(['PHONE_CALL', 'IN_PERSON']);
  });

  it('refuses an unknown communication type', async () => {
    const contact = await createContact(api);
    const answer = await api.post(`/contacts/${contact._id}/log-contact`, { type: 'CARRIER_PIGEON' });
    expect(answer.status).toBe(400);
    expect(answer.body.details).toEqual([
      { field: 'type', message: 'type must be one of PHONE_CALL, TEXT, EMAIL, IN_PERSON, OTHER' },
    ]);
  });

  it('POST /communications/log records a past interaction and never moves lastContactDate backward', async () => {
    const recent = daysAgo(2);
    const contact = await createContact(api, { lastContactDate: recent });
    const older = await api.post('/communications/log', {
      contactId: contact._id,
      type: 'EMAIL',
      timestamp: daysAgo(20),
      notes: 'Old thread',
      duration: 15,
    });
    expect(older.status).toBe(201);
    expect(older.body.data.communication).toMatchObject({ type: 'EMAIL', notes: 'Old thread', duration: 15 });
    expect(older.body.data.contact.lastContactDate).toBe(recent);

    const newer = daysAgo(1);
    const moved = await api.post('/communications/log', { contactId: contact._id, type: 'TEXT', timestamp: newer });
    expect(moved.body.data.contact.lastContactDate).toBe(newer);
  });

  it('POST /communications/log validates its body', async () => {
    const contact = await createContact(api);
    const future = await api.post('/communications/log', {
      contactId: contact._id,
      type: 'TEXT',
      timestamp: new Date(Date.now() + 2 * DAY_MS).toISOString(),
    });
    expect(future.status).toBe(400);
    expect(future.body.details).toEqual([{ field: 'timestamp', message: 'Date cannot be later than today' }]);
    // Later today is not the future: an hour from now is accepted.
    const laterToday = await api.post('/communications/log', {
      contactId: contact._id,
      type: 'TEXT',
      timestamp: new Date(Date.now() + 60 * 60 * 1000).toISOString(),
    });
    expect(laterToday.status).toBe(201);
    const missing = await api.post('/communications/log', { type: 'TEXT', timestamp: daysAgo(1) });
    expect(missing.body.details).toEqual([{ field: 'contactId', message: 'contactId is required' }]);
    const badDate = await api.post('/communications/log', {
      contactId: contact._id,
      type: 'TEXT',
      timestamp: 'yesterday',
    });
    expect(badDate.body.details[0]).toEqual({ field: 'timestamp', message: 'Must be a valid ISO 8601 date' });
    expect(
      (
        await api.post('/communications/log', {
          contactId: '00000000-0000-4000-8000-000000000000',
          type: 'TEXT',
          timestamp: daysAgo(1),
        })
      ).status,
    ).toBe(404);
  });

  it('mark-contacted sets the last contact to now', async () => {
    const contact = await createContact(api, { lastContactDate: daysAgo(400) });
    const answer = await api.patch(`/contacts/${contact._id}/mark-contacted`);
    expect(answer.status).toBe(200);
    expect(answer.body.data.contact).toMatchObject({ isOverdue: false, daysSinceLastContact: 0 });
    expect(Date.now() - Date.parse(answer.body.data.contact.lastContactDate)).toBeLessThan(60_000);
    expect((await api.patch('/contacts/00000000-0000-4000-8000-000000000000/mark-contacted')).status).toBe(404);
  });

  it('schedules a reminder for today or later, never before today', async () => {
    const contact = await createContact(api);
    const today = new Date().toISOString().slice(0, 10);
    const answer = await api.post(`/contacts/${contact._id}/schedule-reminder`, {
      reminderDate: today,
      notes: 'Ask about the move',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data.contact).toMatchObject({
      reminderDate: `${today}T00:00:00.000Z`,
      reminderNotes: 'Ask about the move',
    });

    const yesterday = new Date(Date.now() - DAY_MS).toISOString().slice(0, 10);
    const past = await api.post(`/contacts/${contact._id}/schedule-reminder`, { reminderDate: yesterday });
    expect(past.status).toBe(400);
    expect(past.body.details).toEqual([{ field: 'reminderDate', message: 'Reminder date cannot be before today' }]);
    const missing = await api.post(`/contacts/${contact._id}/schedule-reminder`, {});
    expect(missing.body.details).toEqual([{ field: 'reminderDate', message: 'Reminder date is required' }]);
  });

  it('communications of an unknown contact are a 404', async () => {
    expect((await api.get('/contacts/00000000-0000-4000-8000-000000000000/communications')).status).toBe(404);
  });
});
