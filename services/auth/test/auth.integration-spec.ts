import { generateKeyPairSync } from 'node:crypto';
import {
  ErrorCode,
  ErrorMessage,
  JWT_AUDIENCE,
  JWT_ISSUER,
  NatsSubject,
  type UserRegisteredEvent,
  ValidationMessage,
} from '@kith/contracts';
import { importPKCS8, SignJWT, UnsecuredJWT } from 'jose';
import { call, eventually, sql, startTestStack, type TestStack } from '@kith/stack/testing';
import { bearer, EventRecorder, sha256 } from './support.js';

let stack: TestStack;
let registrations: EventRecorder<UserRegisteredEvent>;
const api = (method: string, path: string, options?: Parameters<typeof call>[3]) =>
  call(stack.gatewayUrl, method, path, options);
const uniqueEmail = (label: string) => `${label}-${Math.random().toString(36).slice(2, 10)}@example.test`;

beforeAll(async () => {
  stack = await startTestStack({ services: ['auth', 'gateway'] });
  registrations = await EventRecorder.listen(
    stack.natsConnectOptions('notifications'),
    NatsSubject.AUTH_USER_REGISTERED,
  );
});
afterAll(async () => {
  await registrations?.close();
  await stack?.stop();
});

async function login(email: string, password: string) {
  return api('POST', '/api/auth/login', { body: { email, password } });
}

