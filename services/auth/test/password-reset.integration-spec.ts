import {
  ErrorCode,
  ErrorMessage,
  NatsSubject,
  type PasswordResetMailRequest,
  RESET_TOKEN_TTL_MINUTES,
  ValidationMessage,
} from '@kith/contracts';
import { call, type RegisteredUser, sql, startTestStack, type TestStack } from '@kith/stack/testing';
import { bearer, EventRecorder, sha256 } from './support.js';

let stack: TestStack;
let resetRequests: EventRecorder<PasswordResetMailRequest>;
const api = (method: string, path: string, body?: unknown) => call(stack.gatewayUrl, method, path, { body });

beforeAll(async () => {
  stack = await startTestStack({ services: ['auth', 'gateway'] });
  // As notifications: no other NATS user may read reset requests (bus-security.integration-spec).
  resetRequests = await EventRecorder.listen(
    stack.natsConnectOptions('notifications'),
    NatsSubject.NOTIFICATIONS_QUEUE_PASSWORD_RESET_MAIL,
  );
});
afterAll(async () => {
  await resetRequests?.close();
  await stack?.stop();
});

/** Asks for a reset link and returns the event (with the token) the notifications service would email. */
async function requestResetToken(user: RegisteredUser['user']): Promise<PasswordResetMailRequest> {
  const earlier = new Set(
    resetRequests.received.filter((event) => event.userId === user._id).map((event) => event.token),
  );
  const answer = await api('POST', '/api/auth/forgot-password', { email: user.email });
  expect(answer.status).toBe(200);
  return resetRequests.waitFor((event) => event.userId === user._id && !earlier.has(event.token));
}
const resetPassword = (token: string, password: string) => api('POST', '/api/auth/reset-password', { token, password });

describe('POST /api/auth/forgot-password', () => {
  it('answers a known and an unknown email with the same status and body', async () => {
    const { user } = await stack.registerUser();
    const known = await api('POST', '/api/auth/forgot-password', { email: user.email });
    const unknown = await api('POST', '/api/auth/forgot-password', { email: `nobody-${Date.now()}@example.test` });

    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual({ success: true, data: { message: ErrorMessage.FORGOT_PASSWORD_SENT } });
    expect(unknown.body).toEqual(known.body);
  });

  it('publishes the reset request for a known email (token in clear, stored only as its SHA-256, valid 60 minutes)', async () => {
    const { user } = await stack.registerUser({ firstName: 'Grace' });
    const before = Date.now();
    const event = await requestResetToken(user);

    expect(event).toEqual({
      userId: user._id,
      email: user.email,
      firstName: 'Grace',
      token: expect.any(String),
      expiresAt: expect.any(String),
    });
    expect(Buffer.from(event.token, 'base64url')).toHaveLength(32);
    const expiresInMinutes = (Date.parse(event.expiresAt) - before) / 60_000;
    expect(expiresInMinutes).toBeGreaterThan(RESET_TOKEN_TTL_MINUTES - 1);
    expect(expiresInMinutes).toBeLessThanOrEqual(RESET_TOKEN_TTL_MINUTES + 1);

    const rows = await sql<{ token_hash: string }>(
      stack.databaseUrls.auth,
      'SELECT token_hash FROM password_reset_tokens WHERE user_id = $1',
      [user._id],
    );
    expect(rows).toEqual([{ token_hash: sha256(event.token) }]);
  });

  it('publishes nothing for an unknown email', async () => {
    const email = `ghost-${Date.now()}@example.test`;
    expect((await api('POST', '/api/auth/forgot-password', { email })).status).toBe(200);
    // No sleep: auth hands a reset mail to NATS while it handles the request, and its mails leave in
    // order on one connection, so once a later request's mail is here, one for the ghost would be too.
    const { user } = await stack.registerUser();
    await requestResetToken(user);
    expect(resetRequests.received.filter((event) => event.email === email)).toEqual([]);
  });

  it('answers 400 naming the email when it is not an email', async () => {
    const answer = await api('POST', '/api/auth/forgot-password', { email: 'nope' });
    expect(answer.status).toBe(400);
    expect(answer.body.details).toEqual([{ field: 'email', message: ValidationMessage.EMAIL_INVALID_FORGOT }]);
  });
});

