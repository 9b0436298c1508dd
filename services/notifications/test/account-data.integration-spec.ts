import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ACCOUNT_EXPORT_VERSION,
  type AccountExport,
  AccountMessage,
  davPaths,
  ErrorCode,
  ErrorMessage,
} from '@kith/contracts';
import { call, eventually, type RegisteredUser, sql, startTestStack, type TestStack } from '@kith/stack/testing';
import { SmtpSink } from './smtp-sink.js';

// "Your data is yours" across every service: the account export and the account erasure (it
// lives beside the SMTP sink because the erasure ends with the farewell mail).
const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });

/** Every service, real SMTP sink; erasure retries fast so an outage of a few seconds is enough. */
let stack: TestStack;
let sink: SmtpSink;
let hooks: Server;
let hookUrl: string;
const SERVICES_WITH_DATA = ['auth', 'contacts', 'notifications'] as const;
const ERASURE_ENV = { ERASURE_SWEEP_INTERVAL_MS: '300', ERASURE_RETRY_MAX_DELAY_MS: '600' };

beforeAll(async () => {
  sink = await SmtpSink.start();
  // A webhook endpoint that takes everything, so the seeded accounts have a delivery log.
  hooks = createServer((request, response) => request.resume().on('end', () => response.writeHead(200).end()));
  await new Promise<void>((resolve) => hooks.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(hooks.address() as AddressInfo).port}/kith`;
  stack = await startTestStack({
    services: ['auth', 'contacts', 'notifications', 'gateway'],
    env: {
      SMTP_URL: sink.url,
      OUTBOX_POLL_MS: '200',
      ALLOW_PRIVATE_WEBHOOKS: 'true',
      ...ERASURE_ENV,
    },
  });
}, 120_000);
afterAll(async () => {
  await stack?.stop();
  await sink?.down();
  await new Promise((resolve) => hooks?.close(resolve));
});

const api = (user: RegisteredUser | null, method: string, path: string, body?: unknown) =>
  call(stack.gatewayUrl, method, path, { body, headers: user ? user.authHeader : {} });

interface SeededAccount {
  user: RegisteredUser;
  listId: string;
  contactIds: string[];
  communicationIds: string[];
}

/** A user with a list, contacts (one in the list, one with a scheduled reminder), interactions and a sent reminder mail. */
async function seedAccount(): Promise<SeededAccount> {
  const user = await stack.registerUser({ firstName: 'Ada', lastName: 'Lovelace' });
  const list = await api(user, 'POST', '/api/lists', {
    name: 'Best Friends',
    color: '#10b981',
    reminderDays: 14,
    description: 'closest',
  });
  expect(list.status).toBe(201);
  const listId = list.body.data._id as string;
  const contactIds: string[] = [];
  for (const body of [
    {
      firstName: 'Charles',
      lastName: 'Babbage',
      email: 'charles@example.test',
      phoneNumber: '+44 20 7946 0000',
      notes: 'Engines',
      listId,
    },
    { firstName: 'Mary', lastName: 'Somerville', notes: 'Physics; "On the Connexion"' },
    { firstName: 'Michael', lastName: 'Faraday', customReminderDays: 60 },
  ]) {
    const answer = await api(user, 'POST', '/api/contacts', body);
    expect(answer.status).toBe(201);
    contactIds.push(answer.body.data._id);
  }
  const communicationIds: string[] = [];
  for (const [contactId, type] of [
    [contactIds[0], 'IN_PERSON'],
    [contactIds[1], 'EMAIL'],
  ] as const) {
    const answer = await api(user, 'POST', '/api/communications/log', {
      contactId,
      type,
      timestamp: new Date(Date.now() - 86_400_000).toISOString(),
      notes: `met ${type}`,
    });
    expect(answer.status).toBe(201);
    communicationIds.push(answer.body.data.communication._id);
  }
  const reminderDate = new Date(Date.now() + 3 * 86_400_000).toISOString();
  expect(
    (
      await api(user, 'POST', `/api/contacts/${contactIds[2]}/schedule-reminder`, {
        reminderDate,
        notes: 'Ask about the lecture',
      })
    ).status,
  ).toBe(200);
  expect((await api(user, 'POST', '/api/notifications/test')).status).toBeLessThan(300);
  return { user, listId, contactIds, communicationIds };
}

/** What a phone, a calendar app and the other channels leave behind, on top of seedAccount. */
interface EverythingSeeded extends SeededAccount {
  appPassword: string;
  feedUrl: string;
  phoneCardId: string;
  snoozedUntil: string;
}

const PHONE_CARD = [
  'BEGIN:VCARD',
  'VERSION:3.0',
  'UID:phone-card-1',
  'N:Herschel;Caroline;;;',
  'FN:Caroline Herschel',
  'ORG:Royal Society',
  'PHOTO;ENCODING=b;TYPE=PNG:iVBORw0KGgo=',
  'X-ANDROID-CUSTOM:vnd.android.cursor.item/nickname;Lina',
  'END:VCARD',
  '',
].join('\r\n');

/**
 * seedAccount plus: an app password and a card a phone PUT (with a photo) and one it deleted (a
 * tombstone), a calendar feed, a webhook with a delivery, a password-reset request, a snooze, a
 * daily reminder whose one-click link was used.
 */
async function seedEverything(): Promise<EverythingSeeded> {
  const seeded = await seedAccount();
  const { user, contactIds } = seeded;
  const created = await api(user, 'POST', '/api/auth/app-passwords', {
    name: 'Ada’s phone',
    currentPassword: user.password,
  });
  expect(created.status).toBe(201);
  const appPassword: string = created.body.data.password;
  const book = davPaths.addressBook(user.user._id);
  expect((await dav(user, appPassword, 'PUT', `${book}phone-card-1.vcf`, PHONE_CARD)).status).toBe(201);
  const gone = ['BEGIN:VCARD', 'VERSION:3.0', 'UID:gone-1', 'FN:Gone Soon', 'END:VCARD', ''].join('\r\n');
  expect((await dav(user, appPassword, 'PUT', `${book}gone-1.vcf`, gone)).status).toBe(201);
  expect((await dav(user, appPassword, 'DELETE', `${book}gone-1.vcf`)).status).toBe(204);
  const phoneCardId = (await api(user, 'GET', '/api/contacts?search=caroline')).body.data.items[0]._id as string;

  const feed = await call(stack.gatewayUrl, 'POST', '/api/calendar/feed', {
    headers: { ...user.authHeader, ...(await stack.stepUpHeader(user)) },
  });
  expect(feed.status).toBe(200);
  expect((await api(user, 'PUT', '/api/notifications/webhook', { url: hookUrl, format: 'json' })).status).toBe(200);
  expect((await api(user, 'POST', '/api/notifications/webhook/test')).status).toBe(200);
  expect((await api(null, 'POST', '/api/auth/forgot-password', { email: user.user.email })).status).toBe(200);
  const snoozedUntil = new Date(Date.now() + 5 * 86_400_000).toISOString();
  expect((await api(user, 'POST', `/api/contacts/${contactIds[1]}/snooze`, { until: snoozedUntil })).status).toBe(200);

  // The daily reminder (Michael is overdue: never contacted) and its one-click "Mark as contacted".
  // Waited for by what only the daily reminder is: the test reminder sent above lists Michael too
  // (its subject starts with "[Test]"), and other mails (the reset mail) may still be arriving.
  const isDaily = (mail: { subject?: string; text?: string | false }) =>
    !(mail.subject ?? '').startsWith('[Test]') && (mail.text || '').includes('- Michael Faraday:');
  expect(sink.to(user.user.email).filter(isDaily)).toEqual([]);
  expect((await api(user, 'POST', '/api/notifications/trigger-daily')).status).toBe(200);
  const [daily] = await sink.waitFor(user.user.email, { matching: isDaily });
  expect(daily).toBeDefined();
  const entry = (daily!.text || '').slice((daily!.text || '').indexOf('- Michael Faraday:'));
  const link = /Mark as contacted: (\S+)/.exec(entry)![1]!;
  expect((await api(null, 'POST', `/api/notifications/actions/${link.slice(link.lastIndexOf('/') + 1)}`)).status).toBe(
    200,
  );
  await eventually(
    async () =>
      (await rowsOfUser(user.user._id))['notifications.webhook_deliveries'] &&
      (await rowsOfUser(user.user._id))['auth.password_reset_tokens'],
    { what: 'webhook delivery and reset request recorded' },
  );
  return { ...seeded, appPassword, feedUrl: feed.body.data.url, phoneCardId, snoozedUntil };
}

/** A CardDAV request with an app password, through the gateway. */
async function dav(user: RegisteredUser, password: string, method: string, path: string, body?: string) {
  const response = await fetch(`${stack.gatewayUrl}${path}`, {
    method,
    headers: {
      authorization: `Basic ${Buffer.from(`${user.user.email}:${password}`).toString('base64')}`,
      ...(body ? { 'content-type': 'text/vcard; charset=utf-8' } : {}),
      ...(method === 'PROPFIND' ? { depth: '1' } : {}),
    },
    body,
  });
  return { status: response.status, text: await response.text() };
}

/** The calendar feed, fetched as a calendar app would (no session, the URL is the secret). */
async function feed(url: string) {
  const response = await fetch(url.replace(/^https?:\/\/[^/]+/, stack.gatewayUrl));
  return { status: response.status, text: await response.text() };
}

/** Rows carrying the user's id in its user_id column, per table of every service database that has one. */
async function rowsOfUser(userId: string): Promise<Record<string, number>> {
  const found: Record<string, number> = {};
  for (const service of SERVICES_WITH_DATA) {
    const url = stack.databaseUrls[service];
    const tables = await sql<{ table_name: string }>(
      url,
      `SELECT c.table_name FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
       WHERE c.table_schema = 'public' AND c.column_name = 'user_id' AND t.table_type = 'BASE TABLE'`,
    );
    for (const { table_name: table } of tables) {
      const [row] = await sql<{ count: number }>(
        url,
        `SELECT count(*)::int AS count FROM "${table}" WHERE user_id = $1::uuid`,
        [userId],
      );
      if (row!.count > 0) found[`${service}.${table}`] = row!.count;
    }
  }
  return found;
}

/** Rows, in every table of every service database, whose text holds any of the needles. */
async function rowsMentioning(needles: string[]): Promise<Record<string, number>> {
  const found: Record<string, number> = {};
  for (const service of SERVICES_WITH_DATA) {
    const url = stack.databaseUrls[service];
    const tables = await sql<{ table_name: string }>(
      url,
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'",
    );
    expect(tables.length).toBeGreaterThan(1);
    for (const { table_name: table } of tables) {
      const [row] = await sql<{ count: number }>(
        url,
        `SELECT count(*)::int AS count FROM "${table}" t WHERE t::text ILIKE ANY($1::text[])`,
        [needles.map((needle) => `%${needle}%`)],
      );
      if (row!.count > 0) found[`${service}.${table}`] = row!.count;
    }
  }
  return found;
}

describe('GET /api/account/export', () => {
  it('returns the whole seeded account as one versioned JSON file', async () => {
    const { user, listId, contactIds, communicationIds } = await seedAccount();
    const response = await fetch(`${stack.gatewayUrl}/api/account/export`, { headers: user.authHeader });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="kith-export-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const document = (await response.json()) as AccountExport;

    expect(document.version).toBe(ACCOUNT_EXPORT_VERSION);
    expect(Date.parse(document.exportedAt)).not.toBeNaN();
    expect(document.profile).toEqual(user.user);
    expect(document.lists).toEqual([
      expect.objectContaining({
        _id: listId,
        name: 'Best Friends',
        description: 'closest',
        reminderDays: 14,
        contactCount: 1,
      }),
    ]);
    expect(document.contacts.map((contact) => contact._id).sort()).toEqual([...contactIds].sort());
    const charles = document.contacts.find((contact) => contact._id === contactIds[0])!;
    expect(charles).toMatchObject({
      firstName: 'Charles',
      lastName: 'Babbage',
      email: 'charles@example.test',
      phoneNumber: '+44 20 7946 0000',
      notes: 'Engines',
      listId,
    });
    expect(document.interactions.map((entry) => entry._id).sort()).toEqual([...communicationIds].sort());
    expect(document.interactions.find((entry) => entry._id === communicationIds[1])).toMatchObject({
      contactId: contactIds[1],
      type: 'EMAIL',
      notes: 'met EMAIL',
    });
    expect(document.scheduledReminders).toEqual([
      { contactId: contactIds[2], reminderDate: expect.any(String), notes: 'Ask about the lecture' },
    ]);
    expect(document.notificationSettings).toEqual({
      bestFriendDays: 30,
      friendDays: 90,
      acquaintanceDays: 180,
      enablePushNotifications: false,
      remindersPaused: false,
      contactsPerEmail: 10,
    });
    expect(document.reminderHistory).toEqual([expect.objectContaining({ kind: 'TEST_REMINDER', status: 'SENT' })]);
  });

  it('holds everything else the services keep for the user, without a single secret', async () => {
    const seeded = await seedEverything();
    const { user } = seeded;
    const response = await fetch(`${stack.gatewayUrl}/api/account/export`, { headers: user.authHeader });
    expect(response.status).toBe(200);
    const text = await response.text();
    const document = JSON.parse(text) as AccountExport;

    expect(document.version).toBe(ACCOUNT_EXPORT_VERSION);
    expect(document.appPasswords).toEqual([
      { _id: expect.any(String), name: 'Ada’s phone', createdAt: expect.any(String), lastUsedAt: expect.any(String) },
    ]);
    expect(document.sessions).toEqual([
      expect.objectContaining({ startedAt: expect.any(String), expiresAt: expect.any(String), endedAt: null }),
    ]);
    expect(document.passwordResets).toEqual([
      { requestedAt: expect.any(String), expiresAt: expect.any(String), usedAt: null },
    ]);
    expect(document.calendarFeed).toEqual({ active: true, createdAt: expect.any(String) });
    expect(document.webhook).toEqual({
      url: hookUrl,
      format: 'json',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(document.webhookDeliveries).toEqual(
      expect.arrayContaining([expect.objectContaining({ url: hookUrl, status: 'DELIVERED', httpStatus: 200 })]),
    );
    expect(document.reminderHistory).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'DAILY_REMINDER', channel: 'EMAIL' }),
        expect.objectContaining({ kind: 'TEST_REMINDER', channel: 'WEBHOOK', status: 'SENT' }),
      ]),
    );
    expect(document.dailyReminders).toEqual([
      { day: new Date().toISOString().slice(0, 10), overdueCount: expect.any(Number), createdAt: expect.any(String) },
    ]);
    expect(document.emailActionsUsed).toEqual([{ usedAt: expect.any(String), expiresAt: expect.any(String) }]);

    // The phone's card, byte for byte, and the one it deleted.
    expect(document.phoneCards).toHaveLength(document.contacts.length);
    expect(document.phoneCards.find((card) => card.contactId === seeded.phoneCardId)).toEqual({
      contactId: seeded.phoneCardId,
      uid: 'phone-card-1',
      resourceName: 'phone-card-1.vcf',
      clientCard: PHONE_CARD,
    });
    expect(document.phoneCards.find((card) => card.contactId === seeded.contactIds[0])).toEqual({
      contactId: seeded.contactIds[0],
      uid: seeded.contactIds[0],
      resourceName: `${seeded.contactIds[0]}.vcf`,
      clientCard: null,
    });
    expect(document.deletedPhoneCards).toEqual([{ resourceName: 'gone-1.vcf', deletedAt: expect.any(String) }]);
    expect(Number(document.phoneSync.addressBookRevision)).toBeGreaterThan(0);
    // The snooze is on its contact.
    expect(document.contacts.find((contact) => contact._id === seeded.contactIds[1])!.snoozedUntil).toBe(
      seeded.snoozedUntil,
    );

    // No secret leaves: neither the app password nor the feed's token, nor any stored hash.
    const feedToken = /calendar\/(.+)\.ics$/.exec(seeded.feedUrl)![1]!;
    for (const secret of [seeded.appPassword, feedToken, user.password, user.tokens.refreshToken])
      expect(text).not.toContain(secret);
    for (const [database, query] of [
      ['auth', 'SELECT password_hash AS value FROM app_passwords WHERE user_id = $1'],
      ['auth', 'SELECT token_hash AS value FROM password_reset_tokens WHERE user_id = $1'],
      ['auth', 'SELECT token_hash AS value FROM refresh_tokens WHERE user_id = $1'],
      ['auth', 'SELECT password_hash AS value FROM users WHERE id = $1'],
      ['contacts', 'SELECT token_hash AS value FROM calendar_feeds WHERE user_id = $1'],
    ] as const) {
      const rows = await sql<{ value: string }>(stack.databaseUrls[database], query, [user.user._id]);
      expect(rows.length).toBeGreaterThan(0);
      for (const { value } of rows) expect(text).not.toContain(value);
    }
    expect(text).not.toMatch(/hash/i);
  });

  it.each(['contacts', 'notifications'] as const)(
    'answers a clean 503, not a partial document, while %s is down',
    async (service) => {
      const { user } = await seedAccount();
      await stack.stopService(service);
      try {
        const response = await fetch(`${stack.gatewayUrl}/api/account/export`, { headers: user.authHeader });
        expect(response.status).toBe(503);
        expect(response.headers.get('content-disposition')).toBeNull();
        const body = await response.json();
        expect(body).toMatchObject({ success: false, code: ErrorCode.SERVICE_UNAVAILABLE });
        expect(body.error).toContain(ErrorMessage.SERVICE_UNAVAILABLE);
      } finally {
        await stack.startService(service);
      }
      expect((await fetch(`${stack.gatewayUrl}/api/account/export`, { headers: user.authHeader })).status).toBe(200);
    },
  );

  it('breaks the download off, never ending it as a whole document, when a service goes away mid-way', async () => {
    const user = await stack.registerUser();
    // Far more than the sockets between here and auth hold: auth is still paging when contacts stops.
    const note = 'n'.repeat(4000);
    for (let batch = 0; batch < 2; batch += 1) {
      const contacts = Array.from({ length: 2000 }, (_, index) => ({
        firstName: `Long${batch * 2000 + index}`,
        lastName: 'Notes',
        notes: note,
      }));
      expect((await api(user, 'POST', '/api/contacts/import/confirm', { contacts })).body.data.imported).toBe(2000);
    }
    const response = await fetch(`${stack.gatewayUrl}/api/account/export`, { headers: user.authHeader });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const chunks: Uint8Array[] = [(await reader.read()).value!];
    await stack.stopService('contacts');
    let broken = false;
    try {
      for (let part = await reader.read(); !part.done; part = await reader.read()) chunks.push(part.value);
    } catch {
      broken = true; // the connection was cut: what a client sees when the server aborts
    } finally {
      await stack.startService('contacts');
    }
    const text = Buffer.concat(chunks).toString('utf8');
    expect(text.length).toBeLessThan(16_000_000);
    expect(broken || !isJson(text)).toBe(true);
    expect(isJson(text)).toBe(false);
    // With contacts back the export is whole again; then the big account goes (the row scans of
    // the erasure tests below stay quick).
    const whole = await fetch(`${stack.gatewayUrl}/api/account/export`, { headers: user.authHeader });
    expect(((await whole.json()) as AccountExport).contacts).toHaveLength(4000);
    expect((await api(user, 'DELETE', '/api/auth/me', { password: user.password })).status).toBe(200);
  }, 180_000);

  it('pages through a large account (more contacts than one NATS reply holds) without losing any', async () => {
    const user = await stack.registerUser();
    const contacts = Array.from({ length: 1200 }, (_, index) => ({
      firstName: `Bulk${index}`,
      lastName: 'Person',
      email: `bulk${index}@example.test`,
    }));
    expect((await api(user, 'POST', '/api/contacts/import/confirm', { contacts })).body.data).toEqual({
      imported: 1200,
      skipped: 0,
    });
    const document = (await (
      await fetch(`${stack.gatewayUrl}/api/account/export`, { headers: user.authHeader })
    ).json()) as AccountExport;
    expect(document.contacts).toHaveLength(1200);
    expect(new Set(document.contacts.map((contact) => contact._id)).size).toBe(1200);
    expect((await api(user, 'DELETE', '/api/auth/me', { password: user.password })).status).toBe(200);
  });

  it('needs a token and shows nobody else’s data', async () => {
    expect((await api(null, 'GET', '/api/account/export')).status).toBe(401);
    const { user: owner } = await seedAccount();
    const stranger = await stack.registerUser();
    const document = (await (
      await fetch(`${stack.gatewayUrl}/api/account/export`, { headers: stranger.authHeader })
    ).json()) as AccountExport;
    expect(document.profile._id).toBe(stranger.user._id);
    expect(document.contacts).toEqual([]);
    expect(JSON.stringify(document)).not.toContain(owner.user._id);
  });
});

const isJson = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

describe('DELETE /api/auth/me', () => {
  it('refuses a wrong password with a 401 and deletes nothing', async () => {
    const { user, contactIds } = await seedAccount();
    const before = await rowsMentioning([user.user._id, ...contactIds]);
    const answer = await api(user, 'DELETE', '/api/auth/me', { password: 'not-my-password' });
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe(ErrorCode.INVALID_CREDENTIALS);
    // The wrong guess is counted against the account's sign-in limit; nothing else changes.
    const { 'auth.sign_in_attempts': attempts, ...after } = await rowsMentioning([user.user._id, ...contactIds]);
    expect(attempts).toBe(1);
    expect(after).toEqual(before);
    expect((await api(user, 'GET', '/api/contacts')).status).toBe(200);
  });

  it('answers 400 naming the password when it is missing', async () => {
    const user = await stack.registerUser();
    const answer = await api(user, 'DELETE', '/api/auth/me', {});
    expect(answer.status).toBe(400);
    expect(answer.body.details).toEqual([{ field: 'password', message: 'password is required' }]);
  });

  it('erases every row of the user in every database, ends every session and sends a last e-mail', async () => {
    const { user, listId, contactIds, communicationIds, phoneCardId, appPassword, feedUrl } = await seedEverything();
    const bystander = await seedAccount();
    const needles = [user.user._id, user.user.email, listId, phoneCardId, ...contactIds, ...communicationIds];
    const before = await rowsOfUser(user.user._id);
    // The seed really left rows everywhere a user has data, so "none after" means something.
    const expectedTables = [
      'auth.refresh_tokens',
      'auth.password_reset_tokens',
      'auth.app_passwords',
      'contacts.contact_lists',
      'contacts.contacts',
      'contacts.communications',
      'contacts.contact_totals',
      'contacts.calendar_feeds',
      'contacts.dav_sync_state',
      'contacts.dav_tombstones',
      'notifications.notification_settings',
      'notifications.outbox',
      'notifications.daily_reminders',
      'notifications.email_action_uses',
      'notifications.webhooks',
      'notifications.webhook_deliveries',
    ];
    expect(expectedTables.filter((table) => !((before[table] ?? 0) > 0))).toEqual([]);
    const [snoozedAndScheduled] = await sql<{ snoozed: number; scheduled: number }>(
      stack.databaseUrls.contacts,
      `SELECT count(*) FILTER (WHERE snoozed_until IS NOT NULL)::int AS snoozed,
              count(*) FILTER (WHERE reminder_date IS NOT NULL)::int AS scheduled
       FROM contacts WHERE user_id = $1`,
      [user.user._id],
    );
    expect(snoozedAndScheduled).toEqual({ snoozed: 1, scheduled: 1 });
    const secondSession = await api(null, 'POST', '/api/auth/login', {
      email: user.user.email,
      password: user.password,
    });

    const answer = await api(user, 'DELETE', '/api/auth/me', { password: user.password });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ message: AccountMessage.DELETED });

    await eventually(async () => Object.keys(await rowsOfUser(user.user._id)).length === 0 || undefined, {
      what: 'every row erased',
    });
    expect(await rowsOfUser(user.user._id)).toEqual({});
    expect(await rowsMentioning(needles)).toEqual({});
    expect(await sql(stack.databaseUrls.auth, 'SELECT * FROM users WHERE id = $1', [user.user._id])).toEqual([]);
    // The still-unexpired access token is refused at once, on every route; no session can be renewed.
    for (const path of [
      '/api/auth/me',
      '/api/contacts',
      '/api/lists',
      '/api/notifications/settings',
      '/api/account/export',
    ]) {
      expect((await call(stack.gatewayUrl, 'GET', path, { headers: bearer(user.tokens.accessToken) })).status).toBe(
        401,
      );
    }
    for (const refreshToken of [user.tokens.refreshToken, secondSession.body.data.tokens.refreshToken]) {
      expect((await api(null, 'POST', '/api/auth/refresh', { refreshToken })).status).toBe(401);
    }
    expect(
      (await api(null, 'POST', '/api/auth/login', { email: user.user.email, password: user.password })).status,
    ).toBe(401);
    // Nor do the phone and the calendar app get anything.
    expect((await dav(user, appPassword, 'PROPFIND', davPaths.addressBook(user.user._id))).status).toBe(401);
    expect((await feed(feedUrl)).status).toBe(404);

    const farewell = await eventually(
      async () => sink.to(user.user.email).find((mail) => mail.subject === 'Your Kith account has been deleted'),
      { what: 'farewell mail' },
    );
    expect(farewell.text).toContain(user.user.email);
    // Once sent, even the farewell mail's row no longer names the address.
    await eventually(async () => Object.keys(await rowsMentioning([user.user.email])).length === 0 || undefined, {
      what: 'farewell row forgotten',
    });

    // Someone else's data is untouched.
    expect((await api(bystander.user, 'GET', '/api/contacts')).body.data.totalItems).toBe(3);
  }, 120_000);

  it('completes the erasure of a service that was down once it is back, serving nothing of the user meanwhile', async () => {
    const { user, contactIds, appPassword, feedUrl } = await seedEverything();
    const book = davPaths.addressBook(user.user._id);
    expect((await feed(feedUrl)).status).toBe(200);
    // Auth retries only after 10 minutes here, so the window between contacts coming back and its
    // erasure arriving stays open long enough to look through it.
    await stack.stopService('auth');
    await stack.startService('auth', {
      env: { ERASURE_SWEEP_INTERVAL_MS: '600000', ERASURE_RETRY_MAX_DELAY_MS: '600000' },
    });
    try {
      await stack.stopService('contacts');
      try {
        const answer = await api(user, 'DELETE', '/api/auth/me', { password: user.password });
        expect(answer.status).toBe(200);
        const filed = await sql(stack.databaseUrls.auth, 'SELECT service FROM account_erasures WHERE user_id = $1', [
          user.user._id,
        ]);
        expect(filed).toEqual([{ service: 'contacts' }]);
        // With contacts down nothing of the user can be served at all.
        for (const answer of [await feed(feedUrl), await dav(user, appPassword, 'PROPFIND', book)]) {
          expect(answer.status).toBe(503);
          expect(answer.text).not.toMatch(/Babbage|Somerville|Faraday|Herschel/);
        }
      } finally {
        await stack.startService('contacts');
      }
      // Contacts is back, its rows are still there (its erasure is pending), and still none is served.
      const [pending] = await sql<{ count: number }>(
        stack.databaseUrls.contacts,
        'SELECT count(*)::int AS count FROM contacts WHERE user_id = $1',
        [user.user._id],
      );
      expect(pending!.count).toBe(4);
      expect(await feed(feedUrl)).toEqual({ status: 404, text: expect.not.stringMatching(/Faraday|VEVENT/) });
      const phone = await dav(user, appPassword, 'PROPFIND', book);
      expect(phone.status).toBe(401);
      expect(phone.text).not.toMatch(/Herschel/);
      expect((await api(user, 'GET', '/api/contacts')).status).toBe(401);
    } finally {
      await stack.stopService('auth');
      await stack.startService('auth');
    }
    // The filed request keeps its schedule across restarts; bring its next attempt forward, as if
    // the ten minutes had passed.
    await sql(stack.databaseUrls.auth, 'UPDATE account_erasures SET next_attempt_at = now() WHERE user_id = $1', [
      user.user._id,
    ]);
    await eventually(async () => Object.keys(await rowsOfUser(user.user._id)).length === 0 || undefined, {
      what: 'erasure completed after the restart',
      timeoutMs: 20_000,
    });
    expect(await rowsMentioning([user.user._id, user.user.email, ...contactIds])).toEqual({});
    expect(await sql(stack.databaseUrls.auth, 'SELECT * FROM account_erasures')).toEqual([]);
  }, 120_000);

  it('completes the erasure in notifications after an outage there: its rows go and the farewell mail is sent', async () => {
    const { user } = await seedEverything();
    await stack.stopService('notifications');
    try {
      expect((await api(user, 'DELETE', '/api/auth/me', { password: user.password })).status).toBe(200);
      const filed = await sql(stack.databaseUrls.auth, 'SELECT service FROM account_erasures WHERE user_id = $1', [
        user.user._id,
      ]);
      expect(filed).toEqual([{ service: 'notifications' }]);
      // Contacts answered at once; notifications still holds the user's rows and has sent nothing.
      expect(Object.keys(await rowsOfUser(user.user._id)).sort()).toEqual(
        [
          'auth.account_erasures',
          'notifications.daily_reminders',
          'notifications.email_action_uses',
          'notifications.outbox',
          'notifications.notification_settings',
          'notifications.send_limits',
          'notifications.webhook_deliveries',
          'notifications.webhooks',
        ].sort(),
      );
      expect(sink.to(user.user.email).some((mail) => mail.subject === 'Your Kith account has been deleted')).toBe(
        false,
      );
    } finally {
      await stack.startService('notifications');
    }
    const farewell = await eventually(
      async () => sink.to(user.user.email).find((mail) => mail.subject === 'Your Kith account has been deleted'),
      { what: 'farewell mail after the outage', timeoutMs: 20_000 },
    );
    expect(farewell.text).toContain(user.user.email);
    await eventually(async () => Object.keys(await rowsOfUser(user.user._id)).length === 0 || undefined, {
      what: 'notifications rows erased after the outage',
      timeoutMs: 20_000,
    });
    await eventually(
      async () => Object.keys(await rowsMentioning([user.user._id, user.user.email])).length === 0 || undefined,
      { what: 'the farewell row forgets the address once sent' },
    );
    expect(
      await sql(stack.databaseUrls.auth, 'SELECT * FROM account_erasures WHERE user_id = $1', [user.user._id]),
    ).toEqual([]);
  }, 120_000);

  it('keeps refusing an erased user’s token after the gateway restarts', async () => {
    const user = await stack.registerUser();
    expect((await api(user, 'DELETE', '/api/auth/me', { password: user.password })).status).toBe(200);
    await stack.stopService('gateway');
    await stack.startService('gateway');
    await eventually(async () => (await api(user, 'GET', '/api/contacts')).status === 401 || undefined, {
      what: 'token refused after restart',
      timeoutMs: 5000,
    });
  });
});