describe('POST /api/auth/register', () => {
  it('creates the account (201), lowercases the email, returns usable tokens and announces the user on NATS', async () => {
    const email = uniqueEmail('Register');
    const answer = await api('POST', '/api/auth/register', {
      body: { firstName: ' Ada ', lastName: 'Lovelace', email: `  ${email.toUpperCase()} `, password: 'analytical' },
    });

    expect(answer.status).toBe(201);
    expect(answer.body.success).toBe(true);
    const { user, tokens } = answer.body.data;
    expect(user).toEqual({
      _id: expect.any(String),
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: email.toLowerCase(),
      createdAt: expect.any(String),
      // No confirmation is asked here (REQUIRE_EMAIL_VERIFICATION is off): the address counts as proven.
      emailVerified: true,
      isOperator: expect.any(Boolean),
    });
    expect(new Date(user.createdAt).toISOString()).toBe(user.createdAt);
    expect(tokens).toEqual({ accessToken: expect.any(String), refreshToken: expect.any(String) });

    const me = await api('GET', '/api/auth/me', { headers: bearer(tokens.accessToken) });
    expect(me.body.data.user).toEqual(user);
    const event = await registrations.waitFor((payload) => payload.user._id === user._id);
    expect(event).toEqual({ user });

    const [row] = await sql<{ password_hash: string }>(
      stack.databaseUrls.auth,
      'SELECT password_hash FROM users WHERE id = $1',
      [user._id],
    );
    expect(row!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row!.password_hash).not.toContain('analytical');
  });

  it('answers 409 EMAIL_TAKEN for an email already registered, whatever its case', async () => {
    const { user } = await stack.registerUser();
    const answer = await api('POST', '/api/auth/register', {
      body: { firstName: 'Other', lastName: 'Person', email: user.email.toUpperCase(), password: 'secret-2' },
    });
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({ success: false, error: ErrorMessage.EMAIL_TAKEN, code: ErrorCode.EMAIL_TAKEN });
  });

  it('answers 400 naming every bad field with the spec messages', async () => {
    const answer = await api('POST', '/api/auth/register', {
      body: { firstName: '', email: 'not-an-email', password: '123' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe(ErrorCode.VALIDATION_ERROR);
    expect(answer.body.details).toEqual(
      expect.arrayContaining([
        { field: 'firstName', message: ValidationMessage.FIRST_NAME_REQUIRED },
        { field: 'lastName', message: ValidationMessage.LAST_NAME_REQUIRED },
        { field: 'email', message: ValidationMessage.EMAIL_INVALID },
        { field: 'password', message: ValidationMessage.PASSWORD_TOO_SHORT },
      ]),
    );
    expect(answer.body.error).toContain('firstName');
  });
});

describe('POST /api/auth/login', () => {
  it('signs in with the right password, ignoring the email case', async () => {
    const registered = await stack.registerUser();
    const answer = await login(registered.user.email.toUpperCase(), registered.password);
    expect(answer.status).toBe(200);
    expect(answer.body.data.user).toEqual(registered.user);
    const me = await api('GET', '/api/auth/me', { headers: bearer(answer.body.data.tokens.accessToken) });
    expect(me.status).toBe(200);
  });

  it('answers an unknown email and a wrong password with the same 401 and body', async () => {
    const registered = await stack.registerUser();
    const wrongPassword = await login(registered.user.email, 'not-the-password');
    const unknownEmail = await login(uniqueEmail('nobody'), 'not-the-password');

    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(wrongPassword.body).toEqual({
      success: false,
      error: ErrorMessage.INVALID_CREDENTIALS,
      code: ErrorCode.INVALID_CREDENTIALS,
    });
    expect(unknownEmail.body).toEqual(wrongPassword.body);
  });

  it('answers 400 naming the field for a malformed request', async () => {
    const answer = await login('no-at-sign', '');
    expect(answer.status).toBe(400);
    expect(answer.body.details).toEqual(
      expect.arrayContaining([
        { field: 'email', message: ValidationMessage.EMAIL_INVALID },
        { field: 'password', message: ValidationMessage.PASSWORD_REQUIRED },
      ]),
    );
  });
});

describe('GET /api/auth/me', () => {
  const subjectClaims = (userId: string, email: string) => ({ email, sub: userId });

  async function meWith(accessToken: string, baseUrl = stack.gatewayUrl) {
    return call(baseUrl, 'GET', '/api/auth/me', { headers: bearer(accessToken) });
  }

  it('returns the caller', async () => {
    const registered = await stack.registerUser();
    const answer = await api('GET', '/api/auth/me', { headers: registered.authHeader });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      success: true,
      data: { user: registered.user, twoFactor: { enabled: false, enabledAt: null, recoveryCodesRemaining: 0 } },
    });
  });

  it('answers 401 without a token or with a malformed header', async () => {
    const badHeaders: Record<string, string>[] = [
      {},
      { authorization: 'Bearer' },
      { authorization: 'Basic abc' },
      { authorization: 'Bearer not.a.jwt' },
    ];
    for (const headers of badHeaders) {
      const answer = await api('GET', '/api/auth/me', { headers });
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({ success: false, code: ErrorCode.UNAUTHORIZED });
    }
  });

  describe('refuses crafted tokens (at the gateway and at the service itself)', () => {
    let userId: string;
    let email: string;
    const sign = async (claims: Record<string, unknown>, privateKeyPem = stack.env.JWT_PRIVATE_KEY) =>
      new SignJWT(claims).setProtectedHeader({ alg: 'EdDSA' }).sign(await importPKCS8(privateKeyPem, 'EdDSA'));
    const valid = (now: number) => ({
      ...subjectClaims(userId, email),
      iss: JWT_ISSUER,
      aud: JWT_AUDIENCE,
      iat: now,
      exp: now + 900,
    });

    beforeAll(async () => {
      ({
        user: { _id: userId, email },
      } = await stack.registerUser());
    });

    it('accepts a token crafted exactly like ours (so the refusals below are for the defect alone)', async () => {
      const token = await sign(valid(Math.floor(Date.now() / 1000)));
      expect((await meWith(token)).status).toBe(200);
      expect((await meWith(token, stack.urls.auth)).status).toBe(200);
    });

    const cases: [string, () => Promise<string>][] = [
      [
        'alg none',
        async () =>
          new UnsecuredJWT(subjectClaims(userId, email))
            .setIssuer(JWT_ISSUER)
            .setAudience(JWT_AUDIENCE)
            .setIssuedAt()
            .setExpirationTime('15m')
            .encode(),
      ],
      [
        'a wrong key',
        async () => {
          const foreignKey = generateKeyPairSync('ed25519')
            .privateKey.export({ type: 'pkcs8', format: 'pem' })
            .toString();
          return sign(valid(Math.floor(Date.now() / 1000)), foreignKey);
        },
      ],
      ['a wrong audience', async () => sign({ ...valid(Math.floor(Date.now() / 1000)), aud: 'some-other-api' })],
      ['a wrong issuer', async () => sign({ ...valid(Math.floor(Date.now() / 1000)), iss: 'someone-else' })],
      [
        'an expired exp',
        async () => {
          const hourAgo = Math.floor(Date.now() / 1000) - 3600;
          return sign({ ...valid(hourAgo), exp: hourAgo + 900 });
        },
      ],
      [
        'no exp',
        async () => {
          const { exp: _omitted, ...claims } = valid(Math.floor(Date.now() / 1000));
          return sign(claims);
        },
      ],
    ];

    it.each(cases)('refuses a token with %s', async (_label, craft) => {
      const token = await craft();
      for (const baseUrl of [stack.gatewayUrl, stack.urls.auth]) {
        const answer = await meWith(token, baseUrl);
        expect(answer.status).toBe(401);
        expect(answer.body).toMatchObject({ success: false, code: ErrorCode.UNAUTHORIZED });
      }
    });
  });
});

describe('POST /api/auth/refresh', () => {
  const refresh = (refreshToken: unknown) => api('POST', '/api/auth/refresh', { body: { refreshToken } });

  it('rotates: returns a new pair, and the new refresh token works in turn', async () => {
    const { user, tokens } = await stack.registerUser();
    const first = await refresh(tokens.refreshToken);
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ tokens: { accessToken: expect.any(String), refreshToken: expect.any(String) } });
    expect(first.body.data.tokens.refreshToken).not.toBe(tokens.refreshToken);

    const me = await api('GET', '/api/auth/me', { headers: bearer(first.body.data.tokens.accessToken) });
    expect(me.body.data.user._id).toBe(user._id);
    expect((await refresh(first.body.data.tokens.refreshToken)).status).toBe(200);

    const rows = await sql<{ family_id: string; used: boolean }>(
      stack.databaseUrls.auth,
      'SELECT family_id, used_at IS NOT NULL AS used FROM refresh_tokens WHERE user_id = $1 ORDER BY created_at',
      [user._id],
    );
    expect(rows.map((row) => row.used)).toEqual([true, true, false]);
    expect(new Set(rows.map((row) => row.family_id)).size).toBe(1);
  });

  it('treats reuse of a rotated token as theft: 401, and the whole family (newest token too) is revoked; other sessions live on', async () => {
    const registered = await stack.registerUser();
    const otherSession = (await login(registered.user.email, registered.password)).body.data.tokens;
    const stolen = registered.tokens.refreshToken;
    const second = (await refresh(stolen)).body.data.tokens.refreshToken;
    const newest = (await refresh(second)).body.data.tokens.refreshToken;

    const reuse = await refresh(stolen);
    expect(reuse.status).toBe(401);
    expect(reuse.body).toEqual({
      success: false,
      error: ErrorMessage.INVALID_REFRESH_TOKEN,
      code: ErrorCode.UNAUTHORIZED,
    });
    expect((await refresh(newest)).status).toBe(401);
    expect((await refresh(otherSession.refreshToken)).status).toBe(200);
  });

  it('lets only one of several concurrent refreshes with the same token succeed', async () => {
    const { tokens } = await stack.registerUser();
    const answers = await Promise.all(Array.from({ length: 5 }, () => refresh(tokens.refreshToken)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401, 401, 401, 401]);
  });

  it('answers 401 for an unknown, an expired or a revoked token', async () => {
    expect((await refresh('x'.repeat(43))).status).toBe(401);

    const expired = await stack.registerUser();
    await sql(
      stack.databaseUrls.auth,
      "UPDATE refresh_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = $1",
      [sha256(expired.tokens.refreshToken)],
    );
    expect((await refresh(expired.tokens.refreshToken)).status).toBe(401);

    const revoked = await stack.registerUser();
    await sql(stack.databaseUrls.auth, 'UPDATE refresh_tokens SET revoked_at = now() WHERE token_hash = $1', [
      sha256(revoked.tokens.refreshToken),
    ]);
    const answer = await refresh(revoked.tokens.refreshToken);
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe(ErrorCode.UNAUTHORIZED);
  });

  it('deletes expired refresh and reset tokens at boot and then periodically, and keeps live ones', async () => {
    const live = await stack.registerUser();
    const lapsed = await stack.registerUser();
    const expire = (token: string) =>
      sql(
        stack.databaseUrls.auth,
        "UPDATE refresh_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = $1",
        [sha256(token)],
      );
    await expire(lapsed.tokens.refreshToken);
    await sql(
      stack.databaseUrls.auth,
      `INSERT INTO password_reset_tokens (user_id, token_hash, expires_at)
       VALUES ($1, 'reset-expired', now() - interval '1 minute'), ($1, 'reset-live', now() + interval '1 hour')`,
      [live.user._id],
    );
    const refreshRows = (user: { tokens: { refreshToken: string } }) =>
      sql(stack.databaseUrls.auth, 'SELECT 1 FROM refresh_tokens WHERE token_hash = $1', [
        sha256(user.tokens.refreshToken),
      ]);
    const resetHashes = async () =>
      (
        await sql<{ token_hash: string }>(
          stack.databaseUrls.auth,
          "SELECT token_hash FROM password_reset_tokens WHERE token_hash LIKE 'reset-%' ORDER BY 1",
        )
      ).map((row) => row.token_hash);

    await stack.startService('auth', { replica: 2, env: { TOKEN_PURGE_INTERVAL_MS: '200' } });
    try {
      await eventually(async () => (await refreshRows(lapsed)).length === 0, {
        what: 'the lapsed refresh token to be purged at boot',
      });
      expect(await resetHashes()).toEqual(['reset-live']);
      expect(await refreshRows(live)).toHaveLength(1);
      // A token that lapses later goes with the next periodic purge.
      const later = await stack.registerUser();
      await expire(later.tokens.refreshToken);
      await eventually(async () => (await refreshRows(later)).length === 0, {
        what: 'the later-lapsed token to be purged',
      });
    } finally {
      await stack.stopService('auth', { replica: 2 });
    }
    expect(await refreshRows(live)).toHaveLength(1);
    expect((await refresh(live.tokens.refreshToken)).status).toBe(200);
  });

  it('answers 400 naming refreshToken when it is missing', async () => {
    const answer = await api('POST', '/api/auth/refresh', { body: {} });
    expect(answer.status).toBe(400);
    expect(answer.body.details).toEqual([{ field: 'refreshToken', message: 'refreshToken is required' }]);
  });
});

