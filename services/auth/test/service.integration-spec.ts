import { readFileSync } from 'node:fs';
import { DEMO_ACCOUNT, DEMO_USER_ID, ErrorCode, NatsSubject, type User } from '@kith/contracts';
import { AppError, NatsClient } from '@kith/nest-kit';
import { ClientProxyFactory, Transport } from '@nestjs/microservices';
import { call, sql, startTestStack, type TestStack } from '@kith/stack/testing';

let stack: TestStack;
let nats: NatsClient;

beforeAll(async () => {
  stack = await startTestStack({ services: ['auth', 'gateway'], env: { SEED_DEMO: 'true' } });
  nats = new NatsClient(
    // As notifications, which may ask for users by id.
    ClientProxyFactory.create({ transport: Transport.NATS, options: stack.natsConnectOptions('notifications') }),
    5000,
  );
});
afterAll(async () => {
  await nats?.onApplicationShutdown();
  await stack?.stop();
});

describe('schema', () => {
  /** model → table and field → column, read from schema.prisma (scalar fields only, honouring @map/@@map). */
  function prismaColumns(): Map<string, string[]> {
    const schema = readFileSync(new URL('../prisma/schema.prisma', import.meta.url), 'utf8');
    const models = [...schema.matchAll(/^model (\w+) \{([\s\S]*?)^\}/gm)];
    const modelNames = new Set(models.map(([, name]) => name));
    return new Map(
      models.map(([, name, body]) => {
        const table = /@@map\("(\w+)"\)/.exec(body!)?.[1] ?? name!;
        const columns = body!
          .split('\n')
          .map((line) => line.trim())
          .filter((line) => /^\w+\s+\w+/.test(line) && !line.startsWith('@@'))
          .filter((line) => !modelNames.has(line.split(/\s+/)[1]!.replace(/[?[\]]/g, '')))
          .map((line) => /@map\("(\w+)"\)/.exec(line)?.[1] ?? line.split(/\s+/)[0]!);
        return [table, columns];
      }),
    );
  }

  it('has a column for every field of every Prisma model (no drift between migrations and schema.prisma)', async () => {
    const expected = prismaColumns();
    expect([...expected.keys()].sort()).toEqual([
      'account_erasures',
      'app_passwords',
      'email_confirmations',
      'erased_users',
      'invitations',
      'passkeys',
      'password_reset_tokens',
      'recovery_codes',
      'refresh_tokens',
      'sign_in_attempts',
      'sso_identities',
      'two_factor_challenges',
      'user_totp',
      'users',
      'webauthn_challenges',
    ]);
    const rows = await sql<{ table_name: string; column_name: string }>(
      stack.databaseUrls.auth,
      "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public'",
    );
    for (const [table, columns] of expected) {
      const actual = rows.filter((row) => row.table_name === table).map((row) => row.column_name);
      expect({ table, missing: columns.filter((column) => !actual.includes(column)) }).toEqual({ table, missing: [] });
    }
    expect(expected.get('refresh_tokens')).toEqual(
      expect.arrayContaining([
        'user_id',
        'family_id',
        'token_hash',
        'expires_at',
        'used_at',
        'replaced_by_id',
        'revoked_at',
        'created_at',
      ]),
    );
  });

  it('keeps emails unique and lowercase at the database level', async () => {
    const { user } = await stack.registerUser();
    await expect(
      sql(
        stack.databaseUrls.auth,
        "INSERT INTO users (first_name, last_name, email, password_hash) VALUES ('a', 'b', $1, 'x')",
        [user.email],
      ),
    ).rejects.toThrow(/unique/);
    await expect(
      sql(
        stack.databaseUrls.auth,
        "INSERT INTO users (first_name, last_name, email, password_hash) VALUES ('a', 'b', 'Upper@Example.test', 'x')",
      ),
    ).rejects.toThrow(/users_email_lowercase/);
  });
});

