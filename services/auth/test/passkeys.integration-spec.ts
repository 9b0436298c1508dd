/**
 * Passkeys (WebAuthn) through the gateway: adding one in Settings (a lasting door: step-up),
 * signing in with it without an e-mail, step-up and the two-factor step with it; and the
 * ceremony's defences: a challenge works once, for a few minutes, for the origin and the account
 * it was handed out to. The authenticator is SoftAuthenticator (the WebAuthn spec's answers, made
 * with node:crypto, in @kith/stack); the server checks them with @simplewebauthn/server.
 */
import {
  ErrorCode,
  NatsSubject,
  PasskeyMessage,
  type PasswordResetMailRequest,
  TOTP_PERIOD_SECONDS,
} from '@kith/contracts';
import { call, type RegisteredUser, sql, startTestStack, type TestStack } from '@kith/stack/testing';
import { Secret, TOTP } from 'otpauth';
import { SoftAuthenticator } from '@kith/stack/soft-authenticator';
import { EventRecorder } from './support.js';

let stack: TestStack;
let origin: string;
let resetRequests: EventRecorder<PasswordResetMailRequest>;

beforeAll(async () => {
  stack = await startTestStack({ services: ['auth', 'gateway'] });
  origin = new URL(stack.env.APP_URL!).origin;
  // As notifications: the reset link's token, as it would be mailed.
  resetRequests = await EventRecorder.listen(
    stack.natsConnectOptions('notifications'),
    NatsSubject.NOTIFICATIONS_QUEUE_PASSWORD_RESET_MAIL,
  );
}, 180_000);
afterAll(async () => {
  await resetRequests?.close();
  await stack?.stop();
});

type Headers = Record<string, string>;
const api = (method: string, path: string, options: { body?: unknown; headers?: Headers } = {}) =>
  call(stack.gatewayUrl, method, path, options);

/** Adds a passkey as Settings does: step-up, options, the authenticator's answer, a name. */
async function addPasskey(user: RegisteredUser, authenticator: SoftAuthenticator, name = 'Laptop') {
  const headers = { ...user.authHeader, ...(await stack.stepUpHeader(user)) };
  const options = await api('POST', '/api/auth/passkeys/registration-options', { headers });
  expect(options.status).toBe(200);
  const added = await api('POST', '/api/auth/passkeys', {
    headers,
    body: { name, response: authenticator.create(options.body.data, origin) },
  });
  expect(added.status).toBe(201);
  return added.body.data as { id: string; name: string };
}

async function turnOnTwoFactor(user: RegisteredUser) {
  const setup = await api('POST', '/api/auth/2fa/setup', {
    body: { currentPassword: user.password },
    headers: user.authHeader,
  });
  const code = TOTP.generate({ secret: Secret.fromBase32(setup.body.data.secret), period: TOTP_PERIOD_SECONDS });
  const enabled = await api('POST', '/api/auth/2fa/enable', {
    body: { currentPassword: user.password, code },
    headers: user.authHeader,
  });
  expect(enabled.status).toBe(200);
}

async function signInOptions() {
  const options = await api('POST', '/api/auth/passkeys/sign-in-options');
  expect(options.status).toBe(200);
  return options.body.data;
}

