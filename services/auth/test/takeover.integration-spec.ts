/**
 * Accounts that resist takeover, tried as an attacker would: with one stolen access token, with
 * parallel guesses, with an old e-mail link. Each finding of the walk is reproduced here against
 * the whole stack (and vdirsyncer, a CardDAV client we did not write).
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  ErrorCode,
  NatsSubject,
  type PasswordResetMailRequest,
  TEST_SENDS_PER_HOUR,
  TOTP_PERIOD_SECONDS,
  TWO_FACTOR_ACCOUNT_FAILURE_LIMIT,
  TWO_FACTOR_MAX_ATTEMPTS,
} from '@kith/contracts';
import {
  type ApiAnswer,
  call,
  eventually,
  type RegisteredUser,
  sleep,
  sql,
  startTestStack,
  type TestStack,
} from '@kith/stack/testing';
import { Secret, TOTP } from 'otpauth';
import { bearer, EventRecorder } from './support.js';

const run = promisify(execFile);
const LOGIN_BACKOFF_FREE_ATTEMPTS = 5;

let stack: TestStack;
let operator: RegisteredUser;
let resetMails: EventRecorder<PasswordResetMailRequest>;

beforeAll(async () => {
  stack = await startTestStack({
    env: {
      LOGIN_BACKOFF_FREE_ATTEMPTS: String(LOGIN_BACKOFF_FREE_ATTEMPTS),
      LOGIN_BACKOFF_BASE_MS: '60000',
      ALLOW_PRIVATE_WEBHOOKS: 'true',
    },
  });
  // The instance's first account is its operator.
  operator = await stack.registerUser();
  resetMails = await EventRecorder.listen(
    stack.natsConnectOptions('notifications'),
    NatsSubject.NOTIFICATIONS_QUEUE_PASSWORD_RESET_MAIL,
  );
}, 180_000);
afterAll(async () => {
  await resetMails?.close();
  await stack?.stop();
});

type Headers = Record<string, string>;
const api = (method: string, path: string, options: { body?: unknown; headers?: Headers } = {}) =>
  call(stack.gatewayUrl, method, path, options);
const as = (user: RegisteredUser, extra: Headers = {}) => ({ ...user.authHeader, ...extra });
const codesOf = (answers: ApiAnswer[]) =>
  answers.reduce<Record<string, number>>((counts, answer) => {
    const key = `${answer.status} ${answer.body?.code ?? 'OK'}`;
    counts[key] = (counts[key] ?? 0) + 1;
    return counts;
  }, {});

const PERIOD_MS = TOTP_PERIOD_SECONDS * 1000;
const codeOf = (secret: string, step: number) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: step * PERIOD_MS + 1 });
async function freshStep(): Promise<number> {
  const left = PERIOD_MS - (Date.now() % PERIOD_MS);
  if (left < 2_000) await sleep(left + 50);
  return Math.floor(Date.now() / PERIOD_MS);
}

/** Two-factor sign-in turned on as the owner does it: the password again, then a code. */
async function withTwoFactor(user: RegisteredUser) {
  const setup = await api('POST', '/api/auth/2fa/setup', {
    body: { currentPassword: user.password },
    headers: as(user),
  });
  expect(setup.status).toBe(200);
  const step = (await freshStep()) - 1;
  const enabled = await api('POST', '/api/auth/2fa/enable', {
    body: { currentPassword: user.password, code: codeOf(setup.body.data.secret, step) },
    headers: as(user),
  });
  expect(enabled.status).toBe(200);
  return { secret: setup.body.data.secret as string, step, recoveryCodes: enabled.body.data.recoveryCodes as string[] };
}

async function resetTokenOf(user: RegisteredUser): Promise<string> {
  const earlier = new Set(resetMails.received.map((mail) => mail.token));
  expect((await api('POST', '/api/auth/forgot-password', { body: { email: user.user.email } })).status).toBe(200);
  return (await resetMails.waitFor((mail) => mail.userId === user.user._id && !earlier.has(mail.token))).token;
}

