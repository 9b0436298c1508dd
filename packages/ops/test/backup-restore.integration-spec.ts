/**
 * `kith backup` / `kith restore` against a real stack: a backup taken while Kith serves, the
 * databases wiped, the archive restored and the services restarted give back exactly the same
 * account export, with the keys the data depends on. CardDAV clients are never misled: a sync
 * token from before the backup stays valid, one handed out between the backup and the restore is
 * refused (the phone starts over), also after new writes.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, startTestStack, type RegisteredUser, type TestStack } from '@kith/stack/testing';
import { backup, restore, SecretFile } from '../src/index.js';

let stack: TestStack;
let owner: RegisteredUser;
let work: string;

beforeAll(async () => {
  stack = await startTestStack();
  owner = await stack.registerUser();
  work = mkdtempSync(join(tmpdir(), 'kith-backup-test-'));
}, 120_000);
afterAll(async () => {
  await stack?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

async function api(method: string, path: string, body?: unknown) {
  const response = await fetch(`${stack.gatewayUrl}/api${path}`, {
    method,
    headers: { ...owner.authHeader, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

async function accountExport() {
  const { status, body } = await api('GET', '/account/export');
  expect(status).toBe(200);
  const { exportedAt: _exportedAt, ...rest } = body;
  return rest;
}

async function syncCollection(password: string, token: string) {
  const response = await fetch(`${stack.gatewayUrl}/dav/addressbooks/${owner.user._id}/contacts/`, {
    method: 'REPORT',
    headers: {
      authorization: `Basic ${Buffer.from(`${owner.user.email}:${password}`).toString('base64')}`,
      depth: '1',
      'content-type': 'application/xml; charset=utf-8',
    },
    body: `<?xml version="1.0"?><d:sync-collection xmlns:d="DAV:"><d:sync-token>${token}</d:sync-token><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>`,
  });
  const text = await response.text();
  return { status: response.status, text, token: /<d:sync-token>([^<]*)<\/d:sync-token>/.exec(text)?.[1] ?? '' };
}

async function restartServices() {
  for (const name of ['auth', 'contacts', 'notifications', 'gateway']) {
    await stack.stopService(name);
    await stack.startService(name);
  }
}

it('backs up while serving, restores after a wipe, and the account export is identical', async () => {
  const created = await api('POST', '/lists', { name: 'Family', reminderDays: 30, color: '#3B82F6' });
  expect(created.status).toBe(201);
  const family = created.body.data;
  const ada = (await api('POST', '/contacts', { firstName: 'Ada', lastName: 'Lovelace', listId: family._id })).body
    .data;
  for (let index = 0; index < 40; index++) {
    expect((await api('POST', '/contacts', { firstName: `Friend${index}`, lastName: 'Example' })).status).toBe(201);
  }
  const logged = await api('POST', `/contacts/${ada._id}/log-contact`, { type: 'PHONE_CALL', notes: 'Talked engines' });
  expect(logged.status).toBe(201);
  // An app password outlives the session: its creation carries the current password (step-up).
  const appPassword = (await api('POST', '/auth/app-passwords', { name: 'Phone', currentPassword: owner.password }))
    .body.data.password as string;
  const tokenAtBackup = (await syncCollection(appPassword, '')).token;
  expect(tokenAtBackup).toMatch(/\d+$/);

  const secretsDir = join(work, 'secrets');
  const keys = {
    [SecretFile.JWT_PRIVATE_KEY]: stack.env.JWT_PRIVATE_KEY!,
    [SecretFile.JWT_PUBLIC_KEY]: stack.env.JWT_PUBLIC_KEY!,
  };
  rmSync(secretsDir, { recursive: true, force: true });
  mkdirSync(secretsDir, { recursive: true });
  for (const [name, text] of Object.entries(keys)) writeFileSync(join(secretsDir, name), text);

  const before = await accountExport();
  const archive = join(work, 'kith-backup.tar.gz');
  const manifest = await backup({ databases: stack.databaseUrls, secretsDir }, archive);
  expect(statSync(archive).mode & 0o777).toBe(0o600);
  expect(manifest.databases.contacts.tables.find((table) => table.name === 'contacts')?.rows).toBe(41);
  expect(manifest.secrets.sort()).toEqual(Object.keys(keys).sort());

  // After the backup: the phone sees a change, then the installation loses everything.
  await api('DELETE', `/contacts/${ada._id}`);
  const tokenAfterBackup = (await syncCollection(appPassword, tokenAtBackup)).token;
  expect(tokenAfterBackup).not.toBe(tokenAtBackup);
  for (const url of Object.values(stack.databaseUrls))
    await sql(url, 'DROP SCHEMA public CASCADE; CREATE SCHEMA public');
  rmSync(secretsDir, { recursive: true });

  const restoredSecrets = join(work, 'restored-secrets');
  mkdirSync(restoredSecrets);
  await restore(archive, { databases: stack.databaseUrls, secretsDir: restoredSecrets });
  for (const [name, text] of Object.entries(keys)) expect(readFileSync(join(restoredSecrets, name), 'utf8')).toBe(text);
  await restartServices();

  expect(await accountExport()).toEqual(before);

  // A write after the restore, before the phone asks again.
  expect((await api('POST', '/contacts', { firstName: 'Grace', lastName: 'Hopper' })).status).toBe(201);
  const fromBackup = await syncCollection(appPassword, tokenAtBackup);
  expect(fromBackup.status).toBe(207);
  expect(fromBackup.text).toContain('<d:href>');
  const fromLater = await syncCollection(appPassword, tokenAfterBackup);
  expect(fromLater.status).toBe(403);
  expect(fromLater.text).toContain('valid-sync-token');
  // Numbering resumed past every number the phone may have seen.
  expect(BigInt(fromBackup.token.replace(/\D+/g, ''))).toBeGreaterThan(BigInt(tokenAfterBackup.replace(/\D+/g, '')));
}, 240_000);

it('refuses an archive it cannot read before touching any database', async () => {
  const bogus = join(work, 'not-a-backup.tar.gz');
  writeFileSync(bogus, 'hello');
  const rowsBefore = await sql(stack.databaseUrls.contacts, 'SELECT count(*)::int AS n FROM contacts');
  await expect(restore(bogus, { databases: stack.databaseUrls, secretsDir: work })).rejects.toThrow();
  expect(await sql(stack.databaseUrls.contacts, 'SELECT count(*)::int AS n FROM contacts')).toEqual(rowsBefore);
});
