/**
 * Names and addresses as cards mean them, and search as people write, end to end: a file of
 * cards as phones and address books export them (a number as the name, a company's card, an
 * honorific, a full ADR) goes through the import, the export and a real CardDAV client we did not
 * write (vdirsyncer, as in carddav-clients.integration-spec.ts), and is found by accent-free and
 * digit searches through the gateway.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { fullName, NO_NAME } from '@kith/contracts';
import { type RegisteredUser, startTestStack, type TestStack } from '@kith/stack/testing';
import { type Api, apiFor } from './support/api.js';
import { createAppPassword, unfold } from './support/dav.js';

const run = promisify(execFile);
const cardsFile = readFileSync(new URL('./fixtures/vcards/names-as-cards-mean-them.vcf', import.meta.url));

let stack: TestStack;
let owner: RegisteredUser;
let api: Api;
let home: string;

beforeAll(async () => {
  stack = await startTestStack({ services: ['auth', 'contacts', 'gateway'] });
  owner = await stack.registerUser();
  api = apiFor(stack, owner);
  home = mkdtempSync(join(tmpdir(), 'kith-names-'));
}, 120_000);
afterAll(async () => {
  if (home) rmSync(home, { recursive: true, force: true });
  await stack?.stop();
});

interface Row {
  _id: string;
  firstName: string;
  lastName: string;
  namePrefix: string | null;
  company: string | null;
  phoneNumber: string | null;
  address: string | null;
  city: string | null;
  region: string | null;
  postalCode: string | null;
  country: string | null;
  isValid?: boolean;
}

const everyone = async (): Promise<Row[]> =>
  (await api.get('/contacts?limit=100&sortBy=created&sortOrder=asc')).body.data.items;
const found = async (term: string) =>
  ((await api.get(`/contacts?search=${encodeURIComponent(term)}`)).body.data.items as Row[]).map(fullName).sort();

const zoe = {
  namePrefix: 'Prof.',
  firstName: 'Zoé',
  lastName: 'Lefèvre',
  address: "BP 12\nBâtiment B\n12 rue de l'Église\nAppartement 4",
  city: 'Besançon',
  region: 'Bourgogne-Franche-Comté',
  postalCode: '25000',
  country: 'France',
};

describe('names and addresses through import, search, export and vdirsyncer', () => {
  it('imports numbers, companies, honorifics and addresses as the cards mean them', async () => {
    const parsed = (
      await api.upload('/contacts/import/parse', [{ field: 'vcfFile', name: 'phone.vcf', content: cardsFile }])
    ).body.data;
    const rows: Row[] = parsed.contacts;
    expect(rows.map((row) => [row.namePrefix, row.firstName, row.lastName, row.company, row.isValid])).toEqual([
      [null, '', '', null, true],
      [null, '', '', null, true],
      [null, '', '', 'Atelier Lumière', true],
      [null, '', '', 'Acme, Research', true],
      ['Dr.', 'Amara', 'Okafor', null, true],
      ['Dr.', 'Chidi', 'Okafor', null, true],
      ['Prof.', 'Zoé', 'Lefèvre', null, true],
      [null, '', '', null, false],
    ]);
    const selected = rows
      .filter((row) => row.isValid)
      .map(({ isValid: _v, isDuplicate: _d, reason: _r, listName: _l, ...row }: Row & Record<string, unknown>) => row);
    expect((await api.post('/contacts/import/confirm', { contacts: selected })).body.data).toEqual({
      imported: 7,
      skipped: 0,
    });
    const stored = await everyone();
    expect(stored.map(fullName).sort()).toEqual(
      [NO_NAME, NO_NAME, 'Atelier Lumière', 'Acme, Research', 'Amara Okafor', 'Chidi Okafor', 'Zoé Lefèvre'].sort(),
    );
    expect(
      stored
        .filter((row) => fullName(row) === NO_NAME)
        .map((row) => row.phoneNumber)
        .sort(),
    ).toEqual(['+33 6 11 22 33 44', '06 11 22 33 45']);
    expect(stored.find((row) => row.firstName === 'Zoé')).toMatchObject(zoe);
  });

  it('finds people as they are written: any accent or case, job title and address parts, phones by their digits', async () => {
    expect(await found('zoe lefevre')).toEqual(['Zoé Lefèvre']);
    expect(await found('ZOÉ')).toEqual(['Zoé Lefèvre']);
    expect(await found('besancon')).toEqual(['Zoé Lefèvre']);
    expect(await found('franche-comte')).toEqual(['Zoé Lefèvre']);
    expect(await found('eglise')).toEqual(['Zoé Lefèvre']);
    expect(await found('lumiere')).toEqual(['Atelier Lumière']);
    for (const term of ['0611223344', '611223344', '+33611', '+33 6 11 22 33 44', '06-11-22-33-44'])
      expect({ term, found: await found(term) }).toEqual({ term, found: [NO_NAME] });
    // The national number: its own form and digits; and the company's number by its trunk-less digits.
    expect(await found('0611223345')).toEqual([NO_NAME]);
    expect(await found('0145678910')).toEqual(['Atelier Lumière']);
  });

  it('exports the prefix in N, a company card as a company, and ADR in its parts; the export reads back the same', async () => {
    const response = await fetch(`${stack.gatewayUrl}/api/contacts/export.vcf`, { headers: owner.authHeader });
    const lines = unfold(await response.text());
    expect(lines).toContain('N:Lefèvre;Zoé;;Prof.;');
    expect(lines).toContain(
      "ADR:;;BP 12\\nBâtiment B\\n12 rue de l'Église\\nAppartement 4;Besançon;Bourgogne-Franche-Comté;25000;France",
    );
    expect(lines).toContain('FN:Atelier Lumière');
    expect(lines).toContain('X-ABShowAs:COMPANY');
    expect(lines).toContain('FN:+33 6 11 22 33 44');
    const exported = Buffer.from(lines.join('\r\n'));
    const reread: Row[] = (
      await api.upload('/contacts/import/parse', [{ field: 'vcfFile', name: 'export.vcf', content: exported }])
    ).body.data.contacts;
    const fields = (row: Row) =>
      JSON.stringify([
        row.namePrefix,
        row.firstName,
        row.lastName,
        row.company,
        row.phoneNumber,
        row.address,
        row.city,
        row.region,
        row.postalCode,
        row.country,
      ]);
    expect(reread.map(fields).sort()).toEqual((await everyone()).map(fields).sort());
  });

  it('syncs the parts through vdirsyncer both ways', async () => {
    const { password } = await createAppPassword(api, 'vdirsyncer');
    const cards = join(home, 'cards');
    mkdirSync(join(cards, 'contacts'), { recursive: true });
    const config = join(home, 'vdirsyncer.conf');
    writeFileSync(
      config,
      [
        '[general]',
        `status_path = "${join(home, 'status')}/"`,
        '[pair kith_sync]',
        'a = "phone"',
        'b = "kith_server"',
        'collections = ["from b"]',
        '[storage phone]',
        'type = "filesystem"',
        `path = "${cards}/"`,
        'fileext = ".vcf"',
        '[storage kith_server]',
        'type = "carddav"',
        `url = "${stack.gatewayUrl}/"`,
        `username = "${owner.user.email}"`,
        `password = "${password}"`,
        '',
      ].join('\n'),
    );
    const env = { ...process.env, HOME: home, LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8' };
    const vdirsyncer = (...args: string[]) => run('vdirsyncer', ['-c', config, ...args], { env, timeout: 120_000 });
    await vdirsyncer('discover', 'kith_sync');
    await vdirsyncer('sync');

    const stored = await everyone();
    const zoeRow = stored.find((row) => row.firstName === 'Zoé')!;
    const file = join(cards, 'contacts', `${zoeRow._id}.vcf`);
    const card = readFileSync(file, 'utf8');
    expect(unfold(card)).toContain('N:Lefèvre;Zoé;;Prof.;');
    expect(unfold(card)).toContain(
      "ADR:;;BP 12\\nBâtiment B\\n12 rue de l'Église\\nAppartement 4;Besançon;Bourgogne-Franche-Comté;25000;France",
    );
    expect(readdirSync(join(cards, 'contacts'))).toHaveLength(7);

    // The phone moves her to Lyon and drops the title; the server edits a company's city.
    writeFileSync(
      file,
      card
        .replace(/ADR:[^\r\n]*(\r\n [^\r\n]*)*/, 'ADR:;;3 place Bellecour;Lyon;Auvergne-Rhône-Alpes;69002;France')
        .replace('N:Lefèvre;Zoé;;Prof.;', 'N:Lefèvre;Zoé;;;'),
    );
    const atelier = stored.find((row) => row.company === 'Atelier Lumière')!;
    expect(
      (await api.put(`/contacts/${atelier._id}`, { firstName: 'Atelier', lastName: 'Lumière', city: 'Paris' })).status,
    ).toBe(200);
    await vdirsyncer('sync');
    expect((await api.get(`/contacts/${zoeRow._id}`)).body.data).toMatchObject({
      namePrefix: null,
      address: '3 place Bellecour',
      city: 'Lyon',
      region: 'Auvergne-Rhône-Alpes',
      postalCode: '69002',
      country: 'France',
    });
    expect(unfold(readFileSync(join(cards, 'contacts', `${atelier._id}.vcf`), 'utf8'))).toContain('ADR:;;;Paris;;;');
    expect(await found('lyon')).toEqual(['Zoé Lefèvre']);
  }, 300_000);
});
