import { type RegisteredUser, sleep, sql, startTestStack, type TestStack } from '@kith/stack/testing';
import { type Api, apiFor, createContact, createList } from './support/api.js';

// Kept counts (contacts/count-cache.ts): the totals and sections the screens ask for again and
// again are kept by each replica until the user's data changes, on any replica or in the
// database directly, or until the next contact falls due. Two replicas share one database here.
let stack: TestStack;
let owner: RegisteredUser;
let other: RegisteredUser;
let api: Api;
let replicas: string[];
let friends: { _id: string };

const IMPORTED = 300;

beforeAll(async () => {
  stack = await startTestStack({ services: ['auth', 'contacts', 'gateway'] });
  await stack.startService('contacts', { replica: 2 });
  replicas = stack.replicaUrls('contacts');
  owner = await stack.registerUser();
  other = await stack.registerUser();
  api = apiFor(stack, owner);
  friends = await createList(api, { name: 'Friends', reminderDays: 30 });
  const people = Array.from({ length: IMPORTED }, (_, i) => ({ firstName: `Anna${i}`, lastName: 'Imported' }));
  const imported = await api.post('/contacts/import/confirm', { contacts: people });
  expect(imported.body.data.imported).toBe(IMPORTED);
}, 180_000);
afterAll(async () => {
  await stack?.stop();
});

/** GET on one replica, as the given user. */
async function read(replica: number, path: string, user = owner) {
  const response = await fetch(`${replicas[replica]}/api${path}`, { headers: user.authHeader });
  expect(response.status).toBe(200);
  return (await response.json()).data;
}
const totalOn = async (replica: number, query: string, user = owner) =>
  (await read(replica, `/contacts?limit=1&${query}`, user)).totalItems as number;
const overdueTotalOn = async (replica: number) => (await read(replica, '/contacts/overdue?limit=1')).totalItems;
const overdueSectionsOn = async (replica: number) =>
  (await read(replica, '/contacts/sections?filter=overdue')).sections as {
    listId: string | null;
    name: string;
    totalItems: number;
    overdueCount: number;
  }[];

/** The replica's count of kept-count lookups by outcome, from its Prometheus text. */
async function lookups(replica: number): Promise<Record<'hit' | 'stale' | 'miss', number>> {
  const text = await (await fetch(`${replicas[replica]}/metrics`)).text();
  const of = (outcome: string) =>
    Number(
      new RegExp(`^kith_contact_count_cache_total\\{[^}]*outcome="${outcome}"[^}]*\\} (\\d+)`, 'm').exec(text)?.[1] ??
        0,
    );
  return { hit: of('hit'), stale: of('stale'), miss: of('miss') };
}

/** Runs the reads and returns how the replica's lookups moved meanwhile. */
async function lookupsDuring(replica: number, reads: () => Promise<unknown>) {
  const before = await lookups(replica);
  await reads();
  const after = await lookups(replica);
  return { hit: after.hit - before.hit, stale: after.stale - before.stale, miss: after.miss - before.miss };
}

