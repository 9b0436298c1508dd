import { readFileSync } from 'node:fs';
import {
  DEFAULT_LIST_COLOR,
  DEFAULT_LIST_REMINDER_DAYS,
  IMPORT_MAX_FILE_BYTES,
  IMPORT_MAX_NEW_LISTS,
} from '@kith/contracts';
import { startTestStack, type TestStack } from '@kith/stack/testing';
import { type Api, apiFor, createContact, createList, daysAgo } from './support/api.js';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/import/${name}`, import.meta.url));
const household = fixture('household.vcf');
const android = fixture('android-v21.vcf');

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({ services: ['auth', 'contacts', 'gateway'] });
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

const freshApi = async (): Promise<Api> => apiFor(stack, await stack.registerUser());
const parse = (api: Api, content: Buffer | string, name = 'contacts.vcf') =>
  api.upload('/contacts/import/parse', [{ field: 'vcfFile', name, content }]);
type Row = {
  firstName: string;
  lastName: string;
  email: string | null;
  phoneNumber: string | null;
  isValid: boolean;
  isDuplicate: boolean;
  reason?: string;
};
/** The people of a preview (the company's own card left out), as the screen sends them. */
const selectable = (rows: Row[]) =>
  rows
    .filter((row) => row.isValid && !row.isDuplicate && (row.firstName || row.lastName))
    .map(({ firstName, lastName, email, phoneNumber }) => ({ firstName, lastName, email, phoneNumber }));

describe('vCard import', () => {
  it('parses a file into the contract shape, flags invalid and duplicate cards, and stores nothing', async () => {
    const api = await freshApi();
    const answer = await parse(api, household);
    expect(answer.status).toBe(200);
    const result = answer.body.data;
    expect(result).toMatchObject({
      totalParsed: 5,
      validContacts: 5,
      duplicatesFound: 1,
      invalidContacts: 0,
      errors: [],
    });
    expect(
      result.contacts.map((row: Row) => [
        row.firstName,
        row.lastName,
        row.email,
        row.phoneNumber,
        row.isValid,
        row.isDuplicate,
      ]),
    ).toEqual([
      ['Astrid', 'Lindqvist', 'astrid@example.se', '+46 70 123 45 67', true, false],
      ['Kwame', 'Mensah', null, '+233 20 555 0101', true, false],
      ['Haruki', 'Ito', null, null, true, false],
      // A company's card (ORG, no person's name) is that company, kept.
      ['', '', 'info@nameless.example', null, true, false],
      ['Astrid', 'Lindqvist', 'ASTRID@example.se', null, true, true],
    ]);
    expect(result.contacts[3]).toMatchObject({ company: 'Nameless Corp' });
    expect(result.contacts[4].reason).toMatch(/earlier contact in this file/);
    expect((await api.get('/contacts')).body.data.totalItems).toBe(0);
  });

  it('imports the selection in one go, then flags and skips the same people on a second import', async () => {
    const api = await freshApi();
    const first = (await parse(api, household)).body.data;
    const confirmed = await api.post('/contacts/import/confirm', { contacts: selectable(first.contacts) });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data).toEqual({ imported: 3, skipped: 0 });

    const stored = (await api.get('/contacts?sortBy=name')).body.data;
    expect(stored.totalItems).toBe(3);
    expect(stored.items.map((contact: { firstName: string }) => contact.firstName)).toEqual([
      'Astrid',
      'Haruki',
      'Kwame',
    ]);
    expect(stored.items[0]).toMatchObject({
      email: 'astrid@example.se',
      isOverdue: true,
      lastContactDate: null,
      listId: null,
    });

    const again = (await parse(api, household)).body.data;
    const people = again.contacts.filter((row: Row) => row.isValid && (row.firstName || row.lastName));
    expect(people.every((row: Row) => row.isDuplicate)).toBe(true);
    expect(again.contacts[0].reason).toMatch(/already exists/);
    expect(again.duplicatesFound).toBe(4);

    // The server re-checks: sending the first selection again stores nobody twice.
    const repeated = await api.post('/contacts/import/confirm', { contacts: selectable(first.contacts) });
    expect(repeated.body.data).toEqual({ imported: 0, skipped: 3 });
    expect((await api.get('/contacts')).body.data.totalItems).toBe(3);
  });

  it('reads vCard 2.1 quoted-printable UTF-8 and matches name-only cards by full name', async () => {
    const api = await freshApi();
    await createContact(api, { firstName: 'haruki', lastName: 'ito' });
    const result = (await parse(api, android)).body.data;
    expect(result.contacts).toEqual([
      expect.objectContaining({
        firstName: 'Jürgen',
        lastName: 'Müller',
        phoneNumber: '+49 151 5550 1234',
        isValid: true,
        isDuplicate: false,
      }),
      expect.objectContaining({ firstName: 'Haruki', lastName: 'Ito', isValid: true, isDuplicate: true }),
    ]);
  });

  it("starts the imported contacts' reminder timers at the import when asked, and touches no contact already there", async () => {
    const api = await freshApi();
    const monthly = await createList(api, { name: 'Monthly', reminderDays: 30 });
    const neverContacted = await createContact(api, { firstName: 'Old', lastName: 'Friend', email: 'old@example.com' });
    const longAgo = await createContact(api, { firstName: 'Long', lastName: 'Ago', lastContactDate: daysAgo(100) });
    const existingBefore = [
      (await api.get(`/contacts/${neverContacted._id}`)).body.data,
      (await api.get(`/contacts/${longAgo._id}`)).body.data,
    ];

    const startedAt = Date.now();
    const timed = await api.post('/contacts/import/confirm', {
      startTimersToday: true,
      contacts: [
        { firstName: 'Fresh', lastName: 'Start', email: 'fresh@example.com' },
        { firstName: 'In', lastName: 'Monthly', listId: monthly._id },
        // The same person as a contact already there: skipped, and the option must not reach them.
        { firstName: 'Old', lastName: 'Friend', email: 'OLD@example.com' },
      ],
    });
    const finishedAt = Date.now();
    expect(timed.status).toBe(200);
    expect(timed.body.data).toEqual({ imported: 2, skipped: 1 });
    // Without the option, and with it off, the spec's rule applies as before: never contacted is overdue.
    expect(
      (await api.post('/contacts/import/confirm', { contacts: [{ firstName: 'No', lastName: 'Option' }] })).body.data,
    ).toEqual({ imported: 1, skipped: 0 });
    const untimed = await api.post('/contacts/import/confirm', {
      startTimersToday: false,
      contacts: [{ firstName: 'Option', lastName: 'Off' }],
    });
    expect(untimed.body.data).toEqual({ imported: 1, skipped: 0 });

    type Listed = {
      _id: string;
      firstName: string;
      lastName: string;
      lastContactDate: string | null;
      isOverdue: boolean;
    };
    const all: Listed[] = (await api.get('/contacts?limit=20')).body.data.items;
    const byName = new Map(all.map((contact) => [`${contact.firstName} ${contact.lastName}`, contact]));
    expect(byName.size).toBe(6);
    for (const name of ['Fresh Start', 'In Monthly']) {
      const contact = byName.get(name)!;
      expect(contact.isOverdue).toBe(false);
      expect(Date.parse(contact.lastContactDate!)).toBeGreaterThanOrEqual(startedAt);
      expect(Date.parse(contact.lastContactDate!)).toBeLessThanOrEqual(finishedAt);
    }
    expect(byName.get('In Monthly')!.lastContactDate).toBe(byName.get('Fresh Start')!.lastContactDate);
    for (const name of ['No Option', 'Option Off'])
      expect(byName.get(name)).toMatchObject({ lastContactDate: null, isOverdue: true });

    // The contacts already in the account are exactly as they were, on every field.
    expect([
      (await api.get(`/contacts/${neverContacted._id}`)).body.data,
      (await api.get(`/contacts/${longAgo._id}`)).body.data,
    ]).toEqual(existingBefore);
    expect(existingBefore.map((contact) => contact.isOverdue)).toEqual([true, true]);

    // The stored overdue time (what the overdue filter and the daily e-mail read) agrees.
    const overdue: Listed[] = (await api.get('/contacts?filter=overdue&limit=20')).body.data.items;
    expect(overdue.map((contact) => `${contact.firstName} ${contact.lastName}`).sort()).toEqual([
      'Long Ago',
      'No Option',
      'Old Friend',
      'Option Off',
    ]);
  });

  it('skips duplicates within one confirm request and against existing contacts by phone', async () => {
    const api = await freshApi();
    await createContact(api, { firstName: 'Existing', lastName: 'Phone', phoneNumber: '+1 (905) 555-1234' });
    const answer = await api.post('/contacts/import/confirm', {
      contacts: [
        { firstName: 'New', lastName: 'Person', email: 'new@example.com' },
        { firstName: 'Newer', lastName: 'Person', email: 'NEW@example.com' },
        { firstName: 'Phone', lastName: 'Twin', phoneNumber: '+1 905 555 1234' },
        { firstName: 'Only', lastName: 'Name' },
        { firstName: 'only', lastName: 'name' },
      ],
    });
    expect(answer.body.data).toEqual({ imported: 2, skipped: 3 });
  });

  it("attaches imported contacts to one of the caller's lists", async () => {
    const api = await freshApi();
    const list = await createList(api, { name: 'Imported', reminderDays: 60 });
    const answer = await api.post('/contacts/import/confirm', {
      listId: list._id,
      contacts: [{ firstName: 'In', lastName: 'List' }],
    });
    expect(answer.body.data).toEqual({ imported: 1, skipped: 0 });
    expect((await api.get(`/lists/${list._id}`)).body.data).toMatchObject({ contactCount: 1, overdueCount: 1 });
    const unknown = await api.post('/contacts/import/confirm', {
      listId: '00000000-0000-4000-8000-000000000000',
      contacts: [{ firstName: 'X', lastName: 'Y' }],
    });
    expect(unknown.status).toBe(404);
    expect((await api.get('/contacts')).body.data.totalItems).toBe(1);
  });

  it('puts each card in the list its CATEGORIES name, creating missing lists in the same transaction', async () => {
    const api = await freshApi();
    const family = await createList(api, { name: 'Family', reminderDays: 14, color: '#EF4444' });
    const chosen = await createList(api, { name: 'Chosen' });
    const file = [
      ['Ana', 'Silva', 'CATEGORIES:family'],
      ['Bea', 'Silva', 'CATEGORIES:My Contacts,Climbing\\, Outdoors'],
      ['Caio', 'Silva', 'CATEGORIES:Climbing\\, outdoors'],
      ['Duda', 'Silva', 'CATEGORIES:starred'],
      ['Enzo', 'Silva', 'CATEGORIES:Family'],
    ]
      .map(
        ([first, last, categories]) =>
          `BEGIN:VCARD\r\nVERSION:3.0\r\nN:${last};${first};;;\r\n${categories}\r\nEND:VCARD\r\n`,
      )
      .join('');
    const preview = (await parse(api, file)).body.data;
    expect(preview.contacts.map((row: { listName: string | null }) => row.listName)).toEqual([
      'family',
      'Climbing, Outdoors',
      'Climbing, outdoors',
      null,
      'Family',
    ]);
    expect((await api.get('/lists')).body.data).toHaveLength(2); // the preview stores nothing

    const rows = preview.contacts.map(({ isValid: _v, isDuplicate: _d, ...row }: Record<string, unknown>) => row);
    // A list chosen for a row wins over its category.
    rows[4] = { ...rows[4], listId: chosen._id };
    const confirmed = await api.post('/contacts/import/confirm', { contacts: rows });
    expect(confirmed.body.data).toEqual({ imported: 5, skipped: 0 });

    const lists: { _id: string; name: string; color: string; reminderDays: number; contactCount: number }[] = (
      await api.get('/lists')
    ).body.data;
    expect(lists.map((list) => [list.name, list.contactCount]).sort()).toEqual([
      ['Chosen', 1],
      ['Climbing, Outdoors', 2],
      ['Family', 1],
    ]);
    const created = lists.find((list) => list.name === 'Climbing, Outdoors')!;
    // A list made from a category has the defaults of a list made by name alone.
    expect(created).toMatchObject({ color: DEFAULT_LIST_COLOR, reminderDays: DEFAULT_LIST_REMINDER_DAYS });
    const byFirstName = new Map(
      (await api.get('/contacts?limit=10')).body.data.items.map((contact: { firstName: string; listId: string }) => [
        contact.firstName,
        contact.listId,
      ]),
    );
    expect(Object.fromEntries(byFirstName)).toEqual({
      Ana: family._id,
      Bea: created._id,
      Caio: created._id,
      Duda: null,
      Enzo: chosen._id,
    });

    // Duplicates create no list: the same file again stores nothing, and no 'Hikers' list appears.
    const again = await api.post('/contacts/import/confirm', {
      contacts: [{ firstName: 'Ana', lastName: 'Silva', listName: 'Hikers' }],
    });
    expect(again.body.data).toEqual({ imported: 0, skipped: 1 });
    expect((await api.get('/lists')).body.data).toHaveLength(3);
  });

  it('refuses a file that would create more lists than one import may, storing nothing', async () => {
    const api = await freshApi();
    const contacts = Array.from({ length: IMPORT_MAX_NEW_LISTS + 1 }, (_, n) => ({
      firstName: `Cat${n}`,
      lastName: 'Egory',
      listName: `Group ${n}`,
    }));
    const answer = await api.post('/contacts/import/confirm', { contacts });
    expect(answer.status).toBe(400);
    expect(answer.body.details[0].message).toMatch(/at most 100/);
    expect((await api.get('/lists')).body.data).toEqual([]);
    expect((await api.get('/contacts')).body.data.totalItems).toBe(0);
  });

  it('stores each person once when two confirms of the same rows race', async () => {
    const api = await freshApi();
    const contacts = Array.from({ length: 50 }, (_, n) => ({
      firstName: `Racer${n}`,
      lastName: 'Twin',
      email: `racer${n}@example.com`,
    }));
    const answers = await Promise.all([
      api.post('/contacts/import/confirm', { contacts }),
      api.post('/contacts/import/confirm', { contacts }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(answers.map((answer) => answer.body.data.imported).sort()).toEqual([0, 50]);
    expect((await api.get('/contacts')).body.data.totalItems).toBe(50);
  });

  it('validates the confirm body', async () => {
    const api = await freshApi();
    const empty = await api.post('/contacts/import/confirm', { contacts: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.details).toEqual([
      { field: 'contacts', message: 'Please select at least one contact to import' },
    ]);
    const nameless = await api.post('/contacts/import/confirm', {
      contacts: [{ firstName: ' ', lastName: '', notes: 'who?' }],
    });
    expect(nameless.status).toBe(400);
    expect(nameless.body.details).toEqual([
      { field: 'contacts.0.firstName', message: 'A card needs a name, a company or a phone number' },
    ]);
    const familyNameOnly = await api.post('/contacts/import/confirm', {
      contacts: [{ firstName: '', lastName: 'Tanaka' }],
    });
    expect(familyNameOnly.status).toBe(200);
    expect(familyNameOnly.body.data).toEqual({ imported: 1, skipped: 0 });
  });

  it('refuses files over 5 MB with 413', async () => {
    const api = await freshApi();
    const tooBig = Buffer.alloc(IMPORT_MAX_FILE_BYTES + 1, 'A');
    const answer = await parse(api, tooBig);
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({
      success: false,
      code: 'PAYLOAD_TOO_LARGE',
      error: `File is larger than ${IMPORT_MAX_FILE_BYTES} bytes`,
    });
  });

  it('refuses other file types with 415', async () => {
    const api = await freshApi();
    const answer = await parse(api, household, 'contacts.csv');
    expect(answer.status).toBe(415);
    expect(answer.body).toMatchObject({
      success: false,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      error: 'File type must be .vcf or .vcard',
    });
    expect((await parse(api, household, 'CONTACTS.VCARD')).status).toBe(200);
  });

  it('wants exactly one file in the vcfFile field (400 otherwise)', async () => {
    const api = await freshApi();
    const two = await api.upload('/contacts/import/parse', [
      { field: 'vcfFile', name: 'a.vcf', content: household },
      { field: 'vcfFile', name: 'b.vcf', content: household },
    ]);
    expect(two.status).toBe(400);
    const wrongField = await api.upload('/contacts/import/parse', [
      { field: 'file', name: 'a.vcf', content: household },
    ]);
    expect(wrongField.status).toBe(400);
    const none = await api.upload('/contacts/import/parse', []);
    expect(none.status).toBe(400);
    expect(none.body.details[0].field).toBe('vcfFile');
  });

  it('reports a malformed card without failing the file', async () => {
    const api = await freshApi();
    const broken = `${household.toString('utf8')}BEGIN:VCARD\r\nVERSION:3.0\r\nN:Cut;Off;;;\r\n`;
    const answer = await parse(api, broken);
    expect(answer.status).toBe(200);
    expect(answer.body.data.totalParsed).toBeGreaterThanOrEqual(5);
    expect(answer.body.data.errors.length).toBeGreaterThan(0);
  });
});
