import { davPaths } from '@kith/contracts';
import { startTestStack, type TestStack } from '@kith/stack/testing';
import { type Api, apiFor, createContact } from './support/api.js';
import { createAppPassword, davFor, vcard } from './support/dav.js';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({ services: ['auth', 'contacts', 'gateway'] });
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

/** Every field a card carries, for comparing contacts across accounts. */
const IMPORTED_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phoneNumber',
  'notes',
  'birthday',
  'company',
  'jobTitle',
  'phones',
  'emails',
  'address',
  'website',
] as const;
type Comparable = Record<(typeof IMPORTED_FIELDS)[number] | 'list', unknown>;
/** The card's fields and its list (by name: the two accounts' lists have different ids). */
const comparable = (contact: Record<string, unknown>): Comparable =>
  ({
    ...Object.fromEntries(IMPORTED_FIELDS.map((field) => [field, contact[field] ?? null])),
    list: (contact.list as { name: string } | null)?.name ?? null,
  }) as Comparable;
const byName = (a: Comparable, b: Comparable) =>
  `${a.firstName} ${a.lastName}`.localeCompare(`${b.firstName} ${b.lastName}`);

async function exportVcf(user: Awaited<ReturnType<TestStack['registerUser']>>, query = ''): Promise<Response> {
  return fetch(`${stack.gatewayUrl}/api/contacts/export.vcf${query}`, { headers: user.authHeader });
}

async function allContacts(api: Api): Promise<Record<string, unknown>[]> {
  return (await api.get('/contacts?limit=1000')).body.data.items;
}

async function importFile(api: Api, vcf: string) {
  const parsed = await api.upload('/contacts/import/parse', [{ field: 'vcfFile', name: 'export.vcf', content: vcf }]);
  expect(parsed.status).toBe(200);
  return parsed.body.data;
}

