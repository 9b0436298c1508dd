/**
 * Who may register (KITH_REGISTRATION), who runs the instance, and mail only to proven addresses
 * (REQUIRE_EMAIL_VERIFICATION), as a deployed instance has them: invitation-only, confirmation on.
 */
import { AccountMailKind, type AccountMailRequest, AccountMessages, ErrorCode, NatsSubject } from '@kith/contracts';
import { call, type RegisteredUser, startTestStack, type TestStack } from '@kith/stack/testing';
import { EventRecorder } from './support.js';

let stack: TestStack;
let mails: EventRecorder<AccountMailRequest>;

beforeAll(async () => {
  stack = await startTestStack({
    services: ['auth', 'contacts', 'notifications', 'gateway'],
    env: { KITH_REGISTRATION: 'invite', REQUIRE_EMAIL_VERIFICATION: 'true' },
  });
  mails = await EventRecorder.listen(
    stack.natsConnectOptions('notifications'),
    NatsSubject.NOTIFICATIONS_QUEUE_ACCOUNT_MAIL,
  );
}, 180_000);
afterAll(async () => {
  await mails?.close();
  await stack?.stop();
});

const api = (method: string, path: string, options: { body?: unknown; headers?: Record<string, string> } = {}) =>
  call(stack.gatewayUrl, method, path, options);
const register = (email: string, extra: Record<string, string> = {}) =>
  api('POST', '/api/auth/register', {
    body: { firstName: 'Ada', lastName: 'Lovelace', email, password: 'analytical-engine', ...extra },
  });
const mailTo = (to: string, kind: string) => mails.waitFor((mail) => mail.to === to && mail.kind === kind);

describe('KITH_REGISTRATION=invite', () => {
  let operator: RegisteredUser;

  it('lets the first account of an empty instance register: it is the operator', async () => {
    const first = await register('operator@example.test');
    expect(first.status).toBe(201);
    expect(first.body.data.user).toMatchObject({ isOperator: true, emailVerified: false });
    operator = {
      ...first.body.data,
      password: 'analytical-engine',
      authHeader: { authorization: `Bearer ${first.body.data.tokens.accessToken}` },
    };
  });

  it('refuses anyone else without an invitation, with its own code and a clear message', async () => {
    const second = await register('stranger@example.test');
    expect(second.status).toBe(403);
    expect(second.body).toEqual({
      success: false,
      error: AccountMessages.REGISTRATION_INVITE_ONLY,
      code: ErrorCode.REGISTRATION_CLOSED,
    });
  });

  it('takes an invitation the operator sent to that address, once; it proves the address', async () => {
    const invited = 'invited@example.test';
    expect(
      (await api('POST', '/api/auth/invitations', { body: { email: invited }, headers: operator.authHeader })).status,
    ).toBe(201);
    const { token } = await mailTo(invited, AccountMailKind.INVITATION);
    expect((await register('someone-else@example.test', { invitation: token! })).status).toBe(403);
    const joined = await register(invited, { invitation: token! });
    expect(joined.status).toBe(201);
    expect(joined.body.data.user).toMatchObject({ isOperator: false, emailVerified: true });
    const listed = (await api('GET', '/api/auth/invitations', { headers: operator.authHeader })).body.data;
    expect(listed).toEqual([expect.objectContaining({ email: invited, acceptedAt: expect.any(String) })]);
  });
});

describe('mail only to proven addresses', () => {
  it('sends no test reminder to an address not confirmed yet; its link confirms it', async () => {
    const login = await api('POST', '/api/auth/login', {
      body: { email: 'operator@example.test', password: 'analytical-engine' },
    });
    const headers = { authorization: `Bearer ${login.body.data.tokens.accessToken}` };
    const refused = await api('POST', '/api/notifications/test', { headers });
    expect([refused.status, refused.body.code]).toEqual([403, ErrorCode.EMAIL_NOT_VERIFIED]);

    const { token } = await mailTo('operator@example.test', AccountMailKind.CONFIRM_EMAIL);
    expect((await api('POST', '/api/auth/confirm-email', { body: { token } })).status).toBe(200);
    expect((await api('POST', '/api/auth/confirm-email', { body: { token } })).status).toBe(400);
    expect((await api('GET', '/api/auth/me', { headers })).body.data.user.emailVerified).toBe(true);
    expect((await api('POST', '/api/notifications/test', { headers })).status).toBe(200);
  });

  it('changes the address only when the link sent to the new one is used, and not after a password change', async () => {
    const login = await api('POST', '/api/auth/login', {
      body: { email: 'invited@example.test', password: 'analytical-engine' },
    });
    const headers = { authorization: `Bearer ${login.body.data.tokens.accessToken}` };
    const ask = (newEmail: string) =>
      api('POST', '/api/auth/change-email', { body: { currentPassword: 'analytical-engine', newEmail }, headers });
    expect((await ask('moved@example.test')).status).toBe(200);
    const { token } = await mailTo('moved@example.test', AccountMailKind.CHANGE_EMAIL);
    expect((await api('GET', '/api/auth/me', { headers })).body.data.user.email).toBe('invited@example.test');
    expect((await api('POST', '/api/auth/confirm-email', { body: { token } })).status).toBe(200);
    expect((await api('GET', '/api/auth/me', { headers })).body.data.user.email).toBe('moved@example.test');

    // A link sent before the password changed relies on the account as it was: it is dead.
    expect(
      (
        await api('POST', '/api/auth/change-email', {
          body: { currentPassword: 'analytical-engine', newEmail: 'again@example.test' },
          headers,
        })
      ).status,
    ).toBe(200);
    const stale = await mailTo('again@example.test', AccountMailKind.CHANGE_EMAIL);
    const changed = await api('POST', '/api/auth/change-password', {
      body: { currentPassword: 'analytical-engine', newPassword: 'difference-engine' },
      headers,
    });
    expect(changed.status).toBe(200);
    expect((await api('POST', '/api/auth/confirm-email', { body: { token: stale.token } })).status).toBe(400);
  });
});