describe('a stolen access token', () => {
  it('even fresh from registration, creates no app password, no calendar feed and no two-factor key', async () => {
    const victim = await stack.registerUser();
    const stolen = as(victim);
    const attempts = [
      await api('POST', '/api/auth/app-passwords', { body: { name: 'Attacker' }, headers: stolen }),
      await api('POST', '/api/calendar/feed', { headers: stolen }),
      await api('POST', '/api/auth/2fa/setup', { headers: stolen }),
      await api('POST', '/api/auth/2fa/enable', { body: { code: '123456' }, headers: stolen }),
      await api('POST', '/api/auth/change-password', {
        body: { currentPassword: 'a-guess-at-it', newPassword: 'attacker-owns-it' },
        headers: stolen,
      }),
      await api('POST', '/api/auth/change-email', {
        body: { currentPassword: 'a-guess-at-it', newEmail: 'attacker@example.test' },
        headers: stolen,
      }),
    ];
    expect(attempts.slice(0, 4).map((answer) => [answer.status, answer.body.code])).toEqual(
      Array(4).fill([403, ErrorCode.STEP_UP_REQUIRED]),
    );
    // A guessed password in the body is checked, and wrong.
    expect(attempts.slice(4).map((answer) => [answer.status, answer.body.code])).toEqual(
      Array(2).fill([401, ErrorCode.INVALID_CREDENTIALS]),
    );
    // An access token is no grant either.
    const asGrant = await api('POST', '/api/auth/app-passwords', {
      body: { name: 'Attacker' },
      headers: { ...stolen, 'x-step-up': victim.tokens.accessToken },
    });
    expect([asGrant.status, asGrant.body.code]).toEqual([403, ErrorCode.STEP_UP_REQUIRED]);

    for (const [database, query] of [
      [stack.databaseUrls.auth, 'SELECT 1 FROM app_passwords WHERE user_id = $1'],
      [stack.databaseUrls.auth, 'SELECT 1 FROM user_totp WHERE user_id = $1'],
      [stack.databaseUrls.contacts, 'SELECT 1 FROM calendar_feeds WHERE user_id = $1'],
    ] as const) {
      expect(await sql(database, query, [victim.user._id])).toEqual([]);
    }
  });

  it('a step-up grant opens them, for its own user and session only, and a wrong password earns none', async () => {
    const owner = await stack.registerUser();
    const wrong = await api('POST', '/api/auth/step-up', { body: { password: 'not-it' }, headers: as(owner) });
    expect([wrong.status, wrong.body.code]).toEqual([401, ErrorCode.INVALID_CREDENTIALS]);

    const grant = await stack.stepUpHeader(owner);
    const created = await api('POST', '/api/auth/app-passwords', {
      body: { name: 'Phone' },
      headers: as(owner, grant),
    });
    expect(created.status).toBe(201);
    expect((await api('POST', '/api/calendar/feed', { headers: as(owner, grant) })).status).toBe(200);

    // Another user's token with this grant, and the same user's other session, get nothing.
    const other = await stack.registerUser();
    const elsewhere = await api('POST', '/api/auth/app-passwords', { body: { name: 'X' }, headers: as(other, grant) });
    expect([elsewhere.status, elsewhere.body.code]).toEqual([403, ErrorCode.STEP_UP_REQUIRED]);
    const second = await api('POST', '/api/auth/login', {
      body: { email: owner.user.email, password: owner.password },
    });
    const otherSession = { authorization: `Bearer ${second.body.data.tokens.accessToken}`, ...grant };
    const inOtherSession = await api('POST', '/api/auth/app-passwords', { body: { name: 'X' }, headers: otherSession });
    expect([inOtherSession.status, inOtherSession.body.code]).toEqual([403, ErrorCode.STEP_UP_REQUIRED]);
  });

  it('cannot turn on two-factor sign-in with its own key, so the owner keeps signing in and resetting', async () => {
    const victim = await stack.registerUser();
    expect((await api('POST', '/api/auth/2fa/setup', { headers: as(victim) })).status).toBe(403);
    const login = await api('POST', '/api/auth/login', {
      body: { email: victim.user.email, password: victim.password },
    });
    expect(login.body.data.tokens).toBeDefined();
  });

  it('with two-factor sign-in on, step-up and deleting the account ask for the second factor too', async () => {
    const owner = await stack.registerUser();
    const { secret, step } = await withTwoFactor(owner);
    const noCode = await api('POST', '/api/auth/step-up', { body: { password: owner.password }, headers: as(owner) });
    expect([noCode.status, noCode.body.code]).toEqual([401, ErrorCode.TWO_FACTOR_REQUIRED]);
    const deleteWithPasswordOnly = await api('DELETE', '/api/auth/me', {
      body: { password: owner.password },
      headers: as(owner),
    });
    expect([deleteWithPasswordOnly.status, deleteWithPasswordOnly.body.code]).toEqual([
      401,
      ErrorCode.TWO_FACTOR_REQUIRED,
    ]);
    const grant = await stack.stepUpHeader(owner, { code: codeOf(secret, step + 1) });
    expect(grant['x-step-up']).toEqual(expect.any(String));
  });
});