const SEED = [
  {
    firstName: 'Zoë',
    lastName: "O'Brien; Smith, Jr",
    email: 'zoe@example.test',
    phoneNumber: '+44 20 7946 0000',
    notes: 'Met at the café,\nlikes tea',
    birthday: '1985-03-12',
    company: 'Acme; Research, Ltd',
    jobTitle: 'Chief Tinkerer',
    phones: [
      { label: 'mobile', value: '+44 7700 900123' },
      { label: 'my cabin', value: '555-0100' },
    ],
    emails: [{ label: 'work', value: 'zoe@acme.example' }],
    address: '1 Long Road\nFlat 2\nLondon SW1A 1AA\nUnited Kingdom',
    website: 'https://zoe.example/~me?a=1',
  },
  { firstName: '太郎', lastName: '山田', phoneNumber: '090-1234-5678', birthday: '--02-29' },
  { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.test' },
  { firstName: 'Nobody', lastName: 'Reachable' },
];

describe('GET /api/contacts/export.vcf', () => {
  it.each(['3.0', '4.0'])(
    'round-trips vCard %s: an empty account imports the same contacts, the same account sees only duplicates',
    async (version) => {
      const owner = await stack.registerUser();
      const ownerApi = apiFor(stack, owner);
      const list = (await ownerApi.post('/lists', { name: 'Best, Friends' })).body.data;
      for (const contact of SEED)
        expect(
          (await ownerApi.post('/contacts', { ...contact, listId: contact.firstName === 'Ada' ? list._id : null }))
            .status,
        ).toBe(201);

      const response = await exportVcf(owner, version === '4.0' ? '?version=4.0' : '');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/vcard; charset=utf-8');
      expect(response.headers.get('content-disposition')).toBe('attachment; filename="kith-contacts.vcf"');
      const vcf = await response.text();
      expect(vcf.match(/^BEGIN:VCARD\r$/gm)).toHaveLength(SEED.length);
      expect(vcf.match(new RegExp(`^VERSION:${version.replace('.', '\\.')}\r$`, 'gm'))).toHaveLength(SEED.length);
      expect(vcf).toContain('CATEGORIES:Best\\, Friends\r\n');
      expect(vcf).toContain('NOTE:Met at the café\\,\\nlikes tea\r\n');

      const newcomer = await stack.registerUser();
      const newcomerApi = apiFor(stack, newcomer);
      const preview = await importFile(newcomerApi, vcf);
      expect(preview).toMatchObject({
        totalParsed: SEED.length,
        validContacts: SEED.length,
        duplicatesFound: 0,
        invalidContacts: 0,
        errors: [],
      });
      const confirmed = await newcomerApi.post('/contacts/import/confirm', { contacts: preview.contacts });
      expect(confirmed.body.data).toEqual({ imported: SEED.length, skipped: 0 });
      const original = (await allContacts(ownerApi)).map(comparable).sort(byName);
      expect(original.find((contact) => contact.firstName === 'Ada')!.list).toBe('Best, Friends');
      expect((await allContacts(newcomerApi)).map(comparable).sort(byName)).toEqual(original);
      // The list came across too (by name; its colour and interval are the defaults of a new list).
      expect((await newcomerApi.get('/lists')).body.data.map((entry: { name: string }) => entry.name)).toEqual([
        'Best, Friends',
      ]);

      const again = await importFile(ownerApi, vcf);
      expect(again.duplicatesFound).toBe(SEED.length);
      expect(again.contacts.every((contact: { isDuplicate: boolean }) => contact.isDuplicate)).toBe(true);
      expect((await ownerApi.get('/lists')).body.data).toHaveLength(1);
    },
  );

  it('names each person by the UID their phone knows them by (CardDAV), in both versions', async () => {
    const owner = await stack.registerUser();
    const api = apiFor(stack, owner);
    const dav = davFor(stack, owner.user.email, (await createAppPassword(api)).password);
    const book = davPaths.addressBook(owner.user._id);
    expect(
      (await dav.put(`${book}from-phone.vcf`, vcard(['UID:ABCD-1234-phone', 'FN:Pho Ne', 'N:Ne;Pho;;;']))).status,
    ).toBe(201);
    const made = await createContact(api, { firstName: 'Made', lastName: 'InKith' });
    const davUid = (card: string) => /^UID(?:;[^:]*)?:(.*)\r$/m.exec(card)![1];
    expect(davUid((await dav.get(`${book}${made._id}.vcf`)).text)).toBe(made._id);

    const v3 = await (await exportVcf(owner)).text();
    expect(v3).toContain('UID:ABCD-1234-phone\r\n');
    expect(v3).toContain(`UID:${made._id}\r\n`);
    const v4 = await (await exportVcf(owner, '?version=4.0')).text();
    expect(v4).toContain('UID;VALUE=text:ABCD-1234-phone\r\n');
    expect(v4).toContain(`UID;VALUE=text:${made._id}\r\n`);
  });

  it('exports one list with ?listId=, named after it; a foreign or unknown list is a 404, a bad version a 400', async () => {
    const owner = await stack.registerUser();
    const api = apiFor(stack, owner);
    const list = (await api.post('/lists', { name: 'Café Crew!' })).body.data;
    await api.post('/contacts', { firstName: 'In', lastName: 'List', listId: list._id });
    await api.post('/contacts', { firstName: 'Not', lastName: 'Listed' });
    const response = await exportVcf(owner, `?listId=${list._id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="kith-cafe-crew.vcf"');
    const vcf = await response.text();
    expect(vcf).toContain('FN:In List\r\n');
    expect(vcf).not.toContain('Listed');

    const stranger = await stack.registerUser();
    expect((await exportVcf(stranger, `?listId=${list._id}`)).status).toBe(404);
    const badVersion = await exportVcf(owner, '?version=2.1');
    expect(badVersion.status).toBe(400);
    expect((await badVersion.json()).details).toEqual([{ field: 'version', message: 'version must be 3.0 or 4.0' }]);
    expect((await fetch(`${stack.gatewayUrl}/api/contacts/export.vcf`)).status).toBe(401);
  });

  it('streams 20 000 contacts', async () => {
    const user = await stack.registerUser();
    const api = apiFor(stack, user);
    for (let batch = 0; batch < 2; batch += 1) {
      const contacts = Array.from({ length: 10_000 }, (_, index) => ({
        firstName: `Many${batch * 10_000 + index}`,
        lastName: 'Person',
        email: `many${batch * 10_000 + index}@example.test`,
      }));
      expect((await api.post('/contacts/import/confirm', { contacts })).body.data.imported).toBe(10_000);
    }
    const started = Date.now();
    const response = await exportVcf(user);
    expect(response.headers.get('transfer-encoding')).toBe('chunked');
    const vcf = await response.text();
    const uids = vcf.match(/^UID:.+\r$/gm) ?? [];
    expect(uids).toHaveLength(20_000);
    expect(new Set(uids).size).toBe(20_000);
    console.log(
      `vCard export of 20000 contacts: ${Date.now() - started} ms, ${Math.round(Buffer.byteLength(vcf) / 1024)} KiB`,
    );
  });
});
