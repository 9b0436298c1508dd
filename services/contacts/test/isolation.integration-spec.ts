import { sql, startTestStack, type TestStack } from '@kith/stack/testing';
import { type Api, apiFor, createContact, createList, daysAgo } from './support/api.js';

/** Every endpoint that takes an id answers 404 for another user's id, and changes nothing. */
let stack: TestStack;
let owner: Api;
let intruder: Api;
let ownersList: { _id: string };
let ownersContact: { _id: string; updatedAt: string };
/** In no list, so adding it to one would show. */
let ownersLooseContact: { _id: string };
let intrudersList: { _id: string };
let intrudersContact: { _id: string };
let ownersDataBefore: Awaited<ReturnType<typeof ownersData>>;

/** Everything of the owner's an intruder could touch: the rows as stored, and as the owner's API shows them. */
async function ownersData() {
  const db = stack.databaseUrls.contacts;
  const ids = [ownersContact._id, ownersLooseContact._id];
  return {
    contactRows: await sql(db, 'SELECT * FROM contacts WHERE id = ANY($1::uuid[]) ORDER BY id', [ids]),
    listRows: await sql(db, 'SELECT * FROM contact_lists WHERE id = $1', [ownersList._id]),
    communicationRows: await sql(db, 'SELECT * FROM communications WHERE contact_id = ANY($1::uuid[]) ORDER BY id', [
      ids,
    ]),
    contacts: await Promise.all(ids.map(async (id) => (await owner.get(`/contacts/${id}`)).body)),
    list: (await owner.get(`/lists/${ownersList._id}`)).body,
    lists: (await owner.get('/lists')).body,
    communications: (await owner.get(`/contacts/${ownersContact._id}/communications`)).body,
  };
}

