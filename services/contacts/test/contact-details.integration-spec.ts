import { type RegisteredUser, startTestStack, type TestStack } from '@kith/stack/testing';
import { type Api, apiFor, createContact, DAY_MS } from './support/api.js';

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

const details = {
  birthday: '1985-03-12',
  company: 'Analytical Engines Ltd',
  jobTitle: 'Programmer',
  phones: [
    { label: 'Mobile', value: '+44 7700 900001' },
    { label: 'work', value: '+44 20 7946 0002' },
  ],
  emails: [{ label: 'home', value: 'ada@home.example' }],
  address: '12 St James’s Square\nLondon SW1Y 4JH\nUnited Kingdom',
  website: 'https://ada.example',
};

/** "--MM-DD" of the UTC day `days` from today. */
const monthDayIn = (days: number) => `--${new Date(Date.now() + days * DAY_MS).toISOString().slice(5, 10)}`;

describe('the whole person: new contact fields', () => {
  it('stores every field on create and returns it (labels lower-cased)', async () => {
    const contact = await createContact(api, { firstName: 'Ada', lastName: 'Lovelace', ...details });
    expect(contact).toMatchObject({
      ...details,
      phones: [{ label: 'mobile', value: '+44 7700 900001' }, details.phones[1]],
    });
    expect((await api.get(`/contacts/${contact._id}`)).body.data).toMatchObject({
      company: 'Analytical Engines Ltd',
      birthday: '1985-03-12',
    });
  });

  it('defaults the fields to empty, and update changes only the given ones', async () => {
    const contact = await createContact(api);
    expect(contact).toMatchObject({
      birthday: null,
      company: null,
      jobTitle: null,
      phones: [],
      emails: [],
      address: null,
      website: null,
    });
    const updated = await api.put(`/contacts/${contact._id}`, {
      birthday: '--02-29',
      phones: [{ label: 'home', value: '555 0100' }],
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({
      birthday: '--02-29',
      phones: [{ label: 'home', value: '555 0100' }],
      company: null,
    });
    const cleared = await api.put(`/contacts/${contact._id}`, { birthday: null, company: 'Kith' });
    expect(cleared.body.data).toMatchObject({
      birthday: null,
      company: 'Kith',
      phones: [{ label: 'home', value: '555 0100' }],
    });
  });

  it('answers 400 naming the field for bad values, and stores nothing', async () => {
    const bad = await api.post('/contacts', {
      firstName: 'Bad',
      lastName: 'Input',
      birthday: '1985-02-30',
      emails: [{ label: 'work', value: 'nope' }],
      phones: 'not a list',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual(
      expect.arrayContaining([
        { field: 'birthday', message: 'Birthday must be a date like 1985-03-12, or --03-12 without the year' },
        { field: 'emails.0.value', message: 'Emails: each must be a valid email address' },
        { field: 'phones', message: expect.stringContaining('Phones') },
      ]),
    );
    const tooMany = await api.post('/contacts', {
      firstName: 'A',
      lastName: 'B',
      phones: Array.from({ length: 21 }, (_, i) => ({ value: `${i}` })),
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.details[0]).toEqual({ field: 'phones', message: 'Phones: at most 20 entries' });
    expect((await api.get('/contacts?search=bad%20input')).body.data.totalItems).toBe(0);
  });

  it('search also matches the company and the additional phones and e-mails', async () => {
    const contact = await createContact(api, {
      firstName: 'Grace',
      lastName: 'Hopper',
      company: 'Eckert–Mauchly Computer Corporation',
      phones: [{ label: 'work', value: '+1 202 555 0147' }],
      emails: [{ label: 'work', value: 'amazing.grace@navy.example' }],
    });
    for (const term of ['mauchly', '555 0147', 'amazing.grace']) {
      const found = (await api.get(`/contacts?search=${encodeURIComponent(term)}`)).body.data.items.map(
        (c: { _id: string }) => c._id,
      );
      expect({ term, found }).toEqual({ term, found: [contact._id] });
    }
  });
});

describe('GET /contacts/birthdays', () => {
  it('lists the birthdays of the next days soonest first, with the age when the year is known', async () => {
    const own = apiFor(stack, await stack.registerUser());
    const today = monthDayIn(0);
    const inThree = monthDayIn(3);
    await createContact(own, { firstName: 'Later', lastName: 'One', birthday: `1990${inThree.slice(1)}` });
    await createContact(own, { firstName: 'Today', lastName: 'Two', birthday: today });
    await createContact(own, { firstName: 'Far', lastName: 'Away', birthday: monthDayIn(40) });
    await createContact(own, { firstName: 'No', lastName: 'Birthday' });
    const answer = await own.get('/contacts/birthdays?withinDays=14');
    expect(answer.status).toBe(200);
    expect(
      answer.body.data.items.map((b: { firstName: string; daysUntil: number; age: number | null }) => [
        b.firstName,
        b.daysUntil,
        b.age,
      ]),
    ).toEqual([
      ['Today', 0, null],
      ['Later', 3, new Date(Date.now() + 3 * DAY_MS).getUTCFullYear() - 1990],
    ]);
    expect((await own.get('/contacts/birthdays?withinDays=100')).status).toBe(400);
    // Another user's birthdays never show.
    expect(
      (await api.get('/contacts/birthdays')).body.data.items.map((b: { firstName: string }) => b.firstName),
    ).not.toContain('Today');
  });
});

describe('import keeps the new fields through parse and confirm', () => {
  const card = [
    'BEGIN:VCARD',
    'VERSION:3.0',
    'N:Babbage;Charles;;;',
    'FN:Charles Babbage',
    'ORG:Difference Engines;R&D',
    'TITLE:Inventor',
    'TEL;TYPE=CELL,PREF:+44 7700 900100',
    'TEL;TYPE=HOME:+44 20 7946 0100',
    'EMAIL;TYPE=WORK:charles@engines.example',
    'EMAIL;TYPE=HOME:cb@home.example',
    'ADR;TYPE=HOME:;;1 Dorset Street;London;;W1U 4EG;UK',
    'URL:https://engines.example',
    'BDAY:--1226',
    'NOTE:Met at the Royal Society\\nLikes puzzles',
    'END:VCARD',
    '',
  ].join('\r\n');

  it('shows them in the preview and stores them', async () => {
    const own = apiFor(stack, await stack.registerUser());
    const parsed = await own.upload('/contacts/import/parse', [
      { field: 'vcfFile', name: 'babbage.vcf', content: card },
    ]);
    expect(parsed.status).toBe(200);
    const [row] = parsed.body.data.contacts;
    const expected = {
      firstName: 'Charles',
      lastName: 'Babbage',
      phoneNumber: '+44 7700 900100',
      email: 'charles@engines.example',
      company: 'Difference Engines, R&D',
      jobTitle: 'Inventor',
      phones: [{ label: 'home', value: '+44 20 7946 0100' }],
      emails: [{ label: 'home', value: 'cb@home.example' }],
      address: '1 Dorset Street',
      city: 'London',
      postalCode: 'W1U 4EG',
      country: 'UK',
      website: 'https://engines.example',
      birthday: '--12-26',
      notes: 'Met at the Royal Society\nLikes puzzles',
    };
    expect(row).toMatchObject({ ...expected, isValid: true, isDuplicate: false });

    const { isValid: _valid, isDuplicate: _duplicate, ...body } = row;
    const confirmed = await own.post('/contacts/import/confirm', { contacts: [body] });
    expect(confirmed.body.data).toEqual({ imported: 1, skipped: 0 });
    const [stored] = (await own.get('/contacts')).body.data.items;
    expect(stored).toMatchObject(expected);
  });

  it('validates the new fields of the confirm body, naming them, and rolls back', async () => {
    const own = apiFor(stack, await stack.registerUser());
    const answer = await own.post('/contacts/import/confirm', {
      contacts: [
        { firstName: 'Good', lastName: 'Row' },
        { firstName: 'Bad', lastName: 'Row', birthday: '13-13' },
      ],
    });
    expect(answer.status).toBe(400);
    expect(answer.body.details).toEqual([
      { field: 'contacts.1.birthday', message: 'Birthday must be a date like 1985-03-12, or --03-12 without the year' },
    ]);
    expect((await own.get('/contacts')).body.data.totalItems).toBe(0);
  });
});