describe('POST /api/auth/logout', () => {
  const logout = (body: unknown) => api('POST', '/api/auth/logout', { body });

  it('ends the session: its refresh token (and any successor) no longer works; other sessions do', async () => {
    const registered = await stack.registerUser();
    const otherSession = (await login(registered.user.email, registered.password)).body.data.tokens;
    const rotated = (await api('POST', '/api/auth/refresh', { body: { refreshToken: registered.tokens.refreshToken } }))
      .body.data.tokens;

    const answer = await logout({ refreshToken: rotated.refreshToken });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true, data: { message: ErrorMessage.LOGGED_OUT } });
    expect((await api('POST', '/api/auth/refresh', { body: { refreshToken: rotated.refreshToken } })).status).toBe(401);
    expect((await api('POST', '/api/auth/refresh', { body: { refreshToken: otherSession.refreshToken } })).status).toBe(
      200,
    );
  });

  it('needs no access token and is idempotent (logging out twice or with an unknown token is fine)', async () => {
    const { tokens } = await stack.registerUser();
    expect((await logout({ refreshToken: tokens.refreshToken })).status).toBe(200);
    expect((await logout({ refreshToken: tokens.refreshToken })).status).toBe(200);
    expect((await logout({ refreshToken: 'unknown-token' })).status).toBe(200);
  });

  it('answers 400 naming refreshToken when it is missing', async () => {
    const answer = await logout({});
    expect(answer.status).toBe(400);
    expect(answer.body.details).toEqual([{ field: 'refreshToken', message: 'refreshToken is required' }]);
  });
});

