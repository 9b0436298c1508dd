import { startTestStack, type TestStack } from '../../../scripts/stack/testing.mjs';
import { type Api, apiFor, createContact, createList, daysAgo } from './support/api.js';

/** Every endpoint that takes an id answers 404 for another user's id, and changes nothing. */
let stack: TestStack;
let owner: Api;
let intruder: Api;
let ownersList: { _id: string };
let ownersContact: { _id: string; updatedAt: string };
let intrudersList: { _id: string };
let intrudersContact: { _id: string };

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
  intrudersList = await createList(intruder, { name: 'Mine' });
  intrudersContact = await createContact(intruder, { firstName: 'Own', lastName: 'Contact' });
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
  it('POST their list + own contact', async () =>
    expectNotFound(await intruder.post(`/lists/${ownersList._id}/contacts/${intrudersContact._id}`)));
  it('POST own list + their contact', async () =>
    expectNotFound(await intruder.post(`/lists/${intrudersList._id}/contacts/${ownersContact._id}`)));
  it('DELETE their list + their contact', async () =>
    expectNotFound(await intruder.delete(`/lists/${ownersList._id}/contacts/${ownersContact._id}`)));
  it('DELETE own list + their contact', async () =>
    expectNotFound(await intruder.delete(`/lists/${intrudersList._id}/contacts/${ownersContact._id}`)));
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

  it("the owner's contact, list and log are unchanged", async () => {
    const contact = (await owner.get(`/contacts/${ownersContact._id}`)).body.data;
    expect(contact).toMatchObject({ notes: null, listId: ownersList._id, reminderDate: null });
    const list = (await owner.get(`/lists/${ownersList._id}`)).body.data;
    expect(list).toMatchObject({ reminderDays: 30, contactCount: 1, contactIds: [ownersContact._id] });
    const log = (await owner.get(`/contacts/${ownersContact._id}/communications`)).body.data;
    expect(log.totalItems).toBe(1);
  });
});
