/**
 * Phone sync against real clients we did not write: vdirsyncer (Debian's, a CardDAV sync tool)
 * keeps a local folder of cards in step with Kith through the gateway, and khard (an address
 * book program) reads that folder. `.ci/run` installs both.
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
import { type RegisteredUser, sql, startTestStack, type TestStack } from '@kith/stack/testing';
import { type Api, apiFor, createList } from './support/api.js';
import { createAppPassword, davFor, vcard } from './support/dav.js';

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
  { _id: string; firstName: string; lastName: string; phoneNumber: string | null; notes: string | null }[]
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
        .replace('TEL:+44 20 7946 0001', 'TEL:+44 20 7946 9999'),
    );
    writeFileSync(
      join(localFolder(), 'phone-made-1.vcf'),
      vcard([
        'UID:phone-made-1',
        'N:Ferreira;Lucia;;;',
        'FN:Lucia Ferreira',
        'TEL;TYPE=CELL:+351 912 345 678',
        'ADR;TYPE=HOME:;;Rua Augusta 1;Lisboa;;1100-048;Portugal',
      ]),
    );
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
    expect(lucia[0]).toMatchObject({ firstName: 'Lucia', lastName: 'Ferreira', phoneNumber: '+351 912 345 678' });

    // A server edit and a server delete come down.
    const [serverEdited, serverRemoved] = [person(3), person(4)];
    expect((await api.put(`/contacts/${serverEdited._id}`, { notes: 'Edited in Kith' })).status).toBe(200);
    expect((await api.delete(`/contacts/${serverRemoved._id}`)).status).toBe(200);
    await vdirsyncer('sync');
    expect(readFileSync(local(serverEdited._id), 'utf8')).toContain('NOTE:Edited in Kith');
    expect(existsSync(local(serverRemoved._id))).toBe(false);

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
    const kithNames = settled.map((contact) => [contact.firstName, contact.lastName].filter(Boolean).join(' ')).sort();
    expect(khardNames).toEqual(kithNames);
  }, 900_000);
});
