import { type RegisteredUser, startTestStack, type TestStack } from '@kith/stack/testing';
import { type Api, apiFor, createContact, createList, daysAgo } from './support/api.js';

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

const fieldErrors = (answer: { body: { details?: { field: string; message: string }[] } }) =>
  Object.fromEntries((answer.body.details ?? []).map((detail) => [detail.field, detail.message]));

describe('lists', () => {
  it('creates a list with the spec defaults', async () => {
    const answer = await api.post('/lists', { name: '  Neighbours ' });
    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({
      userId: user.user._id,
      name: 'Neighbours',
      description: null,
      color: '#3B82F6',
      reminderDays: 30,
      contactCount: 0,
      overdueCount: 0,
      contactIds: [],
    });
  });

  it('validates name, interval and colour with the spec messages', async () => {
    expect(fieldErrors(await api.post('/lists', { name: '' }))).toEqual({ name: 'List name is required' });
    expect(fieldErrors(await api.post('/lists', {}))).toEqual({ name: 'List name is required' });
    expect(fieldErrors(await api.post('/lists', { name: 'A', reminderDays: 0 }))).toEqual({
      reminderDays: 'Must be at least 1 day',
    });
    expect(fieldErrors(await api.post('/lists', { name: 'A', reminderDays: 366 }))).toEqual({
      reminderDays: 'Must be less than 365 days',
    });
    expect(fieldErrors(await api.post('/lists', { name: 'A', color: 'red' }))).toEqual({
      color: 'Color must be a hex colour like #3B82F6',
    });
    const list = await createList(api, { name: 'Valid' });
    expect(fieldErrors(await api.put(`/lists/${list._id}`, { name: ' ' }))).toEqual({ name: 'List name is required' });
  });

  it('counts members and overdue members, and lists their ids unless the screens ask without them', async () => {
    const counted = apiFor(stack, await stack.registerUser());
    const climbing = await createList(counted, { name: 'climbing', reminderDays: 7, color: '#ef4444' });
    const art = await createList(counted, { name: 'Art', reminderDays: 60 });
    const late = await createContact(counted, {
      firstName: 'Late',
      lastName: 'One',
      listId: climbing._id,
      lastContactDate: daysAgo(8),
    });
    const fresh = await createContact(counted, {
      firstName: 'Fresh',
      lastName: 'One',
      listId: climbing._id,
      lastContactDate: daysAgo(1),
    });
    const never = await createContact(counted, { firstName: 'Never', lastName: 'Seen', listId: climbing._id });
    await createContact(counted, { firstName: 'No', lastName: 'List' });

    const lists = (await counted.get('/lists')).body.data;
    expect(lists.map((list: { name: string }) => list.name)).toEqual(['Art', 'climbing']);
    const [artList, climbingList] = lists;
    expect(artList).toMatchObject({ _id: art._id, contactCount: 0, overdueCount: 0, contactIds: [] });
    expect(climbingList).toMatchObject({ _id: climbing._id, contactCount: 3, overdueCount: 2 });
    expect([...climbingList.contactIds].sort()).toEqual([late._id, fresh._id, never._id].sort());
    expect((await counted.get(`/lists/${climbing._id}`)).body.data).toEqual(climbingList);

    // What the screens ask for: the same lists and counts, without every member's id.
    const summaries = (await counted.get('/lists?withContactIds=false')).body.data;
    expect(summaries).toEqual(lists.map(({ contactIds: _ids, ...summary }: { contactIds: string[] }) => summary));
    expect(summaries[1]).not.toHaveProperty('contactIds');
    expect((await counted.get('/lists?withContactIds=true')).body.data).toEqual(lists);
    const wrong = await counted.get('/lists?withContactIds=maybe');
    expect(wrong.status).toBe(400);
    expect(fieldErrors(wrong)).toEqual({ withContactIds: 'withContactIds must be true or false' });
  });

  it("updates a list and recomputes its members' overdue state when the interval changes", async () => {
    const list = await createList(api, { name: 'Cousins', reminderDays: 30 });
    const member = await createContact(api, { listId: list._id, lastContactDate: daysAgo(40) });
    const custom = await createContact(api, { listId: list._id, lastContactDate: daysAgo(40), customReminderDays: 10 });
    expect(member.isOverdue).toBe(true);

    const updated = await api.put(`/lists/${list._id}`, {
      reminderDays: 60,
      color: '#10b981',
      description: 'Both sides',
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({
      reminderDays: 60,
      color: '#10b981',
      description: 'Both sides',
      name: 'Cousins',
      overdueCount: 1,
    });
    expect((await api.get(`/contacts/${member._id}`)).body.data).toMatchObject({ reminderDays: 60, isOverdue: false });
    expect((await api.get(`/contacts/${custom._id}`)).body.data).toMatchObject({ reminderDays: 10, isOverdue: true });
    expect(
      (await api.get('/contacts/overdue?limit=1000')).body.data.items.map((contact: { _id: string }) => contact._id),
    ).not.toContain(member._id);
  });

  it('deleting a list keeps its contacts, without a list and on the default interval', async () => {
    const list = await createList(api, { name: 'Temporary', reminderDays: 200 });
    const member = await createContact(api, { listId: list._id, lastContactDate: daysAgo(100) });
    expect(member.isOverdue).toBe(false);

    const removed = await api.delete(`/lists/${list._id}`);
    expect(removed.status).toBe(200);
    expect((await api.get(`/lists/${list._id}`)).status).toBe(404);
    const orphan = (await api.get(`/contacts/${member._id}`)).body.data;
    expect(orphan).toMatchObject({ listId: null, list: null, reminderDays: 90, isOverdue: true, daysOverdue: 10 });
    expect((await api.delete(`/lists/${list._id}`)).status).toBe(404);
  });

  it('adds a contact to a list and removes it again', async () => {
    const list = await createList(api, { name: 'Runners', reminderDays: 5 });
    const contact = await createContact(api, { lastContactDate: daysAgo(6) });
    expect(contact.isOverdue).toBe(false);

    const added = await api.post(`/lists/${list._id}/contacts/${contact._id}`);
    expect(added.status).toBe(201);
    expect(added.body.data.contact).toMatchObject({ listId: list._id, reminderDays: 5, isOverdue: true });
    expect(added.body.data.list).toMatchObject({ contactCount: 1, overdueCount: 1, contactIds: [contact._id] });

    const removed = await api.delete(`/lists/${list._id}/contacts/${contact._id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.data.contact).toMatchObject({ listId: null, reminderDays: 90, isOverdue: false });
    expect(removed.body.data.list).toMatchObject({ contactCount: 0, contactIds: [] });

    const notMember = await api.delete(`/lists/${list._id}/contacts/${contact._id}`);
    expect(notMember.status).toBe(404);
    expect((await api.post(`/lists/${list._id}/contacts/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
    expect((await api.post(`/lists/00000000-0000-4000-8000-000000000000/contacts/${contact._id}`)).status).toBe(404);
  });

  it('moving a contact between lists through PUT follows the new interval', async () => {
    const weekly = await createList(api, { name: 'Weekly', reminderDays: 7 });
    const yearly = await createList(api, { name: 'Yearly', reminderDays: 365 });
    const contact = await createContact(api, { listId: weekly._id, lastContactDate: daysAgo(20) });
    expect(contact.isOverdue).toBe(true);
    const moved = await api.put(`/contacts/${contact._id}`, { listId: yearly._id });
    expect(moved.body.data).toMatchObject({
      listId: yearly._id,
      list: { name: 'Yearly' },
      reminderDays: 365,
      isOverdue: false,
    });
  });

  it('GET /lists/:id/contacts pages, searches and sorts like /contacts', async () => {
    const list = await createList(api, { name: 'Choir', reminderDays: 30 });
    for (const firstName of ['Cleo', 'Abe', 'Bea'])
      await createContact(api, { firstName, lastName: 'Singer', listId: list._id });
    await createContact(api, { firstName: 'Outside', lastName: 'Singer' });

    const page = await api.get(`/lists/${list._id}/contacts?limit=2&sortOrder=desc`);
    expect(page.status).toBe(200);
    expect(page.body.data).toMatchObject({ totalItems: 3, totalPages: 2, page: 1, limit: 2 });
    expect(page.body.data.items.map((contact: { firstName: string }) => contact.firstName)).toEqual(['Cleo', 'Bea']);
    const searched = await api.get(`/lists/${list._id}/contacts?search=abe`);
    expect(searched.body.data.items.map((contact: { firstName: string }) => contact.firstName)).toEqual(['Abe']);
    expect((await api.get('/lists/00000000-0000-4000-8000-000000000000/contacts')).status).toBe(404);
    expect((await api.get(`/lists/${list._id}/contacts?limit=5000`)).status).toBe(400);
  });

  it('answers 404 for unknown and malformed list ids', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      expect((await api.get(`/lists/${id}`)).status).toBe(404);
      expect((await api.put(`/lists/${id}`, { name: 'X' })).status).toBe(404);
      expect((await api.delete(`/lists/${id}`)).status).toBe(404);
    }
  });
});