describe('kept counts', () => {
  it('serve a repeated question from memory and follow every write, on either replica or in the database', async () => {
    const search = 'search=anna';
    expect(await lookupsDuring(0, () => totalOn(0, search))).toEqual({ hit: 0, stale: 0, miss: 1 });
    expect(await lookupsDuring(0, () => totalOn(0, search))).toEqual({ hit: 1, stale: 0, miss: 0 });
    expect(await totalOn(0, search)).toBe(IMPORTED);
    // Spelled differently, the same question: the search is case-insensitive, so is its kept count.
    expect(await lookupsDuring(0, () => totalOn(0, 'search=ANNA'))).toEqual({ hit: 1, stale: 0, miss: 0 });

    // A contact created through the other replica.
    const created = await fetch(`${replicas[1]}/api/contacts`, {
      method: 'POST',
      headers: { ...owner.authHeader, 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Annabel', lastName: 'New', listId: friends._id }),
    });
    expect(created.status).toBe(201);
    const annabel = (await created.json()).data;
    expect(await lookupsDuring(0, async () => expect(await totalOn(0, search)).toBe(IMPORTED + 1))).toEqual({
      hit: 0,
      stale: 1,
      miss: 0,
    });

    // Edited so it no longer matches, through the gateway (either replica).
    expect((await api.put(`/contacts/${annabel._id}`, { firstName: 'Bella', lastName: 'New' })).status).toBe(200);
    expect(await totalOn(0, search)).toBe(IMPORTED);
    expect(await totalOn(1, search)).toBe(IMPORTED);

    // Written in the database by hand.
    await sql(stack.databaseUrls.contacts, `UPDATE contacts SET first_name = 'Annabella' WHERE id = $1`, [annabel._id]);
    expect(await totalOn(0, search)).toBe(IMPORTED + 1);
    expect(await totalOn(0, `listId=${friends._id}&${search}`)).toBe(1);

    // Deleted.
    expect((await api.delete(`/contacts/${annabel._id}`)).status).toBe(200);
    expect(await totalOn(0, search)).toBe(IMPORTED);
    expect(await totalOn(0, `listId=${friends._id}&${search}`)).toBe(0);
    expect(await totalOn(1, `listId=${friends._id}`)).toBe(0);
  });

  it("show a list's new name and members in the grouped sections at once", async () => {
    const sectionNames = async () =>
      (await overdueSectionsOn(0)).map((section) => [section.name, section.overdueCount]);
    const member = await createContact(api, { firstName: 'Member', lastName: 'Of Friends', listId: friends._id });
    expect(await sectionNames()).toEqual([
      ['Friends', 1],
      ['No List', IMPORTED],
    ]);
    expect((await api.put(`/lists/${friends._id}`, { name: 'Close friends' })).status).toBe(200);
    expect(await sectionNames()).toEqual([
      ['Close friends', 1],
      ['No List', IMPORTED],
    ]);
    expect((await api.delete(`/contacts/${member._id}`)).status).toBe(200);
    expect(await sectionNames()).toEqual([['No List', IMPORTED]]);
  });

  it('grow when a contact falls due, with no write in between', async () => {
    const soon = await createContact(api, {
      firstName: 'Due',
      lastName: 'Soon',
      lastContactDate: new Date().toISOString(),
    });
    const [{ dueAt }] = await sql<{ dueAt: Date }>(
      stack.databaseUrls.contacts,
      `UPDATE contacts SET overdue_at = now() + interval '8 seconds' WHERE id = $1 RETURNING overdue_at AS "dueAt"`,
      [soon._id],
    );
    const before = {
      overdue: await overdueTotalOn(0),
      screen: await totalOn(0, 'filter=overdue'),
      section: (await overdueSectionsOn(0)).find((section) => section.listId === null)!.overdueCount,
    };
    expect(before).toEqual({ overdue: IMPORTED, screen: IMPORTED, section: IMPORTED });
    // Asked again before it falls due: kept.
    expect(
      await lookupsDuring(0, async () => {
        await overdueTotalOn(0);
        await overdueSectionsOn(0);
      }),
    ).toEqual({ hit: 2, stale: 0, miss: 0 });

    await sleep(new Date(dueAt).getTime() + 200 - Date.now());
    expect(await overdueTotalOn(0)).toBe(IMPORTED + 1);
    expect(await totalOn(0, 'filter=overdue')).toBe(IMPORTED + 1);
    expect((await overdueSectionsOn(0)).find((section) => section.listId === null)!.overdueCount).toBe(IMPORTED + 1);
    expect((await api.delete(`/contacts/${soon._id}`)).status).toBe(200);
  });

  it("are never another user's", async () => {
    expect(await totalOn(0, 'search=anna')).toBe(IMPORTED);
    expect(await totalOn(0, 'search=anna', other)).toBe(0);
    expect(await overdueTotalOn(0)).toBe(IMPORTED);
    expect((await read(0, '/contacts/overdue?limit=1', other)).totalItems).toBe(0);
    expect((await read(0, '/contacts/sections', other)).sections).toEqual([]);
    // The other user's write leaves the owner's kept count alone.
    await createContact(apiFor(stack, other), { firstName: 'Anna', lastName: 'Elsewhere' });
    expect(await lookupsDuring(0, () => totalOn(0, 'search=anna'))).toEqual({ hit: 1, stale: 0, miss: 0 });
    expect(await totalOn(0, 'search=anna', other)).toBe(1);
  });
});