describe('DELETE /api/auth/app-passwords/:id', () => {
  const notFound = { success: false, error: 'App password not found', code: ErrorCode.NOT_FOUND };

  it('answers a malformed id with the same 404 as an unknown one, like every other id in the path', async () => {
    const owner = await stack.registerUser();
    for (const id of [
      'not-an-id',
      '3f2504e0-4f89-41d3-9a0c-0305e82c330',
      "1' OR '1'='1",
      '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
    ]) {
      const answer = await api('DELETE', `/api/auth/app-passwords/${encodeURIComponent(id)}`, {
        headers: owner.authHeader,
      });
      expect({ id, status: answer.status, body: answer.body }).toEqual({ id, status: 404, body: notFound });
    }
  });

  it("takes the id in any case, and never deletes another user's password", async () => {
    const owner = await stack.registerUser();
    const stranger = await stack.registerUser();
    const created = await api('POST', '/api/auth/app-passwords', {
      headers: owner.authHeader,
      body: { name: 'Phone', currentPassword: owner.password },
    });
    expect(created.status).toBe(201);
    const id: string = created.body.data._id;
    const path = `/api/auth/app-passwords/${id.toUpperCase()}`;
    expect((await api('DELETE', path, { headers: stranger.authHeader })).body).toEqual(notFound);
    expect((await api('DELETE', path, { headers: owner.authHeader })).status).toBe(200);
    expect((await api('GET', '/api/auth/app-passwords', { headers: owner.authHeader })).body.data).toEqual([]);
  });
});
