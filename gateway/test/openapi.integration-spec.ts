import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import {
  type AccountMailRequest,
  NatsSubject,
  type PasswordResetMailRequest,
  TOTP_PERIOD_SECONDS,
} from '@kith/contracts';
import { startOidcProvider, type OidcTestProvider } from '@kith/stack/oidc-provider';
import { SoftAuthenticator } from '@kith/stack/soft-authenticator';
import { apiConformance, eventually, sql, startTestStack, type TestStack } from '@kith/stack/testing';
import { SignJWT } from 'jose';
import { Secret, TOTP } from 'otpauth';

/**
 * Every route of the OpenAPI document the gateway serves, driven on the real stack: each answer
 * (successes and typical errors) must be documented, in a documented medium, and match its
 * schema. The last test fails when an operation of the document was never seen succeeding.
 */

type Conformance = ReturnType<typeof apiConformance>;
interface Answer {
  status: number;
  headers: Headers;
  text: string;
  body: any;
}
interface Options {
  auth?: { authorization: string };
  json?: unknown;
  form?: FormData;
  body?: string;
  headers?: Record<string, string>;
}

let stack: TestStack;
let conformance: Conformance;
let oidcProvider: OidcTestProvider;
/** Where single sign-on returns (APP_URL's /login/sso); the test reads the code from the redirect. */
const APP_URL = 'http://localhost:18081';
let webhookTarget: Server;
let nats: NatsConnection;
const resetMails: PasswordResetMailRequest[] = [];
const accountMails: AccountMailRequest[] = [];
/** An operator of this stack (KITH_OPERATORS), beside its first account. */
const OPERATOR_EMAIL = 'openapi-operator@example.test';

/** One request through the gateway; its answer must conform to the document. */
async function send(method: string, path: string, options: Options = {}): Promise<Answer> {
  const response = await fetch(`${stack.gatewayUrl}${path}`, {
    method,
    redirect: 'manual',
    headers: {
      ...(options.json === undefined ? {} : { 'content-type': 'application/json' }),
      ...options.auth,
      ...options.headers,
    },
    body: options.json === undefined ? (options.form ?? options.body) : JSON.stringify(options.json),
  });
  const text = await response.text();
  const contentType = response.headers.get('content-type');
  expect(conformance.check({ method, url: path, status: response.status, contentType, body: text })).toEqual([]);
  const body = contentType?.startsWith('application/json') && text ? JSON.parse(text) : text;
  return { status: response.status, headers: response.headers, text, body };
}

const vcard = (lines: string[]) => ['BEGIN:VCARD', 'VERSION:3.0', ...lines, 'END:VCARD', ''].join('\r\n');
const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

beforeAll(async () => {
  webhookTarget = createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(200).end());
  });
  await new Promise<void>((resolve) => webhookTarget.listen(0, '127.0.0.1', resolve));
  oidcProvider = await startOidcProvider({ redirectUris: [`${APP_URL}/login/sso`] });
  stack = await startTestStack({
    services: ['auth', 'contacts', 'notifications', 'gateway'],
    env: {
      ALLOW_PRIVATE_WEBHOOKS: 'true',
      DAILY_REMINDER_CRON: '0 0 1 1 *',
      OUTBOX_POLL_MS: '200',
      KITH_OPERATORS: OPERATOR_EMAIL,
      APP_URL,
      ...oidcProvider.env,
    },
  });
  // Reset tokens only leave auth in the mail request to notifications; read them there.
  // As notifications, the only user that may read reset requests (bus-security.integration-spec).
  nats = await connect({ ...stack.natsConnectOptions('notifications'), name: 'openapi-integration-test' });
  const subscription = nats.subscribe(NatsSubject.NOTIFICATIONS_QUEUE_PASSWORD_RESET_MAIL);
  void (async () => {
    for await (const message of subscription)
      resetMails.push((message.json() as { data: PasswordResetMailRequest }).data);
  })();
  const accountMailRequests = nats.subscribe(NatsSubject.NOTIFICATIONS_QUEUE_ACCOUNT_MAIL);
  void (async () => {
    for await (const message of accountMailRequests)
      accountMails.push((message.json() as { data: AccountMailRequest }).data);
  })();
  await nats.flush();
  const document = await (await fetch(`${stack.gatewayUrl}/api/openapi.json`)).json();
  conformance = apiConformance(document);
}, 120_000);

