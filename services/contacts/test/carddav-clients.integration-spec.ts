/**
 * Phone sync against real clients we did not write: vdirsyncer (Debian's, a CardDAV sync tool)
 * keeps a local folder of cards in step with Kith through the gateway, and khard (an address
 * book program) reads that folder. `.ci/run` installs both. tsdav (an npm CardDAV client) then
 * talks to the server itself and must see what vdirsyncer saw.
 */
import { execFile } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { davPaths } from '@kith/contracts';
import { createDAVClient } from 'tsdav';
import { type RegisteredUser, sql, startTestStack, type TestStack } from '@kith/stack/testing';
import { type Api, apiFor, createList } from './support/api.js';
import { createAppPassword, davFor, unfold, vcard } from './support/dav.js';

const run = promisify(execFile);
const mergeScript = fileURLToPath(new URL('./fixtures/carddav/merge-cards.mjs', import.meta.url));

let stack: TestStack;
let owner: RegisteredUser;
let api: Api;
let home: string;
let cards: string;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  stack = await startTestStack({ services: ['auth', 'contacts', 'gateway'] });
  owner = await stack.registerUser();
  api = apiFor(stack, owner);
  home = mkdtempSync(join(tmpdir(), 'kith-phone-sync-'));
  cards = join(home, 'cards');
  env = { ...process.env, HOME: home, LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8' };
}, 120_000);
afterAll(async () => {
  if (home) rmSync(home, { recursive: true, force: true });
  await stack?.stop();
});