describe('adding a passkey', () => {
  it('needs step-up: a bearer token alone opens neither the options nor the adding', async () => {
    const user = await stack.registerUser();
    const options = await api('POST', '/api/auth/passkeys/registration-options', { headers: user.authHeader });
    expect(options.status).toBe(403);
    expect(options.body.code).toBe(ErrorCode.STEP_UP_REQUIRED);
    const added = await api('POST', '/api/auth/passkeys', {
      headers: user.authHeader,
      body: { name: 'x', response: new SoftAuthenticator().create({ challenge: 'abc' }, origin) },
    });
    expect(added.status).toBe(403);
    expect(added.body.code).toBe(ErrorCode.STEP_UP_REQUIRED);
  });

  it('adds, lists, renames and removes (removing needs step-up), and names a bad field', async () => {
    const user = await stack.registerUser();
    const passkey = await addPasskey(user, new SoftAuthenticator(), 'My phone');
    const listed = await api('GET', '/api/auth/passkeys', { headers: user.authHeader });
    expect(listed.body.data).toEqual([expect.objectContaining({ id: passkey.id, name: 'My phone', lastUsedAt: null })]);
    const renamed = await api('PATCH', `/api/auth/passkeys/${passkey.id}`, {
      headers: user.authHeader,
      body: { name: 'Work phone' },
    });
    expect(renamed.body.data.name).toBe('Work phone');
    const blank = await api('PATCH', `/api/auth/passkeys/${passkey.id}`, {
      headers: user.authHeader,
      body: { name: ' ' },
    });
    expect(blank.status).toBe(400);
    expect(blank.body.details).toEqual([
      expect.objectContaining({ field: 'name', message: PasskeyMessage.NAME_REQUIRED }),
    ]);
    const withoutStepUp = await api('DELETE', `/api/auth/passkeys/${passkey.id}`, { headers: user.authHeader });
    expect(withoutStepUp.status).toBe(403);
    const removed = await api('DELETE', `/api/auth/passkeys/${passkey.id}`, {
      headers: { ...user.authHeader, ...(await stack.stepUpHeader(user)) },
    });
    expect(removed.status).toBe(200);
    expect((await api('GET', '/api/auth/passkeys', { headers: user.authHeader })).body.data).toEqual([]);
  });

  it('refuses a replayed answer, an expired challenge, another origin and another user’s challenge', async () => {
    const user = await stack.registerUser();
    const other = await stack.registerUser();
    const headers = { ...user.authHeader, ...(await stack.stepUpHeader(user)) };
    const otherHeaders = { ...other.authHeader, ...(await stack.stepUpHeader(other)) };
    const authenticator = new SoftAuthenticator();
    const register = (response: unknown, as: Headers = headers) =>
      api('POST', '/api/auth/passkeys', { headers: as, body: { name: 'Key', response } });
    const newOptions = async () =>
      (await api('POST', '/api/auth/passkeys/registration-options', { headers })).body.data;

    // Another origin (a phishing site relaying the ceremony): refused, and the challenge is spent.
    const phished = authenticator.create(await newOptions(), 'https://kith.example.evil');
    expect(await register(phished)).toMatchObject({ status: 401, body: { code: ErrorCode.INVALID_CREDENTIALS } });
    expect(await register(phished)).toMatchObject({ status: 400, body: { error: PasskeyMessage.CHALLENGE_INVALID } });

    // Expired: the challenge lives PASSKEY_CHALLENGE_TTL_SECONDS.
    const late = await newOptions();
    await sql(
      stack.databaseUrls.auth,
      `UPDATE webauthn_challenges SET expires_at = now() - interval '1 second' WHERE challenge = $1`,
      [late.challenge],
    );
    expect(await register(authenticator.create(late, origin))).toMatchObject({
      status: 400,
      body: { error: PasskeyMessage.CHALLENGE_INVALID },
    });

    // Handed out to this user: another account cannot answer it.
    const foreign = authenticator.create(await newOptions(), origin);
    expect(await register(foreign, otherHeaders)).toMatchObject({ status: 400, body: { code: ErrorCode.BAD_REQUEST } });

    // Right: once; the same answer again is a replay.
    const right = authenticator.create(await newOptions(), origin);
    expect((await register(right)).status).toBe(201);
    expect(await register(right)).toMatchObject({ status: 400, body: { error: PasskeyMessage.CHALLENGE_INVALID } });

    // The same credential on a second account: refused.
    const again = authenticator.create(
      (await api('POST', '/api/auth/passkeys/registration-options', { headers: otherHeaders })).body.data,
      origin,
    );
    expect(await register(again, otherHeaders)).toMatchObject({ status: 409, body: { code: ErrorCode.CONFLICT } });

    // Bad input names the field.
    const bad = await api('POST', '/api/auth/passkeys', { headers, body: { name: 'Key', response: { id: 'x' } } });
    expect(bad.status).toBe(400);
    expect(bad.body.details.map((detail: { field: string }) => detail.field)).toContain('response.rawId');
  });
});