afterAll(async () => {
  await oidcProvider?.stop();
  await nats?.close();
  await stack?.stop();
  webhookTarget?.close();
});

describe('every route of the OpenAPI document, against the running stack', () => {
  it('gateway: health, the document and its docs page, the web app configuration, the CardDAV bootstrap', async () => {
    expect((await send('GET', '/api/health')).body.status).toBe('ok');
    expect((await send('GET', '/api/health/live')).status).toBe(200);
    expect((await send('GET', '/api/openapi.json')).body.openapi).toBe('3.1.0');
    const page = await send('GET', '/api/docs');
    expect(page.text).toContain('<div id="swagger-ui">');
    for (const file of ['swagger-ui.css', 'swagger-ui-bundle.js', 'api-docs.js']) {
      expect((await send('GET', `/api/docs/${file}`)).status).toBe(200);
    }
    expect((await send('GET', '/api/docs/index.html')).status).toBe(404);
    expect((await send('GET', '/app-config.json')).status).toBe(200);
    const wellKnown = await send('GET', '/.well-known/carddav');
    expect([wellKnown.status, wellKnown.headers.get('location')]).toEqual([301, '/dav/']);
  });

  it('auth: accounts, sessions, password reset, app passwords', async () => {
    const email = `openapi-${randomUUID()}@example.test`;
    const registered = await send('POST', '/api/auth/register', {
      json: { firstName: 'Open', lastName: 'Api', email, password: 'first-password' },
    });
    expect(registered.status).toBe(201);
    expect(
      (await send('POST', '/api/auth/register', { json: { firstName: 'A', lastName: 'B', email, password: 'xxxxxx' } }))
        .status,
    ).toBe(409);
    expect((await send('POST', '/api/auth/login', { json: { email, password: 'wrong-password' } })).status).toBe(401);
    const login = await send('POST', '/api/auth/login', { json: { email, password: 'first-password' } });
    expect(login.status).toBe(200);

    const { refreshToken } = login.body.data.tokens;
    const refreshed = await send('POST', '/api/auth/refresh', { json: { refreshToken } });
    expect(refreshed.status).toBe(200);
    expect((await send('POST', '/api/auth/refresh', { json: { refreshToken } })).status).toBe(401);
    const auth = { authorization: `Bearer ${refreshed.body.data.tokens.accessToken}` };
    expect((await send('GET', '/api/auth/me', { auth })).body.data.user.email).toBe(email);

    expect((await send('POST', '/api/auth/forgot-password', { json: { email } })).status).toBe(200);
    const { token } = await eventually(async () => resetMails.find((mail) => mail.email === email), {
      what: 'the reset mail request',
    });
    expect((await send('POST', '/api/auth/reset-password/check', { json: { token } })).status).toBe(200);
    expect(
      (await send('POST', '/api/auth/reset-password', { json: { token, password: 'second-password' } })).status,
    ).toBe(200);
    expect((await send('POST', '/api/auth/reset-password/check', { json: { token } })).status).toBe(400);
    expect(
      (await send('POST', '/api/auth/reset-password', { json: { token, password: 'third-password' } })).status,
    ).toBe(400);

    const session = await send('POST', '/api/auth/login', { json: { email, password: 'second-password' } });
    expect(
      (await send('POST', '/api/auth/logout', { json: { refreshToken: session.body.data.tokens.refreshToken } }))
        .status,
    ).toBe(200);

    const me = { authorization: `Bearer ${session.body.data.tokens.accessToken}` };
    const grant = await send('POST', '/api/auth/step-up', { auth: me, json: { password: 'second-password' } });
    expect(grant.status).toBe(200);
    const stepUp = { 'x-step-up': grant.body.data.stepUpToken };
    const created = await send('POST', '/api/auth/app-passwords', {
      auth: me,
      headers: stepUp,
      json: { name: 'Phone' },
    });
    expect(created.status).toBe(201);
    expect((await send('GET', '/api/auth/app-passwords', { auth: me })).body.data).toHaveLength(1);
    const revoke = `/api/auth/app-passwords/${created.body.data._id}`;
    expect((await send('DELETE', revoke, { auth: me })).status).toBe(200);
    expect((await send('DELETE', revoke, { auth: me })).status).toBe(404);
  });

  it('account basics: name, sessions, e-mail address and password; invitations for the operator', async () => {
    const operator = await stack.registerUser({ email: OPERATOR_EMAIL });
    const { user, authHeader: auth, password } = await stack.registerUser();
    const renamed = await send('PATCH', '/api/auth/me', { auth, json: { firstName: 'Augusta', lastName: 'King' } });
    expect(renamed.body.data.user).toMatchObject({ firstName: 'Augusta', lastName: 'King' });

    await send('POST', '/api/auth/login', { json: { email: user.email, password } });
    const sessions = (await send('GET', '/api/auth/sessions', { auth })).body.data;
    expect(sessions).toHaveLength(2);
    const other = sessions.find((session: { current: boolean }) => !session.current);
    expect((await send('DELETE', `/api/auth/sessions/${other._id}`, { auth })).status).toBe(200);
    expect((await send('POST', '/api/auth/sessions/sign-out-everywhere', { auth })).status).toBe(200);

    // The e-mail changes once the link sent to the new address is used (read on the bus, as notifications).
    const moved = `moved-${randomUUID().slice(0, 8)}@example.test`;
    const changing = await send('POST', '/api/auth/change-email', {
      auth,
      json: { currentPassword: password, newEmail: moved },
    });
    expect(changing.status).toBe(200);
    const { token } = await eventually(async () => accountMails.find((mail) => mail.to === moved), {
      what: 'the confirmation mail request',
    });
    expect((await send('POST', '/api/auth/confirm-email', { json: { token } })).status).toBe(200);
    // An address that is not confirmed gets its link again on request.
    await sql(stack.databaseUrls.auth, 'UPDATE users SET email_verified_at = NULL WHERE id = $1', [user._id]);
    expect((await send('POST', '/api/auth/verify-email/resend', { auth })).status).toBe(200);

    const changed = await send('POST', '/api/auth/change-password', {
      auth,
      json: { currentPassword: password, newPassword: 'a-new-one-entirely' },
    });
    expect(changed.body.data.revoked).toEqual({ sessions: 0, appPasswords: 0, calendarFeed: false });

    expect((await send('GET', '/api/auth/invitations', { auth })).status).toBe(403);
    const invited = await send('POST', '/api/auth/invitations', {
      auth: operator.authHeader,
      json: { email: `invited-${randomUUID().slice(0, 8)}@example.test` },
    });
    expect(invited.status).toBe(201);
    expect((await send('GET', '/api/auth/invitations', { auth: operator.authHeader })).body.data).toHaveLength(1);
  });

  it('two-factor sign-in: set up, enabled, a sign-in with a code, new recovery codes, turned off', async () => {
    const { user, authHeader: auth, password } = await stack.registerUser();
    const setup = await send('POST', '/api/auth/2fa/setup', { auth, json: { currentPassword: password } });
    expect(setup.status).toBe(200);
    // Codes of the current step and the next one: the server takes each step once, in order, within ±1.
    const step = Math.floor(Date.now() / (TOTP_PERIOD_SECONDS * 1000));
    const codeAt = (at: number) =>
      TOTP.generate({
        secret: Secret.fromBase32(setup.body.data.secret),
        timestamp: at * TOTP_PERIOD_SECONDS * 1000 + 1,
      });
    const enabled = await send('POST', '/api/auth/2fa/enable', {
      auth,
      json: { currentPassword: password, code: codeAt(step) },
    });
    expect(enabled.status).toBe(200);
    const [first, second] = enabled.body.data.recoveryCodes;

    const challenge = await send('POST', '/api/auth/login', { json: { email: user.email, password } });
    expect(challenge.body.data.twoFactorRequired).toBe(true);
    const wrong = await send('POST', '/api/auth/login/2fa', {
      json: {
        challenge: challenge.body.data.challenge,
        code: codeAt(step + 1).replace(/^./, (digit) => String((Number(digit) + 1) % 10)),
      },
    });
    expect(wrong.status).toBe(401);
    const signedIn = await send('POST', '/api/auth/login/2fa', {
      json: { challenge: challenge.body.data.challenge, code: codeAt(step + 1) },
    });
    expect(signedIn.status).toBe(200);
    expect((await send('GET', '/api/auth/me', { auth })).body.data.twoFactor.enabled).toBe(true);

    const renewed = await send('POST', '/api/auth/2fa/recovery-codes', {
      auth,
      json: { currentPassword: password, recoveryCode: first },
    });
    expect(renewed.status).toBe(200);
    // The codes from before the renewal no longer work.
    expect(
      (await send('POST', '/api/auth/2fa/disable', { auth, json: { password, recoveryCode: second } })).status,
    ).toBe(401);
    const disabled = await send('POST', '/api/auth/2fa/disable', {
      auth,
      json: { password, recoveryCode: renewed.body.data.recoveryCodes[0] },
    });
    expect(disabled.status).toBe(200);
  });

  it('contacts: contacts, lists, interactions, import, vCard export, calendar feed', async () => {
    const owner = await stack.registerUser();
    const { authHeader: auth } = owner;
    const list = await send('POST', '/api/lists', { auth, json: { name: 'Close friends', reminderDays: 14 } });
    expect(list.status).toBe(201);
    const listId = list.body.data._id;
    expect((await send('GET', '/api/lists', { auth })).body.data).toHaveLength(1);
    expect((await send('GET', `/api/lists/${listId}`, { auth })).status).toBe(200);
    expect(
      (await send('PUT', `/api/lists/${listId}`, { auth, json: { description: 'The ones who stay' } })).status,
    ).toBe(200);

    const contact = await send('POST', '/api/contacts', {
      auth,
      json: {
        firstName: 'Grace',
        lastName: 'Hopper',
        email: 'grace@example.test',
        phoneNumber: '+1 555 0100',
        notes: 'Met at the conference',
        birthday: '1906-12-09',
        company: 'Navy',
        jobTitle: 'Rear admiral',
        phones: [{ label: 'work', value: '+1 555 0101' }],
        emails: [{ label: 'home', value: 'grace@home.test' }],
        address: '1 Main St\nArlington',
        website: 'https://example.test/grace',
        listId,
        lastContactDate: daysFromNow(-30),
      },
    });
    expect(contact.status).toBe(201);
    const id = contact.body.data._id;
    const other = (
      await send('POST', '/api/contacts', {
        auth,
        json: { firstName: 'Alan', lastName: 'Turing', birthday: '--06-23' },
      })
    ).body.data;

    expect(
      (await send('GET', '/api/contacts?page=1&limit=10&sortBy=lastContact&sortOrder=desc', { auth })).body.data
        .totalItems,
    ).toBe(2);
    expect((await send('GET', `/api/contacts?search=grace&listId=${listId}&filter=overdue`, { auth })).status).toBe(
      200,
    );
    expect((await send('GET', '/api/contacts?limit=0', { auth })).status).toBe(400);
    expect((await send('GET', `/api/contacts/${id}`, { auth })).body.data.list.name).toBe('Close friends');
    expect((await send('PUT', `/api/contacts/${id}`, { auth, json: { customReminderDays: 7 } })).status).toBe(200);
    expect((await send('GET', '/api/contacts/overdue?limit=5', { auth })).body.data.totalItems).toBeGreaterThan(0);
    expect((await send('GET', '/api/contacts/birthdays?withinDays=60', { auth })).status).toBe(200);
    expect((await send('GET', '/api/contacts/sections?filter=overdue', { auth })).status).toBe(200);

    expect(
      (
        await send('POST', `/api/contacts/${id}/schedule-reminder`, {
          auth,
          json: { reminderDate: daysFromNow(3), notes: 'Call about the talk' },
        })
      ).status,
    ).toBe(200);
    expect((await send('POST', `/api/contacts/${id}/snooze`, { auth, json: { until: daysFromNow(5) } })).status).toBe(
      200,
    );
    expect((await send('POST', `/api/contacts/${id}/snooze`, { auth, json: { until: daysFromNow(-1) } })).status).toBe(
      400,
    );
    expect((await send('DELETE', `/api/contacts/${id}/snooze`, { auth })).body.data.contact.snoozedUntil).toBeNull();

    expect(
      (
        await send('POST', `/api/contacts/${id}/log-contact`, {
          auth,
          json: { type: 'TEXT', notes: 'Sent the slides' },
        })
      ).status,
    ).toBe(201);
    const logged = await send('POST', '/api/communications/log', {
      auth,
      json: { contactId: id, type: 'IN_PERSON', timestamp: daysFromNow(-2), notes: 'Lunch', duration: 3600 },
    });
    expect(logged.status).toBe(201);
    const entry = logged.body.data.communication._id;
    expect((await send('GET', `/api/contacts/${id}/communications?limit=10`, { auth })).body.data.totalItems).toBe(2);
    expect((await send('PUT', `/api/communications/${entry}`, { auth, json: { notes: 'Long lunch' } })).status).toBe(
      200,
    );
    expect((await send('DELETE', `/api/communications/${entry}`, { auth })).status).toBe(200);
    expect((await send('PATCH', `/api/contacts/${id}/mark-contacted`, { auth })).status).toBe(200);

    expect((await send('POST', `/api/lists/${listId}/contacts/${other._id}`, { auth })).status).toBe(201);
    expect((await send('GET', `/api/lists/${listId}/contacts?sortBy=name`, { auth })).body.data.totalItems).toBe(2);
    expect((await send('DELETE', `/api/lists/${listId}/contacts/${other._id}`, { auth })).status).toBe(200);

    const exported = await send('GET', `/api/contacts/export.vcf?listId=${listId}&version=4.0`, { auth });
    expect(exported.text).toContain('FN:Grace Hopper');

    const upload = (name: string, content: string) => {
      const form = new FormData();
      form.append('vcfFile', new Blob([content]), name);
      return send('POST', '/api/contacts/import/parse', { auth, form });
    };
    const parsed = await upload(
      'people.vcf',
      vcard(['N:Lovelace;Ada;;;', 'FN:Ada Lovelace', 'EMAIL:ada@example.test']) +
        vcard(['FN:Grace Hopper', 'N:Hopper;Grace;;;', 'EMAIL:grace@example.test']),
    );
    expect(parsed.body.data).toMatchObject({ totalParsed: 2, duplicatesFound: 1 });
    expect((await upload('people.txt', 'hello')).status).toBe(415);
    const confirmed = await send('POST', '/api/contacts/import/confirm', {
      auth,
      json: {
        contacts: parsed.body.data.contacts.filter((card: { isDuplicate: boolean }) => !card.isDuplicate),
        listId,
      },
    });
    expect(confirmed.body.data).toEqual({ imported: 1, skipped: 0 });
    expect((await send('POST', '/api/contacts/import/confirm', { auth, json: { contacts: [] } })).status).toBe(400);

    expect((await send('GET', '/api/calendar/feed', { auth })).body.data.active).toBe(false);
    const feed = await send('POST', '/api/calendar/feed', { auth, headers: await stack.stepUpHeader(owner) });
    const feedPath = new URL(feed.body.data.url).pathname;
    const calendar = await send('GET', feedPath);
    expect(calendar.text).toContain('BEGIN:VCALENDAR');
    expect((await send('GET', feedPath, { headers: { 'if-none-match': calendar.headers.get('etag')! } })).status).toBe(
      304,
    );
    expect((await send('DELETE', '/api/calendar/feed', { auth })).status).toBe(200);
    expect((await send('GET', feedPath)).status).toBe(404);

    expect((await send('DELETE', `/api/lists/${listId}`, { auth })).status).toBe(200);
    expect((await send('DELETE', `/api/contacts/${id}`, { auth })).status).toBe(200);
    expect((await send('GET', `/api/contacts/${id}`, { auth })).status).toBe(404);
  });

  it('CardDAV: capabilities, and a card written, read and deleted with an app password', async () => {
    const { user, authHeader: auth, password: accountPassword } = await stack.registerUser();
    const { password } = (
      await send('POST', '/api/auth/app-passwords', { auth, json: { name: 'Phone', currentPassword: accountPassword } })
    ).body.data;
    const basic = { authorization: `Basic ${Buffer.from(`${user.email}:${password}`).toString('base64')}` };
    const card = `/dav/addressbooks/${user._id}/contacts/openapi-card.vcf`;

    expect((await send('OPTIONS', '/dav/')).headers.get('dav')).toContain('addressbook');
    expect((await send('GET', card)).status).toBe(401);
    const body = vcard(['UID:openapi-card', 'N:Card;Carla;;;', 'FN:Carla Card']);
    const created = await send('PUT', card, {
      headers: { ...basic, 'content-type': 'text/vcard', 'if-none-match': '*' },
      body,
    });
    expect(created.status).toBe(201);
    expect(
      (await send('PUT', card, { headers: { ...basic, 'content-type': 'text/vcard', 'if-none-match': '*' }, body }))
        .status,
    ).toBe(412);
    expect(
      (
        await send('PUT', card, {
          headers: { ...basic, 'content-type': 'text/vcard', 'if-match': created.headers.get('etag')! },
          body,
        })
      ).status,
    ).toBe(204);
    const read = await send('GET', card, { headers: basic });
    expect(read.text).toContain('FN:Carla Card');
    expect(
      (await send('GET', card, { headers: { ...basic, 'if-none-match': read.headers.get('etag')! } })).status,
    ).toBe(304);
    expect((await send('DELETE', card, { headers: basic })).status).toBe(204);
    expect((await send('GET', card, { headers: basic })).status).toBe(404);
  });

  it('notifications: settings, upcoming, stats, test and daily reminders, webhook, one-click e-mail links', async () => {
    const { user, authHeader: auth } = await stack.registerUser();
    const contact = (await send('POST', '/api/contacts', { auth, json: { firstName: 'Overdue', lastName: 'Friend' } }))
      .body.data;
    await send('POST', `/api/contacts/${contact._id}/schedule-reminder`, {
      auth,
      json: { reminderDate: daysFromNow(2) },
    });

    expect((await send('GET', '/api/notifications/settings', { auth })).body.data.remindersPaused).toBe(false);
    expect(
      (await send('PUT', '/api/notifications/settings', { auth, json: { remindersPaused: true } })).body.data
        .remindersPaused,
    ).toBe(true);
    expect((await send('PUT', '/api/notifications/settings', { auth, json: { remindersPaused: 'yes' } })).status).toBe(
      400,
    );
    await send('PUT', '/api/notifications/settings', { auth, json: { remindersPaused: false } });
    expect((await send('GET', '/api/notifications/upcoming', { auth })).body.data.totalItems).toBeGreaterThan(0);
    expect((await send('GET', '/api/notifications/stats', { auth })).body.data.overdueCount).toBe(1);
    expect((await send('POST', '/api/notifications/test', { auth })).status).toBe(200);
    expect((await send('POST', '/api/notifications/trigger-daily', { auth })).status).toBe(200);

    expect((await send('GET', '/api/notifications/webhook', { auth })).body.data).toEqual({
      url: null,
      format: 'json',
    });
    expect((await send('POST', '/api/notifications/webhook/test', { auth })).status).toBe(400);
    const url = `http://127.0.0.1:${(webhookTarget.address() as AddressInfo).port}/hook`;
    expect(
      (await send('PUT', '/api/notifications/webhook', { auth, json: { url, format: 'ntfy' } })).body.data.url,
    ).toBe(url);
    expect(
      (await send('PUT', '/api/notifications/webhook', { auth, json: { url: 'ftp://example.test' } })).status,
    ).toBe(400);
    expect((await send('POST', '/api/notifications/webhook/test', { auth })).status).toBe(200);
    await eventually(
      async () => (await send('GET', '/api/notifications/deliveries', { auth })).body.data.totalItems > 0,
      {
        what: 'a webhook delivery',
      },
    );

    // A link as a reminder e-mail carries it: signed with the service's key.
    const [{ secret }] = await sql<{ secret: Buffer }>(
      stack.databaseUrls.notifications,
      `SELECT secret FROM signing_keys WHERE name = 'email-actions'`,
    );
    const link = await new SignJWT({ act: 'mark-contacted', cid: contact._id })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user._id)
      .setAudience('kith-email-action')
      .setJti(randomUUID())
      .setIssuedAt()
      .setExpirationTime('1d')
      .sign(new Uint8Array(secret));
    expect((await send('GET', `/api/notifications/actions/${link}`)).body.data.state).toBe('ready');
    expect((await send('POST', `/api/notifications/actions/${link}`)).status).toBe(200);
    expect((await send('POST', `/api/notifications/actions/${link}`)).status).toBe(410);
    expect((await send('GET', '/api/notifications/actions/not-a-link')).status).toBe(400);
  });

  it('account: the export, and erasure', async () => {
    const { user, password, authHeader: auth } = await stack.registerUser();
    const contact = (
      await send('POST', '/api/contacts', {
        auth,
        json: { firstName: 'Kept', lastName: 'Forever', lastContactDate: daysFromNow(-1) },
      })
    ).body.data;
    await send('POST', `/api/contacts/${contact._id}/log-contact`, { auth, json: {} });
    await send('POST', `/api/contacts/${contact._id}/schedule-reminder`, {
      auth,
      json: { reminderDate: daysFromNow(1) },
    });
    await send('POST', '/api/lists', { auth, json: { name: 'Everyone' } });
    const exported = await send('GET', '/api/account/export', { auth });
    expect(exported.body).toMatchObject({ profile: { _id: user._id }, contacts: [{ _id: contact._id }] });

    expect((await send('DELETE', '/api/auth/me', { auth, json: { password: 'not-my-password' } })).status).toBe(401);
    expect((await send('DELETE', '/api/auth/me', { auth, json: { password } })).status).toBe(200);
    expect((await send('GET', '/api/auth/me', { auth })).status).toBe(401);
  });

  it('passkeys and single sign-on', async () => {
    const origin = new URL(APP_URL).origin;
    const { authHeader: auth, password } = await stack.registerUser();
    const stepUp = {
      'x-step-up': (await send('POST', '/api/auth/step-up', { auth, json: { password } })).body.data.stepUpToken,
    };
    const key = new SoftAuthenticator();
    const options = await send('POST', '/api/auth/passkeys/registration-options', { auth, headers: stepUp });
    const added = await send('POST', '/api/auth/passkeys', {
      auth,
      headers: stepUp,
      json: { name: 'Laptop', response: key.create(options.body.data, origin) },
    });
    expect(added.status).toBe(201);
    expect((await send('GET', '/api/auth/passkeys', { auth })).body.data).toHaveLength(1);
    const path = `/api/auth/passkeys/${added.body.data.id}`;
    expect((await send('PATCH', path, { auth, json: { name: 'Work laptop' } })).status).toBe(200);
    const signInOptions = async () => (await send('POST', '/api/auth/passkeys/sign-in-options')).body.data;
    const signedIn = await send('POST', '/api/auth/passkeys/sign-in', {
      json: { response: key.get(await signInOptions(), origin) },
    });
    expect(signedIn.status).toBe(200);
    const stepUpOptions = await send('POST', '/api/auth/step-up/passkey-options', { auth });
    const granted = await send('POST', '/api/auth/step-up/passkey', {
      auth,
      json: { response: key.get(stepUpOptions.body.data, origin) },
    });
    expect(granted.status).toBe(200);

    // The two-factor step with the passkey.
    const setup = await send('POST', '/api/auth/2fa/setup', { auth, headers: stepUp, json: {} });
    const code = TOTP.generate({ secret: Secret.fromBase32(setup.body.data.secret), period: TOTP_PERIOD_SECONDS });
    expect((await send('POST', '/api/auth/2fa/enable', { auth, headers: stepUp, json: { code } })).status).toBe(200);
    const email = (await send('GET', '/api/auth/me', { auth })).body.data.user.email;
    const challenge = (await send('POST', '/api/auth/login', { json: { email, password } })).body.data.challenge;
    const finished = await send('POST', '/api/auth/login/2fa/passkey', {
      json: { challenge, response: key.get(await signInOptions(), origin) },
    });
    expect(finished.status).toBe(200);
    // A reset whose second factor is the passkey.
    expect((await send('POST', '/api/auth/forgot-password', { json: { email } })).status).toBe(200);
    const { token } = await eventually(async () => resetMails.find((mail) => mail.email === email), {
      what: 'the reset mail request',
    });
    const reset = await send('POST', '/api/auth/reset-password/passkey', {
      json: { token, password: 'reset-with-a-passkey-1', response: key.get(await signInOptions(), origin) },
    });
    expect(reset.status).toBe(200);
    const afterReset = { authorization: `Bearer ${reset.body.data.tokens.accessToken}` };
    const freshStepUp = {
      'x-step-up': (
        await send('POST', '/api/auth/step-up/passkey', {
          auth: afterReset,
          json: {
            response: key.get(
              (await send('POST', '/api/auth/step-up/passkey-options', { auth: afterReset })).body.data,
              origin,
            ),
          },
        })
      ).body.data.stepUpToken,
    };
    expect((await send('DELETE', path, { auth: afterReset, headers: freshStepUp })).status).toBe(200);

    // Single sign-on, with oidc-provider's sign-in pages answered as a browser would.
    expect((await send('GET', '/api/auth/sso')).body.data).toEqual({ enabled: true, providerName: 'Test IdP' });
    const started = await send('POST', '/api/auth/sso/start');
    const cookie = started.headers.getSetCookie()[0]!.split(';')[0]!;
    const jar = new Map<string, string>();
    const keep = (response: Response) => {
      for (const set of response.headers.getSetCookie()) {
        const [pair = ''] = set.split(';');
        jar.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
      }
    };
    const jarHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    let url: string = started.body.data.authorizationUrl;
    while (!url.startsWith(APP_URL)) {
      const page = await fetch(url, { redirect: 'manual', headers: { cookie: jarHeader() } });
      keep(page);
      if (page.status >= 300 && page.status < 400) {
        url = new URL(page.headers.get('location')!, url).href;
        continue;
      }
      const html = await page.text();
      const prompt = /name="prompt" value="(\w+)"/.exec(html)![1]!;
      const submitted = await fetch(new URL(/action="([^"]+)"/.exec(html)![1]!, url), {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie: jarHeader(), 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          prompt,
          ...(prompt === 'login' ? { login: 'sso@example.test', password: 'x' } : {}),
        }),
      });
      keep(submitted);
      url = new URL(submitted.headers.get('location')!, url).href;
    }
    const ssoSignedIn = await send('POST', '/api/auth/sso/callback', {
      headers: { cookie },
      json: { callbackQuery: new URL(url).search },
    });
    expect(ssoSignedIn.status).toBe(200);
    expect(ssoSignedIn.body.data.user.email).toBe('sso@example.test');
  });

  it('typical errors on every route: no access token, an empty body, an unknown id', async () => {
    const registered = await stack.registerUser();
    const { authHeader: auth } = registered;
    // Routes that open lasting doors answer an unknown id only past step-up.
    const stepUp = await stack.stepUpHeader(registered);
    const document = await (await fetch(`${stack.gatewayUrl}/api/openapi.json`)).json();
    const unknownId = randomUUID();
    for (const [template, item] of Object.entries<Record<string, any>>(document.paths)) {
      if (item.servers) continue;
      for (const method of ['get', 'post', 'put', 'patch', 'delete']) {
        const operation = item[method];
        if (!operation) continue;
        const path = `/api${template.replace(/\{[^}]+\}/g, unknownId)}`;
        const ids =
          /\{[^}]+\}/.test(template) && !operation.parameters.some((p: any) => p.in === 'path' && !p.schema.format);
        const bearer = operation.security.some((scheme: object) => 'bearerAuth' in scheme);
        const json = operation.requestBody?.content['application/json'];
        if (bearer) expect([template, (await send(method.toUpperCase(), path)).status]).toEqual([template, 401]);
        if (json && operation.requestBody.required) {
          const answer = await send(method.toUpperCase(), path, { auth, json: {} });
          expect([template, answer.status, answer.body.code]).toEqual([template, 400, 'VALIDATION_ERROR']);
        }
        if (ids && !operation.requestBody?.required) {
          const guarded = operation.parameters.some((p: any) => p.in === 'header' && p.name === 'X-Step-Up');
          expect([
            template,
            (
              await send(method.toUpperCase(), path, {
                auth,
                json: json ? {} : undefined,
                headers: guarded ? stepUp : undefined,
              })
            ).status,
          ]).toEqual([template, 404]);
        }
      }
    }
  });

  it('saw every operation of the document succeed', () => {
    const unseen = conformance
      .coverage()
      .filter(({ seen }) => !seen.some((status) => status < 400))
      .map(({ operation }) => operation);
    expect(unseen).toEqual([]);
  });
});
