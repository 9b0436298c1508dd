/**
 * An upgrade keeps data: databases made by the previous release's migrations, with data in them,
 * are migrated to this build's schema by the services themselves at start (as `docker compose
 * up` after pulling a new image does), and everything reads back through the API.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hash } from '@node-rs/argon2';
import { ensureDatabase, runMigrations } from '@kith/nest-kit';
import { sql, startTestStack, type TestStack } from '@kith/stack/testing';
import { availableMigrations, DATABASE_SERVICES, ROOT } from '../src/index.js';

/** The release this build must upgrade from: its migrations are read from git history. */
const PREVIOUS_RELEASE = '720e7c2';

const suffix = `_up${randomBytes(3).toString('hex')}`;
const databaseUrl = (service: string) => {
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/kith_${service}${suffix}`;
  return url.toString();
};
const userId = randomUUID();
const listId = randomUUID();
const contactId = randomUUID();
const email = `upgrade-${randomBytes(3).toString('hex')}@example.org`;
const password = 'correct-horse-upgrade-1';
let previous: string;
let stack: TestStack;

beforeAll(async () => {
  previous = mkdtempSync(join(tmpdir(), 'kith-previous-release-'));
  const paths = DATABASE_SERVICES.map((service) => `services/${service}/migrations`);
  const archive = execFileSync('git', ['-C', ROOT, 'archive', PREVIOUS_RELEASE, ...paths]);
  execFileSync('tar', ['-x', '-C', previous], { input: archive });

  for (const service of DATABASE_SERVICES) {
    await ensureDatabase(databaseUrl(service));
    await runMigrations(databaseUrl(service), join(previous, 'services', service, 'migrations'));
  }
  // Data as the previous release stored it.
  await sql(
    databaseUrl('auth'),
    'INSERT INTO users (id, first_name, last_name, email, password_hash) VALUES ($1, $2, $3, $4, $5)',
    [userId, 'Uma', 'Upgrade', email, await hash(password)],
  );
  await sql(
    databaseUrl('contacts'),
    `INSERT INTO contact_lists (id, user_id, name, color, reminder_days) VALUES ($1, $2, 'Old friends', 'green', 60)`,
    [listId, userId],
  );
  await sql(
    databaseUrl('contacts'),
    `INSERT INTO contacts (id, user_id, first_name, last_name, email, list_id, birthday, last_contact_date)
     VALUES ($1, $2, 'Otto', 'Older', 'otto@example.org', $3, '--04-01', now() - interval '3 days')`,
    [contactId, userId, listId],
  );
  await sql(
    databaseUrl('contacts'),
    `INSERT INTO communications (user_id, contact_id, type, timestamp, notes) VALUES ($1, $2, 'PHONE_CALL', now() - interval '3 days', 'Before the upgrade')`,
    [userId, contactId],
  );
  await sql(
    databaseUrl('notifications'),
    `INSERT INTO notification_settings (user_id, best_friend_days, friend_days, acquaintance_days, enable_push_notifications)
     VALUES ($1, 21, 77, 150, false)`,
    [userId],
  );

  // The current services start on those databases and migrate them.
  stack = await startTestStack({ databaseSuffix: suffix });
}, 180_000);

afterAll(async () => {
  await stack?.stop();
  if (previous) rmSync(previous, { recursive: true, force: true });
});

it('starts on the previous release databases and applies only the newer migrations', async () => {
  for (const service of DATABASE_SERVICES) {
    const before = execFileSync('git', [
      '-C',
      ROOT,
      'ls-tree',
      '--name-only',
      PREVIOUS_RELEASE,
      `services/${service}/migrations/`,
    ])
      .toString()
      .trim()
      .split('\n')
      .map((path) =>
        path
          .split('/')
          .pop()!
          .replace(/\.sql$/, ''),
      );
    const applied = (await sql(databaseUrl(service), 'SELECT name FROM pgmigrations ORDER BY id')).map(
      (row: { name: string }) => row.name,
    );
    expect(applied.slice(0, before.length)).toEqual(before);
    expect(applied).toEqual(availableMigrations(service));
  }
});

it('keeps the account, its list, contact, interaction and settings readable through the API', async () => {
  const login = await fetch(`${stack.gatewayUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(login.status).toBe(200);
  const { tokens } = (await login.json()).data;
  const get = async (path: string) => {
    const response = await fetch(`${stack.gatewayUrl}/api${path}`, {
      headers: { authorization: `Bearer ${tokens.accessToken}` },
    });
    expect(response.status).toBe(200);
    return (await response.json()).data;
  };
  const contact = await get(`/contacts/${contactId}`);
  expect(contact).toMatchObject({
    firstName: 'Otto',
    lastName: 'Older',
    email: 'otto@example.org',
    birthday: '--04-01',
    list: { _id: listId, name: 'Old friends' },
    reminderDays: 60,
  });
  expect(contact.daysSinceLastContact).toBe(3);
  const timeline = await get(`/contacts/${contactId}/communications`);
  expect(timeline.items.map((entry: { notes: string }) => entry.notes)).toEqual(['Before the upgrade']);
  expect(await get('/notifications/settings')).toMatchObject({
    bestFriendDays: 21,
    friendDays: 77,
    acquaintanceDays: 150,
  });
  // And it still takes writes.
  const created = await fetch(`${stack.gatewayUrl}/api/contacts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tokens.accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ firstName: 'Nina', lastName: 'Newer', listId }),
  });
  expect(created.status).toBe(201);
});