describe('signing in with a passkey', () => {
  it('signs in without an e-mail, once per challenge; a removed or unknown passkey does not', async () => {
    const user = await stack.registerUser();
    const authenticator = new SoftAuthenticator();
    const passkey = await addPasskey(user, authenticator);

    const assertion = authenticator.get(await signInOptions(), origin);
    const signedIn = await api('POST', '/api/auth/passkeys/sign-in', { body: { response: assertion } });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data.user._id).toBe(user.user._id);
    const me = await api('GET', '/api/auth/me', {
      headers: { authorization: `Bearer ${signedIn.body.data.tokens.accessToken}` },
    });
    expect(me.body.data.user.email).toBe(user.user.email);
    const listed = await api('GET', '/api/auth/passkeys', { headers: user.authHeader });
    expect(listed.body.data[0].lastUsedAt).not.toBeNull();

    // Replayed: the challenge was used up.
    expect(await api('POST', '/api/auth/passkeys/sign-in', { body: { response: assertion } })).toMatchObject({
      status: 400,
      body: { error: PasskeyMessage.CHALLENGE_INVALID },
    });
    // Another origin.
    expect(
      await api('POST', '/api/auth/passkeys/sign-in', {
        body: { response: authenticator.get(await signInOptions(), 'http://127.0.0.2:1') },
      }),
    ).toMatchObject({ status: 401, body: { code: ErrorCode.INVALID_CREDENTIALS } });
    // A passkey nobody registered here.
    expect(
      await api('POST', '/api/auth/passkeys/sign-in', {
        body: { response: new SoftAuthenticator().get(await signInOptions(), origin) },
      }),
    ).toMatchObject({ status: 401, body: { error: PasskeyMessage.UNKNOWN } });
    // Expired.
    const late = await signInOptions();
    await sql(
      stack.databaseUrls.auth,
      `UPDATE webauthn_challenges SET expires_at = now() - interval '1 second' WHERE challenge = $1`,
      [late.challenge],
    );
    expect(
      await api('POST', '/api/auth/passkeys/sign-in', { body: { response: authenticator.get(late, origin) } }),
    ).toMatchObject({ status: 400, body: { error: PasskeyMessage.CHALLENGE_INVALID } });

    // Removed: it no longer signs in.
    await api('DELETE', `/api/auth/passkeys/${passkey.id}`, {
      headers: { ...user.authHeader, ...(await stack.stepUpHeader(user)) },
    });
    expect(
      await api('POST', '/api/auth/passkeys/sign-in', {
        body: { response: authenticator.get(await signInOptions(), origin) },
      }),
    ).toMatchObject({ status: 401, body: { error: PasskeyMessage.UNKNOWN } });
  });
});