beforeAll(async () => {
  stack = await startTestStack({ services: ['auth', 'contacts', 'gateway'] });
  owner = apiFor(stack, await stack.registerUser());
  intruder = apiFor(stack, await stack.registerUser());
  ownersList = await createList(owner, { name: 'Private', reminderDays: 30 });
  ownersContact = await createContact(owner, {
    firstName: 'Secret',
    lastName: 'Friend',
    listId: ownersList._id,
    lastContactDate: daysAgo(3),
  });
  await owner.post(`/contacts/${ownersContact._id}/log-contact`, { type: 'TEXT', notes: 'private note' });
  ownersLooseContact = await createContact(owner, {
    firstName: 'Loose',
    lastName: 'Friend',
    lastContactDate: daysAgo(1),
  });
  intrudersList = await createList(intruder, { name: 'Mine' });
  intrudersContact = await createContact(intruder, { firstName: 'Own', lastName: 'Contact' });
  ownersDataBefore = await ownersData();
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

const expectNotFound = (answer: { status: number; body: { success: boolean; code: string } }) => {
  expect(answer.status).toBe(404);
  expect(answer.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
};

describe("another user's contact", () => {
  it('GET /contacts/:id', async () => expectNotFound(await intruder.get(`/contacts/${ownersContact._id}`)));
  it('PUT /contacts/:id', async () =>
    expectNotFound(await intruder.put(`/contacts/${ownersContact._id}`, { notes: 'hacked' })));
  it('DELETE /contacts/:id', async () => expectNotFound(await intruder.delete(`/contacts/${ownersContact._id}`)));
  it('POST /contacts/:id/log-contact', async () =>
    expectNotFound(await intruder.post(`/contacts/${ownersContact._id}/log-contact`, { type: 'TEXT' })));
  it('PATCH /contacts/:id/mark-contacted', async () =>
    expectNotFound(await intruder.patch(`/contacts/${ownersContact._id}/mark-contacted`)));
  it('POST /contacts/:id/schedule-reminder', async () =>
    expectNotFound(
      await intruder.post(`/contacts/${ownersContact._id}/schedule-reminder`, {
        reminderDate: new Date().toISOString(),
      }),
    ));
  it('GET /contacts/:id/communications', async () =>
    expectNotFound(await intruder.get(`/contacts/${ownersContact._id}/communications`)));
  it('POST /communications/log with their contactId', async () =>
    expectNotFound(
      await intruder.post('/communications/log', {
        contactId: ownersContact._id,
        type: 'EMAIL',
        timestamp: daysAgo(1),
      }),
    ));
});

describe("another user's list", () => {
  it('GET /lists/:id', async () => expectNotFound(await intruder.get(`/lists/${ownersList._id}`)));
  it('PUT /lists/:id', async () => expectNotFound(await intruder.put(`/lists/${ownersList._id}`, { reminderDays: 1 })));
  it('DELETE /lists/:id', async () => expectNotFound(await intruder.delete(`/lists/${ownersList._id}`)));
  it('GET /lists/:id/contacts', async () => expectNotFound(await intruder.get(`/lists/${ownersList._id}/contacts`)));
  it('GET /contacts?listId=', async () => expectNotFound(await intruder.get(`/contacts?listId=${ownersList._id}`)));
  it('POST /contacts with their listId', async () =>
    expectNotFound(await intruder.post('/contacts', { firstName: 'A', lastName: 'B', listId: ownersList._id })));
  it('PUT /contacts/:id moving an own contact into their list', async () =>
    expectNotFound(await intruder.put(`/contacts/${intrudersContact._id}`, { listId: ownersList._id })));
  it('POST /contacts/import/confirm into their list', async () =>
    expectNotFound(
      await intruder.post('/contacts/import/confirm', {
        listId: ownersList._id,
        contacts: [{ firstName: 'A', lastName: 'B' }],
      }),
    ));
});

describe('list + contact pairs across users', () => {
  // Every pair with at least one foreign id, for adding and for removing. "Their" is the owner's.
  const names = [
    'own list + their contact (in no list)',
    'own list + their contact (in their list)',
    'their list + own contact',
    'their list + their contact (in no list)',
    'their list + their contact (in that list)',
  ] as const;
  // The ids exist only once beforeAll has run, hence a function.
  const pairs = (): Record<(typeof names)[number], [string, string]> => ({
    'own list + their contact (in no list)': [intrudersList._id, ownersLooseContact._id],
    'own list + their contact (in their list)': [intrudersList._id, ownersContact._id],
    'their list + own contact': [ownersList._id, intrudersContact._id],
    'their list + their contact (in no list)': [ownersList._id, ownersLooseContact._id],
    'their list + their contact (in that list)': [ownersList._id, ownersContact._id],
  });

  it.each(names)('POST /lists/:listId/contacts/:contactId with %s', async (name) => {
    const [listId, contactId] = pairs()[name];
    expectNotFound(await intruder.post(`/lists/${listId}/contacts/${contactId}`));
  });
  it.each(names)('DELETE /lists/:listId/contacts/:contactId with %s', async (name) => {
    const [listId, contactId] = pairs()[name];
    expectNotFound(await intruder.delete(`/lists/${listId}/contacts/${contactId}`));
  });
});

describe('after all those attempts', () => {
  it("the intruder sees none of the owner's data", async () => {
    const contacts = (await intruder.get('/contacts?limit=1000')).body.data;
    expect(contacts.items.map((contact: { _id: string }) => contact._id)).toEqual([intrudersContact._id]);
    expect((await intruder.get('/contacts?search=secret')).body.data.totalItems).toBe(0);
    expect(
      (await intruder.get('/contacts/overdue')).body.data.items.map((contact: { _id: string }) => contact._id),
    ).not.toContain(ownersContact._id);
    expect((await intruder.get('/lists')).body.data.map((list: { _id: string }) => list._id)).toEqual([
      intrudersList._id,
    ]);
  });

  it("the owner's contacts, list and log are exactly as before, stored and as the owner sees them", async () => {
    // What was recorded before is what the owner set up (so the comparison below compares something).
    const [contactRow] = ownersDataBefore.contactRows.filter((row) => row.id === ownersContact._id);
    expect(contactRow).toMatchObject({ list_id: ownersList._id, notes: null });
    expect(ownersDataBefore.communications.data.totalItems).toBe(1);
    expect(ownersDataBefore.list.data).toMatchObject({
      reminderDays: 30,
      contactCount: 1,
      contactIds: [ownersContact._id],
    });

    expect(await ownersData()).toEqual(ownersDataBefore);
  });
});
