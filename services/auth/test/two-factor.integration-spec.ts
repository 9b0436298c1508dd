import {
  type AccountExport,
  DEMO_ACCOUNT,
  ErrorCode,
  ErrorMessage,
  NatsSubject,
  type PasswordResetMailRequest,
  RECOVERY_CODE_COUNT,
  TOTP_PERIOD_SECONDS,
  TWO_FACTOR_ACCOUNT_FAILURE_LIMIT,
  TWO_FACTOR_MAX_ATTEMPTS,
  TwoFactorMessage,
} from '@kith/contracts';
import { randomBytes } from 'node:crypto';
import { call, type RegisteredUser, sleep, sql, startTestStack, type TestStack } from '@kith/stack/testing';
import { Secret, TOTP } from 'otpauth';
import { bearer, EventRecorder, sha256 } from './support.js';

let stack: TestStack;
let resetRequests: EventRecorder<PasswordResetMailRequest>;
const api = (method: string, path: string, body?: unknown, token?: string) =>
  call(stack.gatewayUrl, method, path, { body, headers: token ? bearer(token) : {} });

beforeAll(async () => {
  // The whole stack: the account export and the erasure reach every service.
  stack = await startTestStack({ env: { SEED_DEMO: 'true' } });
  resetRequests = await EventRecorder.listen(
    stack.natsConnectOptions('notifications'),
    NatsSubject.NOTIFICATIONS_QUEUE_PASSWORD_RESET_MAIL,
  );
});
afterAll(async () => {
  await resetRequests?.close();
  await stack?.stop();
});

const PERIOD_MS = TOTP_PERIOD_SECONDS * 1000;
/** The code of a time step, computed here from the key the setup returned, as an app would. */
const codeOf = (secret: string, step: number) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: step * PERIOD_MS + 1 });
const currentStep = () => Math.floor(Date.now() / PERIOD_MS);

/**
 * The server takes codes of the previous, current and next step, each once and in order. A test
 * uses them in that order (enable with the previous one, then the current, then the next), so it
 * never waits 30 s. It starts away from a step's last second, so "previous" is still in the window.
 */
async function freshStep(): Promise<number> {
  const left = PERIOD_MS - (Date.now() % PERIOD_MS);
  if (left < 2_000) await sleep(left + 50);
  return currentStep();
}

interface TwoFactorUser extends RegisteredUser {
  secret: string;
  recoveryCodes: string[];
  /** The step used to enable it; later codes must be of later steps. */
  step: number;
}

async function withTwoFactor(): Promise<TwoFactorUser> {
  const user = await stack.registerUser();
  const setup = await api('POST', '/api/auth/2fa/setup', { currentPassword: user.password }, user.tokens.accessToken);
  expect(setup.status).toBe(200);
  const step = (await freshStep()) - 1;
  const enabled = await api(
    'POST',
    '/api/auth/2fa/enable',
    { currentPassword: user.password, code: codeOf(setup.body.data.secret, step) },
    user.tokens.accessToken,
  );
  expect(enabled.status).toBe(200);
  return { ...user, secret: setup.body.data.secret, recoveryCodes: enabled.body.data.recoveryCodes, step };
}

const login = (user: RegisteredUser) =>
  api('POST', '/api/auth/login', { email: user.user.email, password: user.password });
async function challengeFor(user: RegisteredUser): Promise<string> {
  const answer = await login(user);
  expect(answer.status).toBe(200);
  expect(answer.body.data.twoFactorRequired).toBe(true);
  return answer.body.data.challenge;
}
const secondStep = (challenge: string, factor: { code: string } | { recoveryCode: string }) =>
  api('POST', '/api/auth/login/2fa', { challenge, ...factor });
const me = async (accessToken: string) => (await api('GET', '/api/auth/me', undefined, accessToken)).body.data;

async function requestResetToken(user: RegisteredUser): Promise<string> {
  const earlier = new Set(resetRequests.received.map((event) => event.token));
  expect((await api('POST', '/api/auth/forgot-password', { email: user.user.email })).status).toBe(200);
  return (await resetRequests.waitFor((event) => event.userId === user.user._id && !earlier.has(event.token))).token;
}

