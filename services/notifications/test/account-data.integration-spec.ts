import { ACCOUNT_EXPORT_VERSION, type AccountExport, AccountMessage, ErrorCode } from '@kith/contracts';
import { call, eventually, type RegisteredUser, sql, startTestStack, type TestStack } from '@kith/stack/testing';
import { SmtpSink } from './smtp-sink.js';

// "Your data is yours" across every service: the account export and the account erasure (it
// lives beside the SMTP sink because the erasure ends with the farewell mail).
const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });

/** Every service, real SMTP sink; erasure retries fast so an outage of a few seconds is enough. */
let stack: TestStack;
let sink: SmtpSink;
const SERVICES_WITH_DATA = ['auth', 'contacts', 'notifications'] as const;

beforeAll(async () => {
  sink = await SmtpSink.start();
  stack = await startTestStack({
    services: ['auth', 'contacts', 'notifications', 'gateway'],
    env: {
      SMTP_URL: sink.url,
      OUTBOX_POLL_MS: '200',
      ERASURE_SWEEP_INTERVAL_MS: '300',
      ERASURE_RETRY_MAX_DELAY_MS: '600',
    },
  });
}, 120_000);
afterAll(async () => {
  await stack?.stop();
  await sink?.down();
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
    });
    expect(document.reminderHistory).toEqual([expect.objectContaining({ kind: 'TEST_REMINDER', status: 'SENT' })]);
  });

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

describe('DELETE /api/auth/me', () => {
  it('refuses a wrong password with a 401 and deletes nothing', async () => {
    const { user, contactIds } = await seedAccount();
    const before = await rowsMentioning([user.user._id, ...contactIds]);
    const answer = await api(user, 'DELETE', '/api/auth/me', { password: 'not-my-password' });
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe(ErrorCode.INVALID_CREDENTIALS);
    expect(await rowsMentioning([user.user._id, ...contactIds])).toEqual(before);
    expect((await api(user, 'GET', '/api/contacts')).status).toBe(200);
  });

  it('answers 400 naming the password when it is missing', async () => {
    const user = await stack.registerUser();
    const answer = await api(user, 'DELETE', '/api/auth/me', {});
    expect(answer.status).toBe(400);
    expect(answer.body.details).toEqual([{ field: 'password', message: 'password is required' }]);
  });

  it('erases every row of the user in every database, ends every session and sends a last e-mail', async () => {
    const { user, listId, contactIds, communicationIds } = await seedAccount();
    const bystander = await seedAccount();
    const needles = [user.user._id, user.user.email, listId, ...contactIds, ...communicationIds];
    const before = await rowsMentioning(needles);
    // The seed really left rows in all three databases, so "none after" means something.
    for (const service of SERVICES_WITH_DATA)
      expect(Object.keys(before).some((table) => table.startsWith(`${service}.`))).toBe(true);
    const secondSession = await api(null, 'POST', '/api/auth/login', {
      email: user.user.email,
      password: user.password,
    });

    const answer = await api(user, 'DELETE', '/api/auth/me', { password: user.password });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ message: AccountMessage.DELETED });

    await eventually(async () => Object.keys(await rowsMentioning(needles)).length === 0 || undefined, {
      what: 'every row erased',
    });
    expect(await rowsMentioning(needles)).toEqual({});
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
  });

  it('completes the erasure of a service that was down once it is back, serving nothing of the user meanwhile', async () => {
    const { user, contactIds } = await seedAccount();
    await stack.stopService('contacts');
    try {
      const answer = await api(user, 'DELETE', '/api/auth/me', { password: user.password });
      expect(answer.status).toBe(200);
      const [pending] = await sql<{ count: number }>(
        stack.databaseUrls.contacts,
        'SELECT count(*)::int AS count FROM contacts WHERE user_id = $1',
        [user.user._id],
      );
      expect(pending!.count).toBe(3);
      const filed = await sql(stack.databaseUrls.auth, 'SELECT service FROM account_erasures WHERE user_id = $1', [
        user.user._id,
      ]);
      expect(filed).toEqual([{ service: 'contacts' }]);
    } finally {
      await stack.startService('contacts');
    }
    expect((await api(user, 'GET', '/api/contacts')).status).toBe(401);
    await eventually(
      async () =>
        Object.keys(await rowsMentioning([user.user._id, user.user.email, ...contactIds])).length === 0 || undefined,
      {
        what: 'erasure completed after the restart',
        timeoutMs: 20_000,
      },
    );
    expect(await sql(stack.databaseUrls.auth, 'SELECT * FROM account_erasures')).toEqual([]);
  });

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