describe('limits that hold under concurrency', () => {
  const PARALLEL = 20;

  it(`${PARALLEL} parallel wrong passwords: exactly ${LOGIN_BACKOFF_FREE_ATTEMPTS + 1} are checked, for a real account and an unknown address alike`, async () => {
    const owner = await stack.registerUser();
    const guesses = (email: string) =>
      Promise.all(
        Array.from({ length: PARALLEL }, (_, i) =>
          call(stack.urls.auth, 'POST', '/api/auth/login', { body: { email, password: `guess-${i}-wrong` } }),
        ),
      );
    const known = codesOf(await guesses(owner.user.email));
    const unknown = codesOf(await guesses(`nobody-${Date.now()}@example.test`));
    console.log(
      `parallel sign-in guesses (${PARALLEL}): known ${JSON.stringify(known)}, unknown ${JSON.stringify(unknown)}`,
    );
    expect(known).toEqual({
      [`401 ${ErrorCode.INVALID_CREDENTIALS}`]: LOGIN_BACKOFF_FREE_ATTEMPTS + 1,
      [`429 ${ErrorCode.RATE_LIMITED}`]: PARALLEL - LOGIN_BACKOFF_FREE_ATTEMPTS - 1,
    });
    expect(unknown).toEqual(known);
  });

  it(`${PARALLEL} parallel wrong codes on one challenge: exactly ${TWO_FACTOR_MAX_ATTEMPTS} are checked`, async () => {
    const owner = await stack.registerUser();
    await withTwoFactor(owner);
    const login = await api('POST', '/api/auth/login', { body: { email: owner.user.email, password: owner.password } });
    const challenge = login.body.data.challenge;
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        call(stack.urls.auth, 'POST', '/api/auth/login/2fa', { body: { challenge, code: '000000' } }),
      ),
    );
    const [row] = await sql<{ failed_attempts: number }>(
      stack.databaseUrls.auth,
      'SELECT failed_attempts FROM user_totp WHERE user_id = $1',
      [owner.user._id],
    );
    console.log(
      `parallel codes on one challenge (${PARALLEL}): ${JSON.stringify(codesOf(answers))}, checked ${row!.failed_attempts}`,
    );
    expect(row!.failed_attempts).toBe(TWO_FACTOR_MAX_ATTEMPTS);
    expect(codesOf(answers)[`401 ${ErrorCode.INVALID_TWO_FACTOR_CODE}`]).toBe(TWO_FACTOR_MAX_ATTEMPTS - 1);
  });

  it(`parallel wrong codes over several challenges: exactly ${TWO_FACTOR_ACCOUNT_FAILURE_LIMIT} are checked for the account`, async () => {
    const owner = await stack.registerUser();
    await withTwoFactor(owner);
    const challenges: string[] = [];
    for (let i = 0; i < 3; i++) {
      const login = await api('POST', '/api/auth/login', {
        body: { email: owner.user.email, password: owner.password },
      });
      challenges.push(login.body.data.challenge);
    }
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        call(stack.urls.auth, 'POST', '/api/auth/login/2fa', {
          body: { challenge: challenges[i % 3], code: '000000' },
        }),
      ),
    );
    const [row] = await sql<{ failed_attempts: number }>(
      stack.databaseUrls.auth,
      'SELECT failed_attempts FROM user_totp WHERE user_id = $1',
      [owner.user._id],
    );
    const counts = codesOf(answers);
    console.log(`30 parallel codes over 3 challenges: ${JSON.stringify(counts)}, checked ${row!.failed_attempts}`);
    expect(row!.failed_attempts).toBe(TWO_FACTOR_ACCOUNT_FAILURE_LIMIT);
    // 3 challenges admit 15 attempts; the account checks 10 of them and refuses 5.
    expect(counts[`429 ${ErrorCode.RATE_LIMITED}`]).toBe(
      3 * TWO_FACTOR_MAX_ATTEMPTS - TWO_FACTOR_ACCOUNT_FAILURE_LIMIT,
    );
  });

  it(`parallel wrong codes with one reset link: exactly ${TWO_FACTOR_MAX_ATTEMPTS} are checked, then the link is void`, async () => {
    const owner = await stack.registerUser();
    await withTwoFactor(owner);
    const token = await resetTokenOf(owner);
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        call(stack.urls.auth, 'POST', '/api/auth/reset-password', {
          body: { token, password: 'a-new-password-1', code: '000000' },
        }),
      ),
    );
    const [row] = await sql<{ failed_attempts: number }>(
      stack.databaseUrls.auth,
      'SELECT failed_attempts FROM user_totp WHERE user_id = $1',
      [owner.user._id],
    );
    console.log(
      `parallel codes with one reset link (${PARALLEL}): ${JSON.stringify(codesOf(answers))}, checked ${row!.failed_attempts}`,
    );
    expect(row!.failed_attempts).toBe(TWO_FACTOR_MAX_ATTEMPTS);
    expect((await api('POST', '/api/auth/reset-password/check', { body: { token } })).status).toBe(400);
  });
});