describe('setting two-factor sign-in up', () => {
  it('returns a key, its otpauth URI and a QR code rendered by the server; nothing is on until a code confirms it', async () => {
    const user = await stack.registerUser();
    const setup = await api('POST', '/api/auth/2fa/setup', { currentPassword: user.password }, user.tokens.accessToken);
    expect(setup.status).toBe(200);
    const { secret, otpauthUri, qrSvg } = setup.body.data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toBe(
      `otpauth://totp/Kith:${encodeURIComponent(user.user.email)}?issuer=Kith&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect(qrSvg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>.*<\/svg>\s*$/s);
    expect(qrSvg).not.toMatch(/<script|href=|https?:\/\/(?!www\.w3\.org)/);

    // Stored encrypted: the key is nowhere in the database in clear.
    const [row] = await sql<{ secret_ciphertext: string; enabled_at: Date | null }>(
      stack.databaseUrls.auth,
      'SELECT secret_ciphertext, enabled_at FROM user_totp WHERE user_id = $1',
      [user.user._id],
    );
    expect(row!.enabled_at).toBeNull();
    expect(row!.secret_ciphertext).toMatch(/^v1\./);
    expect(row!.secret_ciphertext).not.toContain(secret);
    expect(await me(user.tokens.accessToken)).toEqual({
      user: user.user,
      twoFactor: { enabled: false, enabledAt: null, recoveryCodesRemaining: 0 },
    });
    expect((await login(user)).body.data.tokens).toBeDefined();

    const step = await freshStep();
    const wrong = await api(
      'POST',
      '/api/auth/2fa/enable',
      { currentPassword: user.password, code: codeOf(secret, step + 5) },
      user.tokens.accessToken,
    );
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({
      success: false,
      error: TwoFactorMessage.INVALID_CODE,
      code: ErrorCode.INVALID_TWO_FACTOR_CODE,
    });
    expect((await me(user.tokens.accessToken)).twoFactor.enabled).toBe(false);

    const enabled = await api(
      'POST',
      '/api/auth/2fa/enable',
      { currentPassword: user.password, code: codeOf(secret, step) },
      user.tokens.accessToken,
    );
    expect(enabled.status).toBe(200);
    const { recoveryCodes } = enabled.body.data;
    expect(enabled.body.data.message).toBe(TwoFactorMessage.ENABLED);
    expect(recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
    expect((await me(user.tokens.accessToken)).twoFactor).toEqual({
      enabled: true,
      enabledAt: expect.any(String),
      recoveryCodesRemaining: RECOVERY_CODE_COUNT,
    });
    const stored = await sql<{ code_hash: string }>(
      stack.databaseUrls.auth,
      'SELECT code_hash FROM recovery_codes WHERE user_id = $1',
      [user.user._id],
    );
    expect(stored).toHaveLength(RECOVERY_CODE_COUNT);
    for (const code of recoveryCodes) expect(JSON.stringify(stored)).not.toContain(code);

    // On means on: no new key replaces it, and it cannot be enabled twice. With it on, step-up
    // asks for the second factor too (a recovery code here).
    const grant = await stack.stepUpHeader(user, { recoveryCode: recoveryCodes[0] });
    const headers = { ...bearer(user.tokens.accessToken), ...grant };
    const again = await call(stack.gatewayUrl, 'POST', '/api/auth/2fa/setup', { headers });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(TwoFactorMessage.ALREADY_ENABLED);
    const twice = await call(stack.gatewayUrl, 'POST', '/api/auth/2fa/enable', {
      body: { code: codeOf(secret, step + 1) },
      headers,
    });
    expect(twice.status).toBe(409);
  });

  it('answers enable without a pending key with 409, a malformed code with 400, and needs a session', async () => {
    const user = await stack.registerUser();
    const early = await api(
      'POST',
      '/api/auth/2fa/enable',
      { currentPassword: user.password, code: '123456' },
      user.tokens.accessToken,
    );
    expect(early.status).toBe(409);
    expect(early.body.error).toBe(TwoFactorMessage.SETUP_NOT_STARTED);
    const malformed = await api(
      'POST',
      '/api/auth/2fa/enable',
      { currentPassword: user.password, code: '12a456' },
      user.tokens.accessToken,
    );
    expect(malformed.status).toBe(400);
    expect(malformed.body.details).toEqual([{ field: 'code', message: TwoFactorMessage.CODE_FORMAT }]);
    expect((await api('POST', '/api/auth/2fa/setup')).status).toBe(401);
    expect((await api('POST', '/api/auth/2fa/enable', { code: '123456' })).status).toBe(401);
  });

  it('is refused for the shared demo account, which must stay open to everyone', async () => {
    const demo = await api('POST', '/api/auth/login', DEMO_ACCOUNT);
    expect(demo.status).toBe(200);
    const setup = await api(
      'POST',
      '/api/auth/2fa/setup',
      { currentPassword: DEMO_ACCOUNT.password },
      demo.body.data.tokens.accessToken,
    );
    expect(setup.status).toBe(403);
    expect(setup.body.error).toBe(TwoFactorMessage.DEMO_ACCOUNT);
  });
});

describe('signing in with two-factor sign-in on', () => {
  it('answers the password with a challenge (no tokens); a wrong code is a 401; the right one signs in, once', async () => {
    const user = await withTwoFactor();
    const answer = await login(user);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({
      twoFactorRequired: true,
      challenge: expect.any(String),
      expiresAt: expect.any(String),
    });
    expect(JSON.stringify(answer.body)).not.toMatch(/accessToken|refreshToken/);
    const { challenge } = answer.body.data;

    const wrong = await secondStep(challenge, { code: codeOf(user.secret, user.step + 5) });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({
      success: false,
      error: TwoFactorMessage.INVALID_CODE,
      code: ErrorCode.INVALID_TWO_FACTOR_CODE,
    });
    // The code that enabled it was used: it cannot sign in.
    expect((await secondStep(challenge, { code: codeOf(user.secret, user.step) })).status).toBe(401);

    const code = codeOf(user.secret, user.step + 1);
    const signedIn = await secondStep(challenge, { code });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data.user).toEqual(user.user);
    expect((await me(signedIn.body.data.tokens.accessToken)).twoFactor.enabled).toBe(true);

    // The challenge is used up, and the same code is no good for a new one (no replay in its window).
    const reused = await secondStep(challenge, { code: codeOf(user.secret, user.step + 2) });
    expect(reused.status).toBe(401);
    expect(reused.body.code).toBe(ErrorCode.TWO_FACTOR_CHALLENGE_INVALID);
    const replay = await secondStep(await challengeFor(user), { code });
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe(ErrorCode.INVALID_TWO_FACTOR_CODE);

    // A wrong password is still the plain 401, telling nothing about the second factor.
    const badPassword = await api('POST', '/api/auth/login', { email: user.user.email, password: 'not-it-at-all' });
    expect(badPassword.body).toEqual({
      success: false,
      error: ErrorMessage.INVALID_CREDENTIALS,
      code: ErrorCode.INVALID_CREDENTIALS,
    });
  });

  it('takes each recovery code once, however it is typed', async () => {
    const user = await withTwoFactor();
    const [first, second] = user.recoveryCodes;
    const typed = ` ${first!.toUpperCase().replaceAll('-', ' ')} `;
    const signedIn = await secondStep(await challengeFor(user), { recoveryCode: typed });
    expect(signedIn.status).toBe(200);
    expect((await me(signedIn.body.data.tokens.accessToken)).twoFactor.recoveryCodesRemaining).toBe(
      RECOVERY_CODE_COUNT - 1,
    );

    const again = await secondStep(await challengeFor(user), { recoveryCode: first! });
    expect(again.status).toBe(401);
    expect(again.body).toEqual({
      success: false,
      error: TwoFactorMessage.INVALID_RECOVERY_CODE,
      code: ErrorCode.INVALID_TWO_FACTOR_CODE,
    });
    expect((await secondStep(await challengeFor(user), { recoveryCode: second! })).status).toBe(200);

    // Another account's code is no code here.
    const other = await withTwoFactor();
    expect((await secondStep(await challengeFor(user), { recoveryCode: other.recoveryCodes[0]! })).status).toBe(401);
  });

  it(`voids a challenge after ${TWO_FACTOR_MAX_ATTEMPTS} wrong codes, and an expired one`, async () => {
    const user = await withTwoFactor();
    const challenge = await challengeFor(user);
    for (let attempt = 1; attempt < TWO_FACTOR_MAX_ATTEMPTS; attempt += 1) {
      expect((await secondStep(challenge, { code: '000000' })).body.code).toBe(ErrorCode.INVALID_TWO_FACTOR_CODE);
    }
    const last = await secondStep(challenge, { code: '000000' });
    expect(last.status).toBe(401);
    expect(last.body).toEqual({
      success: false,
      error: TwoFactorMessage.TOO_MANY_ATTEMPTS,
      code: ErrorCode.TWO_FACTOR_CHALLENGE_INVALID,
    });
    const right = await secondStep(challenge, { code: codeOf(user.secret, user.step + 1) });
    expect(right.body.code).toBe(ErrorCode.TWO_FACTOR_CHALLENGE_INVALID);

    const expiring = await challengeFor(user);
    await sql(
      stack.databaseUrls.auth,
      "UPDATE two_factor_challenges SET expires_at = now() - interval '1 second' WHERE token_hash = $1",
      [sha256(expiring)],
    );
    const expired = await secondStep(expiring, { code: codeOf(user.secret, user.step + 1) });
    expect(expired.body).toEqual({
      success: false,
      error: TwoFactorMessage.CHALLENGE_EXPIRED,
      code: ErrorCode.TWO_FACTOR_CHALLENGE_INVALID,
    });
    expect((await secondStep('not-a-challenge', { code: '123456' })).status).toBe(401);
  });

  it(`limits wrong codes per account (${TWO_FACTOR_ACCOUNT_FAILURE_LIMIT} per window) across challenges, then lets the owner in again`, async () => {
    const user = await withTwoFactor();
    for (let failures = 0; failures < TWO_FACTOR_ACCOUNT_FAILURE_LIMIT; failures += 2) {
      const challenge = await challengeFor(user);
      await secondStep(challenge, { code: '000000' });
      await secondStep(challenge, { recoveryCode: 'aaaa-bbbb-cccc' });
    }
    const locked = await secondStep(await challengeFor(user), { code: codeOf(user.secret, user.step + 1) });
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({
      success: false,
      error: TwoFactorMessage.ACCOUNT_LOCKED,
      code: ErrorCode.RATE_LIMITED,
    });
    // Once the window has passed, the owner's code works.
    await sql(
      stack.databaseUrls.auth,
      "UPDATE user_totp SET failures_since = now() - interval '16 minutes' WHERE user_id = $1",
      [user.user._id],
    );
    expect((await secondStep(await challengeFor(user), { code: codeOf(user.secret, user.step + 1) })).status).toBe(200);
  });
});

describe('password reset with two-factor sign-in on', () => {
  it('asks for a second factor along with the new password, and a wrong one changes nothing', async () => {
    const user = await withTwoFactor();
    const token = await requestResetToken(user);

    const check = await api('POST', '/api/auth/reset-password/check', { token });
    expect(check.body.data).toEqual({ valid: true, twoFactorRequired: true });
    const plain = await stack.registerUser();
    const plainCheck = await api('POST', '/api/auth/reset-password/check', { token: await requestResetToken(plain) });
    expect(plainCheck.body.data).toEqual({ valid: true, twoFactorRequired: false });

    const noCode = await api('POST', '/api/auth/reset-password', { token, password: 'new-secret-1' });
    expect(noCode.status).toBe(401);
    expect(noCode.body).toEqual({
      success: false,
      error: TwoFactorMessage.CODE_REQUIRED,
      code: ErrorCode.TWO_FACTOR_REQUIRED,
    });
    const wrong = await api('POST', '/api/auth/reset-password', {
      token,
      password: 'new-secret-1',
      code: codeOf(user.secret, user.step + 5),
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe(ErrorCode.INVALID_TWO_FACTOR_CODE);
    expect((await login(user)).status).toBe(200);

    const reset = await api('POST', '/api/auth/reset-password', {
      token,
      password: 'new-secret-1',
      code: codeOf(user.secret, user.step + 1),
    });
    expect(reset.status).toBe(200);
    expect(reset.body.data.user).toEqual(user.user);
    // Still on after the reset: the new password leads to the code step.
    const next = await api('POST', '/api/auth/login', { email: user.user.email, password: 'new-secret-1' });
    expect(next.body.data.twoFactorRequired).toBe(true);
  });

  it('takes a recovery code, and voids the link after a few wrong codes', async () => {
    const user = await withTwoFactor();
    const withRecovery = await api('POST', '/api/auth/reset-password', {
      token: await requestResetToken(user),
      password: 'new-secret-2',
      recoveryCode: user.recoveryCodes[0],
    });
    expect(withRecovery.status).toBe(200);

    const token = await requestResetToken(user);
    for (let attempt = 1; attempt < TWO_FACTOR_MAX_ATTEMPTS; attempt += 1) {
      const wrong = await api('POST', '/api/auth/reset-password', { token, password: 'new-secret-3', code: '000000' });
      expect(wrong.body.code).toBe(ErrorCode.INVALID_TWO_FACTOR_CODE);
    }
    const last = await api('POST', '/api/auth/reset-password', { token, password: 'new-secret-3', code: '000000' });
    expect(last.status).toBe(400);
    expect(last.body.code).toBe(ErrorCode.INVALID_RESET_TOKEN);
    const right = await api('POST', '/api/auth/reset-password', {
      token,
      password: 'new-secret-3',
      code: codeOf(user.secret, user.step + 1),
    });
    expect(right.status).toBe(400);
  });
});

describe('turning two-factor sign-in off', () => {
  it('needs the password and a second factor; then the password alone signs in again', async () => {
    const user = await withTwoFactor();
    const access = user.tokens.accessToken;
    const wrongPassword = await api(
      'POST',
      '/api/auth/2fa/disable',
      { password: 'not-the-password', code: codeOf(user.secret, user.step + 1) },
      access,
    );
    expect(wrongPassword.status).toBe(401);
    expect(wrongPassword.body).toEqual({
      success: false,
      error: TwoFactorMessage.WRONG_PASSWORD,
      code: ErrorCode.INVALID_CREDENTIALS,
    });
    const wrongCode = await api(
      'POST',
      '/api/auth/2fa/disable',
      { password: user.password, code: codeOf(user.secret, user.step + 5) },
      access,
    );
    expect(wrongCode.status).toBe(401);
    expect(wrongCode.body.code).toBe(ErrorCode.INVALID_TWO_FACTOR_CODE);
    expect((await api('POST', '/api/auth/2fa/disable', { password: user.password }, access)).status).toBe(400);

    const off = await api(
      'POST',
      '/api/auth/2fa/disable',
      { password: user.password, code: codeOf(user.secret, user.step + 1) },
      access,
    );
    expect(off.status).toBe(200);
    expect(off.body.data.message).toBe(TwoFactorMessage.DISABLED);
    expect((await me(access)).twoFactor).toEqual({ enabled: false, enabledAt: null, recoveryCodesRemaining: 0 });
    expect((await login(user)).body.data.tokens).toBeDefined();
    for (const table of ['user_totp', 'recovery_codes', 'two_factor_challenges']) {
      expect(await sql(stack.databaseUrls.auth, `SELECT 1 FROM ${table} WHERE user_id = $1`, [user.user._id])).toEqual(
        [],
      );
    }
    const again = await api('POST', '/api/auth/2fa/disable', { password: user.password, code: '123456' }, access);
    expect(again.status).toBe(409);
  });

  it('accepts a recovery code (a lost phone), and new recovery codes replace the old ones', async () => {
    const user = await withTwoFactor();
    const access = user.tokens.accessToken;
    // A code alone is not enough: new codes need step-up, the password with it.
    const codeAlone = await api(
      'POST',
      '/api/auth/2fa/recovery-codes',
      { recoveryCode: user.recoveryCodes[0] },
      access,
    );
    expect(codeAlone.status).toBe(403);
    expect(codeAlone.body.code).toBe(ErrorCode.STEP_UP_REQUIRED);
    const renewed = await api(
      'POST',
      '/api/auth/2fa/recovery-codes',
      { currentPassword: user.password, recoveryCode: user.recoveryCodes[0] },
      access,
    );
    expect(renewed.status).toBe(200);
    expect(renewed.body.data.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect((await me(access)).twoFactor.recoveryCodesRemaining).toBe(RECOVERY_CODE_COUNT);
    const old = await api(
      'POST',
      '/api/auth/2fa/disable',
      { password: user.password, recoveryCode: user.recoveryCodes[1] },
      access,
    );
    expect(old.status).toBe(401);
    const off = await api(
      'POST',
      '/api/auth/2fa/disable',
      { password: user.password, recoveryCode: renewed.body.data.recoveryCodes[0] },
      access,
    );
    expect(off.status).toBe(200);
  });
});

describe('your data', () => {
  it('the export says two-factor sign-in is on, never its key or codes; deleting the account erases its rows', async () => {
    const user = await withTwoFactor();
    const access = (await secondStep(await challengeFor(user), { code: codeOf(user.secret, user.step + 1) })).body.data
      .tokens.accessToken;
    const response = await fetch(`${stack.gatewayUrl}/api/account/export`, { headers: bearer(access) });
    expect(response.status).toBe(200);
    const text = await response.text();
    const document = JSON.parse(text) as AccountExport;
    expect(document.twoFactor).toEqual({
      enabled: true,
      enabledAt: expect.any(String),
      recoveryCodesRemaining: RECOVERY_CODE_COUNT,
    });
    expect(text).not.toContain(user.secret);
    for (const code of user.recoveryCodes) expect(text).not.toContain(code);
    const [stored] = await sql<{ secret_ciphertext: string }>(
      stack.databaseUrls.auth,
      'SELECT secret_ciphertext FROM user_totp WHERE user_id = $1',
      [user.user._id],
    );
    expect(text).not.toContain(stored!.secret_ciphertext);

    // With two-factor sign-in on, the password alone no longer deletes the account.
    const passwordAlone = await api('DELETE', '/api/auth/me', { password: user.password }, access);
    expect(passwordAlone.status).toBe(401);
    expect(passwordAlone.body.code).toBe(ErrorCode.TWO_FACTOR_REQUIRED);
    const deleted = await api(
      'DELETE',
      '/api/auth/me',
      { password: user.password, code: codeOf(user.secret, user.step + 2) },
      access,
    );
    expect(deleted.status).toBe(200);
    for (const table of ['user_totp', 'recovery_codes', 'two_factor_challenges']) {
      expect(await sql(stack.databaseUrls.auth, `SELECT 1 FROM ${table} WHERE user_id = $1`, [user.user._id])).toEqual(
        [],
      );
    }
  });
});

describe('the key that encrypts authenticator keys', () => {
  it('can be set later (TOTP_ENCRYPTION_KEY): keys sealed before still work and move to it when used', async () => {
    const user = await withTwoFactor();
    const sealedWith = async () =>
      (
        await sql<{ secret_ciphertext: string }>(
          stack.databaseUrls.auth,
          'SELECT secret_ciphertext FROM user_totp WHERE user_id = $1',
          [user.user._id],
        )
      )[0]!.secret_ciphertext.split('.')[1];
    const before = await sealedWith();

    await stack.stopService('auth');
    await stack.startService('auth', { env: { TOTP_ENCRYPTION_KEY: randomBytes(32).toString('base64') } });
    try {
      const signedIn = await secondStep(await challengeFor(user), { code: codeOf(user.secret, user.step + 1) });
      expect(signedIn.status).toBe(200);
      expect(await sealedWith()).not.toBe(before);
      // A new set-up is sealed with the new key at once.
      const other = await withTwoFactor();
      const [row] = await sql<{ secret_ciphertext: string }>(
        stack.databaseUrls.auth,
        'SELECT secret_ciphertext FROM user_totp WHERE user_id = $1',
        [other.user._id],
      );
      expect(row!.secret_ciphertext.split('.')[1]).toBe(await sealedWith());
    } finally {
      await stack.stopService('auth');
      await stack.startService('auth');
    }
  });
});
