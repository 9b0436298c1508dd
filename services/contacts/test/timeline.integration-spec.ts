import { ValidationMessage } from '@kith/contracts';
import { type RegisteredUser, startTestStack, type TestStack } from '@kith/stack/testing';
import { type Api, apiFor, createContact, daysAgo, DAY_MS } from './support/api.js';

let stack: TestStack;
let user: RegisteredUser;
let api: Api;
let other: Api;

beforeAll(async () => {
  stack = await startTestStack({ services: ['auth', 'contacts', 'gateway'] });
  user = await stack.registerUser();
  api = apiFor(stack, user);
  other = apiFor(stack, await stack.registerUser());
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

const log = async (contactId: string, timestamp: string, fields: Record<string, unknown> = {}) => {
  const answer = await api.post('/communications/log', { contactId, type: 'TEXT', timestamp, ...fields });
  if (answer.status !== 201) throw new Error(`log failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.data.communication;
};
const lastContactOf = async (contactId: string) => (await api.get(`/contacts/${contactId}`)).body.data.lastContactDate;

describe('timeline: GET /contacts/:id/communications', () => {
  it('pages the entries newest first with type, time, notes and duration', async () => {
    const contact = await createContact(api);
    for (let day = 1; day <= 5; day++)
      await log(contact._id, daysAgo(day), { notes: `day ${day}`, duration: day * 10 });
    const first = await api.get(`/contacts/${contact._id}/communications?page=1&limit=2`);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ totalItems: 5, page: 1, limit: 2, totalPages: 3 });
    expect(first.body.data.items.map((entry: { notes: string }) => entry.notes)).toEqual(['day 1', 'day 2']);
    expect(first.body.data.items[0]).toMatchObject({ type: 'TEXT', duration: 10, contactId: contact._id });
    const last = await api.get(`/contacts/${contact._id}/communications?page=3&limit=2`);
    expect(last.body.data.items.map((entry: { notes: string }) => entry.notes)).toEqual(['day 5']);
    const bad = await api.get(`/contacts/${contact._id}/communications?limit=0`);
    expect(bad.status).toBe(400);
    expect(bad.body.details[0].field).toBe('limit');
  });
});

describe('timeline edits and the lastContactDate rule', () => {
  it('PUT changes type, timestamp, notes and duration, validated like logging', async () => {
    const contact = await createContact(api);
    const entry = await log(contact._id, daysAgo(3), { notes: 'Coffee' });
    const when = daysAgo(4);
    const edited = await api.put(`/communications/${entry._id}`, {
      type: 'IN_PERSON',
      timestamp: when,
      notes: 'Coffee, talked about Babbage',
      duration: 45,
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data.communication).toMatchObject({
      _id: entry._id,
      type: 'IN_PERSON',
      timestamp: when,
      notes: 'Coffee, talked about Babbage',
      duration: 45,
    });
    expect(edited.body.data.contact.lastContactDate).toBe(when);

    const future = await api.put(`/communications/${entry._id}`, {
      timestamp: new Date(Date.now() + DAY_MS).toISOString(),
    });
    expect(future.status).toBe(400);
    expect(future.body.details).toEqual([{ field: 'timestamp', message: ValidationMessage.DATE_IN_FUTURE }]);
    const badType = await api.put(`/communications/${entry._id}`, { type: 'FAX' });
    expect(badType.status).toBe(400);
    expect(badType.body.details[0].field).toBe('type');
    const negative = await api.put(`/communications/${entry._id}`, { duration: -5 });
    expect(negative.status).toBe(400);
    expect(negative.body.details[0].field).toBe('duration');
    // Only the given fields change.
    const notesOnly = await api.put(`/communications/${entry._id}`, { notes: 'Tea instead' });
    expect(notesOnly.body.data.communication).toMatchObject({
      type: 'IN_PERSON',
      timestamp: when,
      notes: 'Tea instead',
      duration: 45,
    });
  });

  it('moving the newest entry back makes the next newest the last contact', async () => {
    const contact = await createContact(api);
    const older = daysAgo(10);
    await log(contact._id, older);
    const newest = await log(contact._id, daysAgo(1));
    expect(await lastContactOf(contact._id)).toBe(newest.timestamp);
    const movedTo = daysAgo(30);
    const moved = await api.put(`/communications/${newest._id}`, { timestamp: movedTo });
    expect(moved.body.data.contact.lastContactDate).toBe(older);
    expect(moved.body.data.contact.daysSinceLastContact).toBe(10);
  });

  it('deleting the newest entry falls back to the next one, then to the status date, then to never', async () => {
    const statusDate = daysAgo(50);
    const contact = await createContact(api, { lastContactDate: statusDate });
    const a = await log(contact._id, daysAgo(20));
    const b = await log(contact._id, daysAgo(5));
    expect(await lastContactOf(contact._id)).toBe(b.timestamp);

    const first = await api.delete(`/communications/${b._id}`);
    expect(first.status).toBe(200);
    expect(first.body.data.contact.lastContactDate).toBe(a.timestamp);
    expect((await api.delete(`/communications/${a._id}`)).body.data.contact.lastContactDate).toBe(statusDate);
    expect((await api.get(`/contacts/${contact._id}/communications`)).body.data.totalItems).toBe(0);

    const never = await createContact(api);
    const only = await log(never._id, daysAgo(2));
    const cleared = await api.delete(`/communications/${only._id}`);
    expect(cleared.body.data.contact).toMatchObject({
      lastContactDate: null,
      isOverdue: true,
      daysSinceLastContact: null,
    });
    expect((await api.delete(`/communications/${only._id}`)).status).toBe(404);
  });

  it('Update Status and Mark as Contacted win when newer than every entry, and stay the floor after deletes', async () => {
    const contact = await createContact(api);
    const entry = await log(contact._id, daysAgo(40));
    const status = daysAgo(3);
    const updated = await api.put(`/contacts/${contact._id}`, { lastContactDate: status });
    expect(updated.body.data.lastContactDate).toBe(status);
    // An older status date than the newest entry does not hide the entry.
    const older = await api.put(`/contacts/${contact._id}`, { lastContactDate: daysAgo(60) });
    expect(older.body.data.lastContactDate).toBe(entry.timestamp);

    const marked = await api.patch(`/contacts/${contact._id}/mark-contacted`);
    const markedAt = marked.body.data.contact.lastContactDate;
    expect(Date.now() - Date.parse(markedAt)).toBeLessThan(60_000);
    expect((await api.delete(`/communications/${entry._id}`)).body.data.contact.lastContactDate).toBe(markedAt);
  });

  it('the due date follows the fallback (overdue again once the recent entry is gone)', async () => {
    const contact = await createContact(api, { customReminderDays: 7 });
    await log(contact._id, daysAgo(30));
    const recent = await log(contact._id, daysAgo(1));
    expect(
      (await api.get('/contacts?filter=overdue&limit=1000')).body.data.items.map((c: { _id: string }) => c._id),
    ).not.toContain(contact._id);
    await api.delete(`/communications/${recent._id}`);
    const overdue = (await api.get('/contacts?filter=overdue&limit=1000')).body.data.items.find(
      (c: { _id: string }) => c._id === contact._id,
    );
    expect(overdue).toMatchObject({ isOverdue: true, daysOverdue: 23 });
  });
});

describe('isolation of /communications/{id}', () => {
  it("answers 404 for another user's entry and leaves it unchanged", async () => {
    const contact = await createContact(api);
    const entry = await log(contact._id, daysAgo(2), { notes: 'private' });
    expect((await other.put(`/communications/${entry._id}`, { notes: 'hacked' })).status).toBe(404);
    expect((await other.delete(`/communications/${entry._id}`)).status).toBe(404);
    expect((await other.get(`/contacts/${contact._id}/communications`)).status).toBe(404);
    const mine = await api.get(`/contacts/${contact._id}/communications`);
    expect(mine.body.data.items).toEqual([expect.objectContaining({ _id: entry._id, notes: 'private' })]);
    expect(await lastContactOf(contact._id)).toBe(entry.timestamp);
  });

  it('answers 404 for unknown and malformed ids', async () => {
    expect((await api.put('/communications/00000000-0000-4000-8000-000000000000', { notes: 'x' })).status).toBe(404);
    expect((await api.delete('/communications/not-a-uuid')).status).toBe(404);
    expect((await api.put('/communications/not-a-uuid', { notes: 'x' })).status).toBe(404);
  });
});