describe('POST /api/auth/reset-password', () => {
  it('sets the new password, ends every existing session and returns fresh tokens', async () => {
    const registered = await stack.registerUser();
    const secondSession = (
      await api('POST', '/api/auth/login', { email: registered.user.email, password: registered.password })
    ).body.data.tokens;
    const { token } = await requestResetToken(registered.user);

    const answer = await resetPassword(token, 'brand-new-password');
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({
      message: ErrorMessage.PASSWORD_UPDATED,
      user: registered.user,
      tokens: { accessToken: expect.any(String), refreshToken: expect.any(String) },
      // What else stopped working, so the page can say what to set up again.
      revoked: { sessions: 2, appPasswords: 0, calendarFeed: expect.any(Boolean) },
    });
    const fresh = answer.body.data.tokens;

    for (const oldRefreshToken of [registered.tokens.refreshToken, secondSession.refreshToken]) {
      expect((await api('POST', '/api/auth/refresh', { refreshToken: oldRefreshToken })).status).toBe(401);
    }
    expect((await call(stack.gatewayUrl, 'GET', '/api/auth/me', { headers: bearer(fresh.accessToken) })).status).toBe(
      200,
    );
    expect((await api('POST', '/api/auth/refresh', { refreshToken: fresh.refreshToken })).status).toBe(200);

    const oldPassword = await api('POST', '/api/auth/login', {
      email: registered.user.email,
      password: registered.password,
    });
    expect(oldPassword.status).toBe(401);
    expect(
      (await api('POST', '/api/auth/login', { email: registered.user.email, password: 'brand-new-password' })).status,
    ).toBe(200);
  });

  it('works once: the second use of the same token is a 400', async () => {
    const { user } = await stack.registerUser();
    const { token } = await requestResetToken(user);
    expect((await resetPassword(token, 'first-new-password')).status).toBe(200);

    const again = await resetPassword(token, 'second-new-password');
    expect(again.status).toBe(400);
    expect(again.body).toEqual({
      success: false,
      error: ErrorMessage.INVALID_RESET_TOKEN,
      code: ErrorCode.INVALID_RESET_TOKEN,
    });
    expect((await api('POST', '/api/auth/login', { email: user.email, password: 'first-new-password' })).status).toBe(
      200,
    );
  });

  it('also retires the other reset links of the user once one is used', async () => {
    const { user } = await stack.registerUser();
    const older = await requestResetToken(user);
    const newer = await requestResetToken(user);
    expect(older.token).not.toBe(newer.token);
    expect((await resetPassword(newer.token, 'first-new-password')).status).toBe(200);
    expect((await resetPassword(older.token, 'sneaky-password')).status).toBe(400);
  });

  it('refuses an expired token with a 400 and leaves the password unchanged', async () => {
    const registered = await stack.registerUser();
    const { token } = await requestResetToken(registered.user);
    await sql(
      stack.databaseUrls.auth,
      "UPDATE password_reset_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = $1",
      [sha256(token)],
    );

    const answer = await resetPassword(token, 'too-late-password');
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe(ErrorCode.INVALID_RESET_TOKEN);
    expect(
      (await api('POST', '/api/auth/login', { email: registered.user.email, password: registered.password })).status,
    ).toBe(200);
    expect((await api('POST', '/api/auth/refresh', { refreshToken: registered.tokens.refreshToken })).status).toBe(200);
  });

  it('refuses an unknown token with a 400', async () => {
    const answer = await resetPassword('A'.repeat(43), 'whatever-password');
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe(ErrorCode.INVALID_RESET_TOKEN);
  });

  it('answers 400 naming the fields when the token is missing or the password too short', async () => {
    const answer = await api('POST', '/api/auth/reset-password', { password: '123' });
    expect(answer.status).toBe(400);
    expect(answer.body.details).toEqual(
      expect.arrayContaining([
        { field: 'token', message: ValidationMessage.RESET_TOKEN_MISSING },
        { field: 'password', message: ValidationMessage.PASSWORD_TOO_SHORT },
      ]),
    );
  });
});

describe('POST /api/auth/reset-password/check', () => {
  const check = (token: unknown) => api('POST', '/api/auth/reset-password/check', { token });

  it('answers 200 for a usable link and the reset 400 once it is used or unknown', async () => {
    const { user } = await stack.registerUser();
    const { token } = await requestResetToken(user);
    const fresh = await check(token);
    expect(fresh.status).toBe(200);
    expect(fresh.body).toEqual({ success: true, data: { valid: true, twoFactorRequired: false } });
    // Checking does not use the link up.
    expect((await check(token)).status).toBe(200);

    expect((await resetPassword(token, 'first-new-password')).status).toBe(200);
    const used = await check(token);
    expect(used.status).toBe(400);
    expect(used.body).toEqual({
      success: false,
      error: ErrorMessage.INVALID_RESET_TOKEN,
      code: ErrorCode.INVALID_RESET_TOKEN,
    });
    expect((await check('not-a-real-token')).status).toBe(400);
  });

  it('names the token when it is missing', async () => {
    const answer = await api('POST', '/api/auth/reset-password/check', {});
    expect(answer.status).toBe(400);
    expect(answer.body.details).toEqual([{ field: 'token', message: ValidationMessage.RESET_TOKEN_MISSING }]);
  });
});