describe('NATS user lookups', () => {
  it(`${NatsSubject.AUTH_USER_BY_ID} returns the user, or null for an unknown id`, async () => {
    const { user } = await stack.registerUser();
    await expect(nats.request<User | null>(NatsSubject.AUTH_USER_BY_ID, { userId: user._id })).resolves.toEqual(user);
    await expect(
      nats.request(NatsSubject.AUTH_USER_BY_ID, { userId: '7a0c2c3e-0000-4000-8000-000000000000' }),
    ).resolves.toBeNull();
    await expect(nats.request(NatsSubject.AUTH_USER_BY_ID, { userId: user._id.toUpperCase() })).resolves.toEqual(user);
  });

  it(`${NatsSubject.AUTH_USERS_BY_IDS} returns the known users in one batch, skipping unknown and duplicate ids`, async () => {
    const [first, second] = [await stack.registerUser(), await stack.registerUser()];
    const users = await nats.request<User[]>(NatsSubject.AUTH_USERS_BY_IDS, {
      userIds: [first.user._id, second.user._id, first.user._id, '7a0c2c3e-0000-4000-8000-000000000000'],
    });
    expect(users).toHaveLength(2);
    expect(users).toEqual(expect.arrayContaining([first.user, second.user]));
    await expect(nats.request(NatsSubject.AUTH_USERS_BY_IDS, { userIds: [] })).resolves.toEqual([]);
  });

  it('refuses a malformed request, a malformed id or too many ids with a validation error naming the field', async () => {
    const tooMany = Array.from({ length: 501 }, () => '7a0c2c3e-0000-4000-8000-000000000000');
    const error = await nats
      .request(NatsSubject.AUTH_USERS_BY_IDS, { userIds: tooMany })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: ErrorCode.VALIDATION_ERROR, message: expect.stringContaining('userIds') });
    await expect(nats.request(NatsSubject.AUTH_USER_BY_ID, {})).rejects.toMatchObject({
      code: ErrorCode.VALIDATION_ERROR,
    });
    for (const request of [
      nats.request(NatsSubject.AUTH_USER_BY_ID, { userId: 'not-a-uuid' }),
      nats.request(NatsSubject.AUTH_USERS_BY_IDS, { userIds: ['junk'] }),
    ]) {
      await expect(request).rejects.toMatchObject({ code: ErrorCode.VALIDATION_ERROR });
    }
  });
});

describe('demo account', () => {
  const loginAsDemo = () =>
    call(stack.gatewayUrl, 'POST', '/api/auth/login', {
      body: { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password },
    });

  it('is seeded at start with its fixed id and logs in with the published password', async () => {
    const answer = await loginAsDemo();
    expect(answer.status).toBe(200);
    expect(answer.body.data.user).toMatchObject({
      _id: DEMO_USER_ID,
      email: DEMO_ACCOUNT.email,
      firstName: DEMO_ACCOUNT.firstName,
      lastName: DEMO_ACCOUNT.lastName,
    });
  });

  it('is re-seeded idempotently on restart: one account, same id, and the demo password works again after a change', async () => {
    await sql(stack.databaseUrls.auth, "UPDATE users SET password_hash = 'changed-by-a-visitor' WHERE id = $1", [
      DEMO_USER_ID,
    ]);
    expect((await loginAsDemo()).status).toBe(401);

    await stack.stopService('auth');
    await stack.startService('auth');

    const answer = await loginAsDemo();
    expect(answer.status).toBe(200);
    expect(answer.body.data.user._id).toBe(DEMO_USER_ID);
    const rows = await sql(stack.databaseUrls.auth, 'SELECT id FROM users WHERE email = $1', [DEMO_ACCOUNT.email]);
    expect(rows).toHaveLength(1);
  });
});

describe('GET /health', () => {
  it('reports the database and NATS up', async () => {
    const answer = await call(stack.urls.auth, 'GET', '/health');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: 'ok', checks: { database: { status: 'up' }, nats: { status: 'up' } } });
  });
});