describe('a reset closes every door', () => {
  let home: string;
  afterAll(() => home && rmSync(home, { recursive: true, force: true }));

  it('ends every session, deletes the app password vdirsyncer synced with, and kills the feed URL', async () => {
    const owner = await stack.registerUser();
    const grant = await stack.stepUpHeader(owner);
    const { password: appPassword } = (
      await api('POST', '/api/auth/app-passwords', { body: { name: 'vdirsyncer' }, headers: as(owner, grant) })
    ).body.data;
    const feedUrl: string = (await api('POST', '/api/calendar/feed', { headers: as(owner, grant) })).body.data.url;
    await api('POST', '/api/contacts', { body: { firstName: 'Grace', lastName: 'Hopper' }, headers: as(owner) });

    home = mkdtempSync(join(tmpdir(), 'kith-reset-'));
    const env = { ...process.env, HOME: home, LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8' };
    // The local side of the address book exists, as on a phone (discover would ask to create it).
    mkdirSync(join(home, 'cards', 'contacts'), { recursive: true });
    writeFileSync(
      join(home, 'vdirsyncer.conf'),
      [
        '[general]',
        `status_path = "${join(home, 'status')}/"`,
        '[pair kith]',
        'a = "phone"',
        'b = "server"',
        'collections = ["from b"]',
        '[storage phone]',
        'type = "filesystem"',
        `path = "${join(home, 'cards')}/"`,
        'fileext = ".vcf"',
        '[storage server]',
        'type = "carddav"',
        `url = "${stack.gatewayUrl}/"`,
        `username = "${owner.user.email}"`,
        `password = "${appPassword}"`,
        '',
      ].join('\n'),
    );
    const vdirsyncer = (...args: string[]) =>
      run('vdirsyncer', ['-c', join(home, 'vdirsyncer.conf'), ...args], { env, timeout: 120_000 });
    await vdirsyncer('discover', 'kith');
    await vdirsyncer('sync');
    expect((await fetch(feedUrl)).status).toBe(200);

    const reset = await api('POST', '/api/auth/reset-password', {
      body: { token: await resetTokenOf(owner), password: 'a-brand-new-one-7' },
    });
    expect(reset.status).toBe(200);
    // The answer says what to set up again.
    expect(reset.body.data.revoked).toEqual({ sessions: 1, appPasswords: 1, calendarFeed: true });

    const failed = await vdirsyncer('sync').then(
      () => null,
      (error: { stdout?: string; stderr?: string }) => `${error.stdout ?? ''}${error.stderr ?? ''}`,
    );
    console.log(
      `vdirsyncer after the reset: ${failed?.split('\n').find((line) => /401|Unauthorized|error/i.test(line))}`,
    );
    expect(failed).toMatch(/401|Unauthorized/i);
    await eventually(async () => (await fetch(feedUrl)).status === 404, { what: 'the feed URL to stop working' });
    const refreshed = await api('POST', '/api/auth/refresh', { body: { refreshToken: owner.tokens.refreshToken } });
    expect(refreshed.status).toBe(401);
  }, 240_000);

  it('a password change keeps the own session with fresh tokens, ends the others, and refuses common passwords', async () => {
    const owner = await stack.registerUser();
    const other = await api('POST', '/api/auth/login', { body: { email: owner.user.email, password: owner.password } });
    const common = await api('POST', '/api/auth/change-password', {
      body: { currentPassword: owner.password, newPassword: 'password1' },
      headers: as(owner),
    });
    expect(common.status).toBe(400);
    expect(common.body.details).toEqual([{ field: 'newPassword', message: expect.stringContaining('most common') }]);
    const changed = await api('POST', '/api/auth/change-password', {
      body: { currentPassword: owner.password, newPassword: 'another-fine-one-8' },
      headers: as(owner),
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data.revoked).toMatchObject({ sessions: 1, appPasswords: 0 });
    const sessions = await api('GET', '/api/auth/sessions', {
      headers: bearer(changed.body.data.tokens.accessToken),
    });
    expect(sessions.body.data).toEqual([expect.objectContaining({ current: true })]);
    expect(
      (await api('POST', '/api/auth/refresh', { body: { refreshToken: other.body.data.tokens.refreshToken } })).status,
    ).toBe(401);
    expect(
      (await api('POST', '/api/auth/refresh', { body: { refreshToken: changed.body.data.tokens.refreshToken } }))
        .status,
    ).toBe(200);
  });

  it('lists the sessions and signs out one, or every other one', async () => {
    const owner = await stack.registerUser();
    for (let i = 0; i < 2; i++)
      await api('POST', '/api/auth/login', { body: { email: owner.user.email, password: owner.password } });
    const listed = (await api('GET', '/api/auth/sessions', { headers: as(owner) })).body.data;
    expect(listed).toHaveLength(3);
    expect(listed.filter((session: { current: boolean }) => session.current)).toHaveLength(1);
    const another = listed.find((session: { current: boolean }) => !session.current);
    expect((await api('DELETE', `/api/auth/sessions/${another._id}`, { headers: as(owner) })).status).toBe(200);
    const stranger = await stack.registerUser();
    expect((await api('DELETE', `/api/auth/sessions/${listed[0]._id}`, { headers: as(stranger) })).status).toBe(404);
    expect((await api('POST', '/api/auth/sessions/sign-out-everywhere', { headers: as(owner) })).status).toBe(200);
    expect((await api('GET', '/api/auth/sessions', { headers: as(owner) })).body.data).toEqual([
      expect.objectContaining({ current: true }),
    ]);
  });
});

describe("operator powers are the operator's", () => {
  /** A user with one contact overdue (never contacted). */
  async function withOverdueContact(): Promise<RegisteredUser> {
    const user = await stack.registerUser();
    const created = await api('POST', '/api/contacts', {
      body: { firstName: 'Overdue', lastName: 'Friend' },
      headers: as(user),
    });
    expect(created.status).toBe(201);
    return user;
  }
  const remindedToday = async (userId: string) =>
    (await sql(stack.databaseUrls.notifications, 'SELECT 1 FROM daily_reminders WHERE user_id = $1', [userId])).length;

  it("a user's 'Trigger Daily Reminders' sends only their own reminder; the operator's sends everyone's", async () => {
    const alice = await withOverdueContact();
    const bob = await withOverdueContact();
    expect(operator.user.isOperator).toBe(true);
    expect(alice.user.isOperator).toBe(false);

    const own = await api('POST', '/api/notifications/trigger-daily', { headers: as(alice) });
    expect(own.status).toBe(200);
    expect(own.body.data).toMatchObject({ usersProcessed: 1, emailsQueued: 1 });
    expect(own.body.data.message).toMatch(/^Daily reminders triggered successfully/);
    expect(await remindedToday(alice.user._id)).toBe(1);
    expect(await remindedToday(bob.user._id)).toBe(0);

    const everyone = await api('POST', '/api/notifications/trigger-daily', { headers: as(operator) });
    expect(everyone.status).toBe(200);
    expect(everyone.body.data.usersProcessed).toBeGreaterThanOrEqual(2);
    expect(await remindedToday(bob.user._id)).toBe(1);
  });

  it('only the operator sees and sends invitations', async () => {
    const user = await stack.registerUser();
    expect((await api('GET', '/api/auth/invitations', { headers: as(user) })).status).toBe(403);
    const sent = await api('POST', '/api/auth/invitations', {
      body: { email: `invited-${Date.now()}@example.test` },
      headers: as(operator),
    });
    expect(sent.status).toBe(201);
  });
});

describe('mail on demand is limited, and links die with their account', () => {
  it(`sends at most ${TEST_SENDS_PER_HOUR} test reminders an hour, even asked in parallel, then a clear 429`, async () => {
    const user = await stack.registerUser();
    const answers = await Promise.all(
      Array.from({ length: TEST_SENDS_PER_HOUR + 3 }, () =>
        api('POST', '/api/notifications/test', { headers: as(user) }),
      ),
    );
    const counts = codesOf(answers);
    console.log(`${TEST_SENDS_PER_HOUR + 3} parallel test reminders: ${JSON.stringify(counts)}`);
    expect(counts).toEqual({ '200 OK': TEST_SENDS_PER_HOUR, [`429 ${ErrorCode.RATE_LIMITED}`]: 3 });
    const refused = answers.find((answer) => answer.status === 429)!;
    expect(refused.body.error).toMatch(/^At most 5 test reminders an hour: try again in \d+ minutes?$/);
  });

  it('a pause link from a reminder e-mail stops working once the account is erased', async () => {
    const user = await stack.registerUser();
    expect((await api('POST', '/api/notifications/test', { headers: as(user) })).status).toBe(200);
    const [mail] = await sql<{ headers: Record<string, string> }>(
      stack.databaseUrls.notifications,
      "SELECT headers FROM outbox WHERE user_id = $1 AND kind = 'TEST_REMINDER'",
      [user.user._id],
    );
    const pauseToken = /actions\/([^>]+)>/.exec(mail!.headers['List-Unsubscribe']!)![1]!;
    expect((await api('GET', `/api/notifications/actions/${pauseToken}`)).status).toBe(200);

    expect((await api('DELETE', '/api/auth/me', { body: { password: user.password }, headers: as(user) })).status).toBe(
      200,
    );
    const after = await api('POST', `/api/notifications/actions/${pauseToken}`);
    expect([after.status, after.body.code]).toEqual([400, ErrorCode.BAD_REQUEST]);
    expect(
      await sql(stack.databaseUrls.notifications, 'SELECT 1 FROM notification_settings WHERE user_id = $1', [
        user.user._id,
      ]),
    ).toEqual([]);
  });
});