/** Runs vdirsyncer with this test's config; returns its log (it logs every item it copies or deletes). */
async function vdirsyncer(...args: string[]): Promise<string> {
  const { stdout, stderr } = await run('vdirsyncer', ['-c', join(home, 'vdirsyncer.conf'), ...args], {
    env,
    timeout: 280_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  return `${stdout}${stderr}`;
}

const localFolder = () => join(cards, 'contacts');
const localFiles = () => readdirSync(localFolder()).filter((name) => name.endsWith('.vcf'));
const local = (id: string) => join(localFolder(), `${id}.vcf`);

async function allContacts(): Promise<
  {
    _id: string;
    firstName: string;
    lastName: string;
    email: string | null;
    phoneNumber: string | null;
    notes: string | null;
  }[]
> {
  const first = (await api.get('/contacts?limit=1000&sortBy=created&sortOrder=asc')).body.data;
  const items = [...first.items];
  for (let page = 2; page <= first.totalPages; page++)
    items.push(...(await api.get(`/contacts?limit=1000&page=${page}&sortBy=created&sortOrder=asc`)).body.data.items);
  return items;
}

const changesIn = (log: string) => log.split('\n').filter((line) => /Copying|Deleting|conflict/i.test(line));

describe('vdirsyncer against the running stack', () => {
  it('discovers, syncs 500 down, edits both ways, resolves a conflict without loss, takes 1 000 up, then stays still', async () => {
    // 500 contacts in Kith, half of them in a list.
    const family = await createList(api, { name: 'Family' });
    const rows = (from: number) =>
      Array.from({ length: 250 }, (_, i) => ({
        firstName: `Person${from + i}`,
        lastName: 'Seed',
        email: `person${from + i}@seed.example`,
        phoneNumber: `+44 20 7946 ${String(from + i).padStart(4, '0')}`,
      }));
    expect((await api.post('/contacts/import/confirm', { contacts: rows(0), listId: family._id })).body.data).toEqual({
      imported: 250,
      skipped: 0,
    });
    expect((await api.post('/contacts/import/confirm', { contacts: rows(250) })).body.data).toEqual({
      imported: 250,
      skipped: 0,
    });

    const { password } = await createAppPassword(api, 'vdirsyncer');
    mkdirSync(localFolder(), { recursive: true });
    writeFileSync(
      join(home, 'vdirsyncer.conf'),
      [
        '[general]',
        `status_path = "${join(home, 'status')}/"`,
        '[pair kith_sync]',
        'a = "phone"',
        'b = "kith_server"',
        'collections = ["from b"]',
        `conflict_resolution = ["command", "node", "${mergeScript}"]`,
        '[storage phone]',
        'type = "filesystem"',
        `path = "${cards}/"`,
        'fileext = ".vcf"',
        '[storage kith_server]',
        'type = "carddav"',
        // Only the host: vdirsyncer finds the address book through /.well-known/carddav.
        `url = "${stack.gatewayUrl}/"`,
        `username = "${owner.user.email}"`,
        `password = "${password}"`,
        '',
      ].join('\n'),
    );

    // Discover, then the first sync brings all 500 down.
    const discovered = await vdirsyncer('discover', 'kith_sync');
    expect(discovered).toMatch(/contacts/);
    let started = Date.now();
    await vdirsyncer('sync');
    console.log(`first sync, 500 cards down: ${Date.now() - started} ms`);
    const seeded = await allContacts();
    expect(localFiles().sort()).toEqual(seeded.map((contact) => `${contact._id}.vcf`).sort());
    const person = (n: number) => seeded.find((contact) => contact.firstName === `Person${n}`)!;
    const familyCard = readFileSync(local(person(0)._id), 'utf8');
    expect(familyCard).toContain('FN:Person0 Seed');
    expect(familyCard).toContain('CATEGORIES:Family');

    // A local edit, a local new card and a local delete go up.
    const [edited, removed] = [person(1), person(2)];
    writeFileSync(
      local(edited._id),
      readFileSync(local(edited._id), 'utf8')
        .replace('FN:Person1 Seed', 'FN:Renamed Person')
        .replace('N:Seed;Person1;;;', 'N:Person;Renamed;;;')
        .replace(':+44 20 7946 0001', ':+44 20 7946 9999'),
    );
    // The phone's new card carries every field Kith models, and a photo it does not.
    const luciaCard = vcard([
      'UID:phone-made-1',
      'N:Ferreira;Lucia;;;',
      'FN:Lucia Ferreira',
      'ORG:Ferreira & Filhos',
      'TITLE:Owner',
      'TEL;TYPE=CELL,pref:+351 912 345 678',
      'TEL;TYPE=WORK:+351 213 000 000',
      'EMAIL;TYPE=INTERNET,pref:lucia@ferreira.example',
      'EMAIL;TYPE=INTERNET,HOME:lucia@casa.example',
      'ADR;TYPE=HOME:;;Rua Augusta 1;Lisboa;;1100-048;Portugal',
      'URL:https://ferreira.example',
      'BDAY:1975-07-04',
      'PHOTO;ENCODING=b;TYPE=PNG:iVBORw0KGgo=',
    ]);
    writeFileSync(join(localFolder(), 'phone-made-1.vcf'), luciaCard);
    unlinkSync(local(removed._id));
    await vdirsyncer('sync');
    expect((await api.get(`/contacts/${edited._id}`)).body.data).toMatchObject({
      firstName: 'Renamed',
      lastName: 'Person',
      phoneNumber: '+44 20 7946 9999',
      listId: family._id,
    });
    expect((await api.get(`/contacts/${removed._id}`)).status).toBe(404);
    const lucia = (await api.get('/contacts?search=lucia')).body.data.items;
    expect(lucia).toHaveLength(1);
    expect(lucia[0]).toMatchObject({
      firstName: 'Lucia',
      lastName: 'Ferreira',
      company: 'Ferreira & Filhos',
      jobTitle: 'Owner',
      phoneNumber: '+351 912 345 678',
      phones: [{ label: 'work', value: '+351 213 000 000' }],
      email: 'lucia@ferreira.example',
      emails: [{ label: 'home', value: 'lucia@casa.example' }],
      address: 'Rua Augusta 1',
      city: 'Lisboa',
      region: null,
      postalCode: '1100-048',
      country: 'Portugal',
      website: 'https://ferreira.example',
      birthday: '1975-07-04',
    });

    // A server edit and a server delete come down.
    const [serverEdited, serverRemoved] = [person(3), person(4)];
    const richer = {
      notes: 'Edited in Kith',
      company: 'Seed Holdings',
      jobTitle: 'Gardener',
      address: '4 Privet Drive\nLittle Whinging',
      birthday: '--12-24',
      website: 'https://seed.example/3',
      phones: [{ label: 'home', value: '+44 20 7946 3333' }],
      emails: [{ label: 'work', value: 'person3@work.example' }],
    };
    expect((await api.put(`/contacts/${serverEdited._id}`, richer)).status).toBe(200);
    expect((await api.delete(`/contacts/${serverRemoved._id}`)).status).toBe(200);
    // Lucia edited in Kith: only her changed field moves, her photo stays on the phone.
    expect((await api.put(`/contacts/${lucia[0]._id}`, { jobTitle: 'Founder' })).status).toBe(200);
    await vdirsyncer('sync');
    const serverCard = unfold(readFileSync(local(serverEdited._id), 'utf8'));
    for (const line of [
      'NOTE:Edited in Kith',
      'ORG:Seed Holdings',
      'TITLE:Gardener',
      'ADR:;;4 Privet Drive\\nLittle Whinging;;;;',
      'BDAY;X-APPLE-OMIT-YEAR=1604:1604-12-24',
      'URL:https://seed.example/3',
      'item1.TEL:+44 20 7946 3333',
      'item1.X-ABLabel:home',
      'item2.EMAIL;TYPE=INTERNET:person3@work.example',
      'item2.X-ABLabel:work',
    ])
      expect(serverCard).toContain(line);
    expect(existsSync(local(serverRemoved._id))).toBe(false);
    const luciaLocal = readFileSync(join(localFolder(), 'phone-made-1.vcf'), 'utf8');
    expect(luciaLocal).toBe(luciaCard.replace('TITLE:Owner', 'TITLE:Founder'));

    // A local edit of those fields goes back up, and the rest of the card stays as it was in Kith.
    writeFileSync(
      local(serverEdited._id),
      readFileSync(local(serverEdited._id), 'utf8')
        .replace('ORG:Seed Holdings', 'ORG:Seed Holdings;Orchards')
        .replace('BDAY;X-APPLE-OMIT-YEAR=1604:1604-12-24', 'BDAY:1980-12-24'),
    );
    await vdirsyncer('sync');
    expect((await api.get(`/contacts/${serverEdited._id}`)).body.data).toMatchObject({
      ...richer,
      company: 'Seed Holdings, Orchards',
      birthday: '1980-12-24',
    });

    // The same card edited on both sides: the merge keeps both edits, on both sides.
    const contested = person(5);
    writeFileSync(
      local(contested._id),
      readFileSync(local(contested._id), 'utf8').replace('END:VCARD', 'TEL;TYPE=WORK:+44 20 7946 5555\r\nEND:VCARD'),
    );
    expect((await api.put(`/contacts/${contested._id}`, { notes: 'Server side of the conflict' })).status).toBe(200);
    const conflictLog = await vdirsyncer('sync');
    expect(conflictLog).toMatch(/conflict/i);
    expect((await api.get(`/contacts/${contested._id}`)).body.data.notes).toBe('Server side of the conflict');
    const dav = davFor(stack, owner.user.email, password);
    const served = (await dav.get(`${davPaths.addressBook(owner.user._id)}${contested._id}.vcf`)).text;
    expect(served).toContain('TEL;TYPE=WORK:+44 20 7946 5555');
    expect(served).toContain('NOTE:Server side of the conflict');
    const localContested = readFileSync(local(contested._id), 'utf8');
    expect(localContested).toContain('TEL;TYPE=WORK:+44 20 7946 5555');
    expect(localContested).toContain('NOTE:Server side of the conflict');

    // 1 000 new cards made on the phone arrive in one sync, every one of them.
    for (let i = 0; i < 1000; i++) {
      writeFileSync(
        join(localFolder(), `bulk-${i}.vcf`),
        vcard([`UID:bulk-${i}`, `N:Phone${i};Bulk;;;`, `FN:Bulk Phone${i}`, `EMAIL:bulk${i}@phone.example`]),
      );
    }
    started = Date.now();
    await vdirsyncer('sync');
    console.log(`one sync, 1000 cards up: ${Date.now() - started} ms`);
    const [{ count }] = await sql<{ count: string }>(
      stack.databaseUrls.contacts,
      "SELECT count(*) FROM contacts WHERE user_id = $1 AND dav_uid LIKE 'bulk-%'",
      [owner.user._id],
    );
    expect(Number(count)).toBe(1000);

    // Three more syncs change nothing: no copies, no deletions, no duplicates on either side.
    const settled = await allContacts();
    expect(settled).toHaveLength(500 - 2 + 1 + 1000);
    for (let round = 0; round < 3; round++) {
      const log = await vdirsyncer('sync');
      expect(changesIn(log)).toEqual([]);
      expect(localFiles()).toHaveLength(settled.length);
      expect((await api.get('/contacts?limit=1')).body.data.totalItems).toBe(settled.length);
    }
    const [{ duplicates }] = await sql<{ duplicates: string }>(
      stack.databaseUrls.contacts,
      'SELECT count(*) - count(DISTINCT dav_uid) AS duplicates FROM contacts WHERE user_id = $1',
      [owner.user._id],
    );
    expect(Number(duplicates)).toBe(0);

    // A second client, khard, lists the same people from the synced folder.
    writeFileSync(
      join(home, 'khard.conf'),
      [
        '[addressbooks]',
        '[[kith]]',
        `path = ${localFolder()}/`,
        '[general]',
        'default_action = list',
        'editor = /bin/true',
        'merge_editor = /bin/true',
        '[contact table]',
        'display = first_name',
        'group_by_addressbook = no',
        'reverse = no',
        'show_nicknames = no',
        'show_uids = yes',
        'sort = last_name',
        'localize_dates = yes',
        'preferred_phone_number_type = pref, cell, home',
        'preferred_email_address_type = pref, work, home',
        '[vcard]',
        'private_objects = Jabber,',
        'preferred_version = 3.0',
        'search_in_source_files = no',
        'skip_unparsable = no',
        '',
      ].join('\n'),
    );
    const { stdout } = await run('khard', ['-c', join(home, 'khard.conf'), 'list', '--parsable'], {
      env,
      maxBuffer: 64 * 1024 * 1024,
    });
    const khardNames = stdout
      .trim()
      .split('\n')
      .map((line) => line.split('\t')[1])
      .sort();
    const nameOf = (contact: { firstName: string; lastName: string }) =>
      [contact.firstName, contact.lastName].filter(Boolean).join(' ');
    const kithNames = settled.map(nameOf).sort();
    expect(khardNames).toEqual(kithNames);

    // Not the names only: each person's e-mail address and phone number, as khard reads them from
    // the synced cards ("<value>\t<name>\t<type>" per line).
    const khardPairs = async (command: 'email' | 'phone') => {
      const out = await run('khard', ['-c', join(home, 'khard.conf'), command, '--parsable'], {
        env,
        maxBuffer: 64 * 1024 * 1024,
      });
      return new Set(
        out.stdout
          .split('\n')
          .filter((line) => line.includes('\t'))
          .map((line) => {
            const [value, name] = line.split('\t');
            return `${name}\t${value}`;
          }),
      );
    };
    const [emails, phones] = [await khardPairs('email'), await khardPairs('phone')];
    const withEmail = settled.filter((contact) => contact.email);
    const withPhone = settled.filter((contact) => contact.phoneNumber);
    expect(withEmail.length).toBeGreaterThan(100);
    expect(withPhone.length).toBeGreaterThan(100);
    expect(withEmail.filter((contact) => !emails.has(`${nameOf(contact)}\t${contact.email}`)).map(nameOf)).toEqual([]);
    expect(
      withPhone.filter((contact) => !phones.has(`${nameOf(contact)}\t${contact.phoneNumber}`)).map(nameOf),
    ).toEqual([]);
  }, 900_000);

  it('a second client, tsdav, discovers the same address book, lists the same cards and follows changes with sync-collection', async () => {
    // Runs on the address book the vdirsyncer test above left behind (its local folder is the reference).
    const { password } = await createAppPassword(api, 'tsdav');
    const client = await createDAVClient({
      serverUrl: `${stack.gatewayUrl}/`,
      credentials: { username: owner.user.email, password },
      authMethod: 'Basic',
      defaultAccountType: 'carddav',
    });
    const books = await client.fetchAddressBooks();
    expect(books.map((addressBook) => new URL(addressBook.url).pathname)).toEqual([
      davPaths.addressBook(owner.user._id),
    ]);
    const [addressBook] = books;
    expect(addressBook!.syncToken).toBeTruthy();

    // The same cards as vdirsyncer keeps them, byte for byte (tsdav trims the text after END:VCARD).
    const cardsSeen = await client.fetchVCards({ addressBook: addressBook! });
    const localByName = new Map(localFiles().map((name) => [name, readFileSync(join(localFolder(), name), 'utf8')]));
    const fileName = (url: string) => decodeURIComponent(url.slice(url.lastIndexOf('/') + 1));
    expect(cardsSeen.map((card) => fileName(card.url)).sort()).toEqual([...localByName.keys()].sort());
    for (const card of cardsSeen) expect(card.data.trimEnd()).toBe(localByName.get(fileName(card.url))!.trimEnd());
    expect(cardsSeen.find((card) => card.url.endsWith('/phone-made-1.vcf'))!.data).toContain(
      'TITLE:Founder\r\nTEL;TYPE=CELL,pref:+351 912 345 678\r\n',
    );

    // sync-collection from the address book's token: an edit, a deletion and a new contact made in Kith.
    const [edited, removed] = (await allContacts()).filter((contact) => contact.firstName.startsWith('Person'));
    expect((await api.put(`/contacts/${edited!._id}`, { company: 'Synced Co', jobTitle: 'Tester' })).status).toBe(200);
    expect((await api.delete(`/contacts/${removed!._id}`)).status).toBe(200);
    const added = (await api.post('/contacts', { firstName: 'Tess', lastName: 'Dav', website: 'https://tess.example' }))
      .body.data;
    const synced = await client.smartCollectionSync({
      collection: {
        ...addressBook!,
        objects: cardsSeen,
        objectMultiGet: client.addressBookMultiGet,
      },
      method: 'webdav',
      detailedResult: true,
    });
    const { created, updated, deleted } = synced.objects as {
      created: { url: string; data: string }[];
      updated: { url: string; data: string }[];
      deleted: { url: string }[];
    };
    expect(created.map((card) => fileName(card.url))).toEqual([`${added._id}.vcf`]);
    expect(created[0]!.data).toContain('URL:https://tess.example\r\n');
    expect(updated.map((card) => fileName(card.url))).toEqual([`${edited!._id}.vcf`]);
    expect(updated[0]!.data).toContain('ORG:Synced Co\r\nTITLE:Tester\r\n');
    expect(deleted.map((card) => fileName(card.url))).toEqual([`${removed!._id}.vcf`]);
    expect(synced.syncToken).not.toBe(addressBook!.syncToken);

    // From the new token, nothing more.
    const again = await client.smartCollectionSync({
      collection: {
        ...addressBook!,
        syncToken: synced.syncToken,
        objects: [],
        objectMultiGet: client.addressBookMultiGet,
      },
      method: 'webdav',
      detailedResult: true,
    });
    expect(again.objects).toEqual({ created: [], updated: [], deleted: [] });
  }, 120_000);
});
