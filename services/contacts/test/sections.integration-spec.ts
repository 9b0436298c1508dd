import { type RegisteredUser, startTestStack, type TestStack } from '@kith/stack/testing';
import { type Api, apiFor, createContact, createList, daysAgo } from './support/api.js';

// The grouped contacts screen: GET /contacts/sections gives every list section's full
// count and overdue count; each section then pages with GET /contacts?listId=<id|none>.
let stack: TestStack;
let owner: RegisteredUser;
let api: Api;
let beta: { _id: string };
let alpha: { _id: string };

const IMPORTED = 2_500;

beforeAll(async () => {
  stack = await startTestStack({ services: ['auth', 'contacts', 'gateway'] });
  owner = await stack.registerUser();
  api = apiFor(stack, owner);
  // Created out of name order, one lower-case, so the sort has something to do.
  beta = await createList(api, { name: 'Beta', reminderDays: 30, color: '#ef4444' });
  alpha = await createList(api, { name: 'alpha', reminderDays: 30 });
  await createList(api, { name: 'Empty' });
  // Thousands of never-contacted (so overdue) people, imported the way a user moves an address book in.
  const people = Array.from({ length: IMPORTED }, (_, i) => ({
    firstName: `Person${String(i).padStart(4, '0')}`,
    lastName: 'Imported',
    email: `person${i}@import.example`,
  }));
  const imported = await api.post('/contacts/import/confirm', {
    contacts: people.filter((_, i) => i % 5 === 0),
    listId: beta._id,
  });
  expect(imported.body.data.imported).toBe(IMPORTED / 5);
  const withoutList = await api.post('/contacts/import/confirm', { contacts: people.filter((_, i) => i % 5 !== 0) });
  expect(withoutList.body.data.imported).toBe((IMPORTED * 4) / 5);
  await createContact(api, {
    firstName: 'Recent',
    lastName: 'Alpha',
    listId: alpha._id,
    lastContactDate: daysAgo(1),
    notes: 'Zebra crossing',
  });
  await createContact(api, { firstName: 'Late', lastName: 'Alpha', listId: alpha._id, lastContactDate: daysAgo(60) });
}, 180_000);
afterAll(async () => {
  await stack?.stop();
});

const sectionsOf = async (query = '') => {
  const answer = await api.get(`/contacts/sections${query}`);
  expect(answer.status).toBe(200);
  return answer.body.data as {
    sections: { listId: string | null; name: string; color: string | null; totalItems: number; overdueCount: number }[];
    totalItems: number;
  };
};
const totalOf = async (query: string) => (await api.get(`/contacts?limit=1&${query}`)).body.data.totalItems as number;

describe('GET /contacts/sections', () => {
  it('counts every contact per list, sorted by list name case-insensitively, No List last, empty lists left out', async () => {
    const { sections, totalItems } = await sectionsOf();
    expect(sections.map((section) => [section.name, section.totalItems, section.overdueCount])).toEqual([
      ['alpha', 2, 1],
      ['Beta', IMPORTED / 5, IMPORTED / 5],
      ['No List', (IMPORTED * 4) / 5, (IMPORTED * 4) / 5],
    ]);
    expect(sections[1]).toMatchObject({ listId: beta._id, color: '#ef4444' });
    expect(sections[2]).toMatchObject({ listId: null, color: null });
    expect(totalItems).toBe(await totalOf(''));
    expect(totalItems).toBe(IMPORTED + 2);
  });

  it('agrees with each section page: a list, and listId=none for the contacts without a list', async () => {
    for (const section of (await sectionsOf()).sections) {
      const listId = section.listId ?? 'none';
      expect(await totalOf(`listId=${listId}`)).toBe(section.totalItems);
      expect(await totalOf(`listId=${listId}&filter=overdue`)).toBe(section.overdueCount);
    }
    const lastOfNoList = await api.get(`/contacts?listId=none&limit=1000&page=2&sortBy=name&sortOrder=asc`);
    expect(lastOfNoList.body.data.items).toHaveLength(1000);
    expect(lastOfNoList.body.data.items.every((contact: { listId: string | null }) => contact.listId === null)).toBe(
      true,
    );
    expect(lastOfNoList.body.data.items.at(-1).firstName).toBe('Person2499');
  });

  it('narrows to the overdue scope and to a search, like the page it groups', async () => {
    const overdue = await sectionsOf('?filter=overdue');
    expect(overdue.sections.map((section) => [section.name, section.totalItems])).toEqual([
      ['alpha', 1],
      ['Beta', IMPORTED / 5],
      ['No List', (IMPORTED * 4) / 5],
    ]);
    expect(overdue.totalItems).toBe(await totalOf('filter=overdue'));

    // Substring, case-insensitive, across name, email and notes.
    // Person2490…Person2499 by name, and Person0249 by their email person249@import.example.
    const search = await sectionsOf(`?search=${encodeURIComponent('PERSON249')}`);
    expect(search.totalItems).toBe(11);
    expect(search.totalItems).toBe(await totalOf('search=person249'));
    expect((await sectionsOf('?search=zebra')).sections).toEqual([
      { listId: alpha._id, name: 'alpha', color: '#3B82F6', totalItems: 1, overdueCount: 0 },
    ]);
    expect(await sectionsOf('?search=nobody-at-all')).toEqual({ sections: [], totalItems: 0 });
  });

  it('shows one user only their own sections', async () => {
    const stranger = apiFor(stack, await stack.registerUser());
    expect((await stranger.get('/contacts/sections')).body.data).toEqual({ sections: [], totalItems: 0 });
    expect((await stranger.get('/contacts?listId=none')).body.data.totalItems).toBe(0);
    expect((await stranger.get(`/contacts?listId=${beta._id}`)).status).toBe(404);
  });

  it('validates its query and needs a token', async () => {
    const bad = await api.get('/contacts/sections?filter=late');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('filter');
    expect((await apiFor(stack).get('/contacts/sections')).status).toBe(401);
  });
});