describe('a passkey as step-up and as the second factor', () => {
  it('grants step-up with the account’s own passkey only', async () => {
    const owner = await stack.registerUser();
    const thief = await stack.registerUser();
    const ownerKey = new SoftAuthenticator();
    const thiefKey = new SoftAuthenticator();
    await addPasskey(owner, ownerKey);
    await addPasskey(thief, thiefKey);

    const options = await api('POST', '/api/auth/step-up/passkey-options', { headers: owner.authHeader });
    expect(options.body.data.allowCredentials).toEqual([expect.objectContaining({ id: ownerKey.id })]);
    // The thief's passkey answering the owner's challenge, with the owner's stolen token: refused.
    expect(
      await api('POST', '/api/auth/step-up/passkey', {
        headers: owner.authHeader,
        body: { response: thiefKey.get(options.body.data, origin) },
      }),
    ).toMatchObject({ status: 401, body: { code: ErrorCode.INVALID_CREDENTIALS } });
    // A step-up challenge of the thief's, answered with the owner's token: not the owner's challenge.
    const thiefOptions = await api('POST', '/api/auth/step-up/passkey-options', { headers: thief.authHeader });
    expect(
      await api('POST', '/api/auth/step-up/passkey', {
        headers: owner.authHeader,
        body: { response: ownerKey.get(thiefOptions.body.data, origin) },
      }),
    ).toMatchObject({ status: 400, body: { code: ErrorCode.BAD_REQUEST } });
    // A sign-in challenge is not a step-up challenge.
    expect(
      await api('POST', '/api/auth/step-up/passkey', {
        headers: owner.authHeader,
        body: { response: ownerKey.get(await signInOptions(), origin) },
      }),
    ).toMatchObject({ status: 400, body: { code: ErrorCode.BAD_REQUEST } });

    const granted = await api('POST', '/api/auth/step-up/passkey', {
      headers: owner.authHeader,
      body: {
        response: ownerKey.get(
          (await api('POST', '/api/auth/step-up/passkey-options', { headers: owner.authHeader })).body.data,
          origin,
        ),
      },
    });
    expect(granted.status).toBe(200);
    const appPassword = await api('POST', '/api/auth/app-passwords', {
      headers: { ...owner.authHeader, 'x-step-up': granted.body.data.stepUpToken },
      body: { name: 'Phone' },
    });
    expect(appPassword.status).toBe(201);
  });

  it('answers the two-factor step with the account’s passkey, not another’s', async () => {
    const user = await stack.registerUser();
    const stranger = await stack.registerUser();
    const key = new SoftAuthenticator();
    const strangerKey = new SoftAuthenticator();
    await addPasskey(user, key);
    await addPasskey(stranger, strangerKey);
    await turnOnTwoFactor(user);

    const password = await api('POST', '/api/auth/login', {
      body: { email: user.user.email, password: user.password },
    });
    const challenge = password.body.data.challenge as string;
    expect(challenge).toEqual(expect.any(String));
    expect(
      await api('POST', '/api/auth/login/2fa/passkey', {
        body: { challenge, response: strangerKey.get(await signInOptions(), origin) },
      }),
    ).toMatchObject({ status: 401, body: { code: ErrorCode.INVALID_CREDENTIALS } });
    const done = await api('POST', '/api/auth/login/2fa/passkey', {
      body: { challenge, response: key.get(await signInOptions(), origin) },
    });
    expect(done.status).toBe(200);
    expect(done.body.data.user._id).toBe(user.user._id);
    // The challenge is used up.
    expect(
      await api('POST', '/api/auth/login/2fa/passkey', {
        body: { challenge, response: key.get(await signInOptions(), origin) },
      }),
    ).toMatchObject({ status: 401, body: { code: ErrorCode.TWO_FACTOR_CHALLENGE_INVALID } });
  });

  it('answers a password reset’s second factor with the account’s passkey, not another’s', async () => {
    const user = await stack.registerUser();
    const stranger = await stack.registerUser();
    const key = new SoftAuthenticator();
    const strangerKey = new SoftAuthenticator();
    await addPasskey(user, key);
    await addPasskey(stranger, strangerKey);
    await turnOnTwoFactor(user);
    expect((await api('POST', '/api/auth/forgot-password', { body: { email: user.user.email } })).status).toBe(200);
    const { token } = await resetRequests.waitFor((event) => event.userId === user.user._id);

    // The link alone does not do it; a stranger's passkey does not either.
    expect(
      await api('POST', '/api/auth/reset-password', { body: { token, password: 'a-new-secret-77' } }),
    ).toMatchObject({ status: 401, body: { code: ErrorCode.TWO_FACTOR_REQUIRED } });
    const withStranger = await api('POST', '/api/auth/reset-password/passkey', {
      body: { token, password: 'a-new-secret-77', response: strangerKey.get(await signInOptions(), origin) },
    });
    expect(withStranger).toMatchObject({ status: 401, body: { code: ErrorCode.INVALID_CREDENTIALS } });

    const reset = await api('POST', '/api/auth/reset-password/passkey', {
      body: { token, password: 'a-new-secret-77', response: key.get(await signInOptions(), origin) },
    });
    expect(reset.status).toBe(200);
    expect(reset.body.data.user._id).toBe(user.user._id);
    const signedIn = await api('POST', '/api/auth/login', {
      body: { email: user.user.email, password: 'a-new-secret-77' },
    });
    expect(signedIn.body.data.challenge).toEqual(expect.any(String));
    // The link is used up.
    expect(
      await api('POST', '/api/auth/reset-password/passkey', {
        body: { token, password: 'another-secret-88', response: key.get(await signInOptions(), origin) },
      }),
    ).toMatchObject({ status: 400, body: { code: ErrorCode.INVALID_RESET_TOKEN } });
  });
});
