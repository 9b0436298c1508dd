/**
 * Single sign-on through the gateway against a real OpenID provider we did not write
 * (`oidc-provider`, started here): the authorization code flow with PKCE, state and nonce bound to
 * the browser by a sealed cookie; accounts found by the provider's subject, linked by e-mail only
 * when OIDC_LINK_BY_EMAIL allows and the provider verified it, created as KITH_REGISTRATION allows.
 */
import { ErrorCode, SsoMessage } from '@kith/contracts';
import { startOidcProvider, type OidcTestProvider } from '@kith/stack/oidc-provider';
import { call, startTestStack, type TestStack } from '@kith/stack/testing';

const APP_URL = 'http://localhost:18080';
const REDIRECT_URI = `${APP_URL}/login/sso`;

let provider: OidcTestProvider;
let stack: TestStack;

beforeAll(async () => {
  provider = await startOidcProvider({ redirectUris: [REDIRECT_URI] });
  stack = await startTestStack({ services: ['auth', 'gateway'], env: { ...provider.env, APP_URL } });
}, 180_000);
afterAll(async () => {
  await stack?.stop();
  await provider?.stop();
});

async function restartAuth(env: Record<string, string>) {
  await stack.stopService('auth');
  await stack.startService('auth', { env: { ...provider.env, APP_URL, ...env } });
}

class CookieJar {
  private readonly cookies = new Map<string, string>();
  take(response: Response): void {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const separator = pair.indexOf('=');
      this.cookies.set(pair.slice(0, separator), pair.slice(separator + 1));
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/** Starts a sign-in at Kith: the provider's URL, and the browser's cookie. */
async function start() {
  const jar = new CookieJar();
  const response = await fetch(`${stack.gatewayUrl}/api/auth/sso/start`, { method: 'POST' });
  expect(response.status).toBe(200);
  jar.take(response);
  return {
    jar,
    authorizationUrl: ((await response.json()) as { data: { authorizationUrl: string } }).data.authorizationUrl,
  };
}

/** Signs in at the provider as `login` (its sign-in and consent pages), up to the way back to Kith. */
async function atProvider(authorizationUrl: string, login: string): Promise<string> {
  const jar = new CookieJar();
  let url = authorizationUrl;
  for (let step = 0; step < 12; step += 1) {
    if (url.startsWith(REDIRECT_URI)) return new URL(url).search;
    const page = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.take(page);
    if (page.status >= 300 && page.status < 400) {
      url = new URL(page.headers.get('location')!, url).href;
      continue;
    }
    const html = await page.text();
    const action = /action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    if (!action || !prompt) throw new Error(`Unexpected provider page (${page.status}): ${html.slice(0, 300)}`);
    const form = new URLSearchParams({ prompt, ...(prompt === 'login' ? { login, password: 'any' } : {}) });
    const submitted = await fetch(new URL(action, url), {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
    });
    jar.take(submitted);
    url = new URL(submitted.headers.get('location')!, url).href;
  }
  throw new Error('The provider never sent the browser back');
}

async function callback(callbackQuery: string, cookie: string) {
  const response = await fetch(`${stack.gatewayUrl}/api/auth/sso/callback`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ callbackQuery }),
  });
  return { status: response.status, body: await response.json(), setCookie: response.headers.getSetCookie() };
}

async function signIn(login: string) {
  const { jar, authorizationUrl } = await start();
  return callback(await atProvider(authorizationUrl, login), jar.header());
}

describe('single sign-on', () => {
  it('says it is set up, with the provider name for the button', async () => {
    const response = await fetch(`${stack.gatewayUrl}/api/auth/sso`);
    expect(((await response.json()) as { data: unknown }).data).toEqual({ enabled: true, providerName: 'Test IdP' });
  });

  it('asks for the code with PKCE (S256), state and nonce', async () => {
    const { authorizationUrl, jar } = await start();
    const url = new URL(authorizationUrl);
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT_URI);
    expect(jar.header()).toMatch(/^kith_sso=/);
  });

  it('creates an account on the first sign-in (open registration) and finds it again by subject', async () => {
    const first = await signIn('ada@example.test');
    expect(first.status).toBe(200);
    expect(first.body.data.user).toMatchObject({ email: 'ada@example.test', firstName: 'Ada', lastName: 'Lovelace' });
    const me = await fetch(`${stack.gatewayUrl}/api/auth/me`, {
      headers: { authorization: `Bearer ${first.body.data.tokens.accessToken}` },
    });
    expect(me.status).toBe(200);
    const again = await signIn('ada@example.test');
    expect(again.status).toBe(200);
    expect(again.body.data.user._id).toBe(first.body.data.user._id);
  });

  it('refuses a callback without the cookie, with another sign-in’s cookie, and a replayed one', async () => {
    const { jar, authorizationUrl } = await start();
    const query = await atProvider(authorizationUrl, 'grace@example.test');
    expect(await callback(query, '')).toMatchObject({ status: 400, body: { error: SsoMessage.STATE_INVALID } });
    const other = await start();
    expect(await callback(query, other.jar.header())).toMatchObject({
      status: 400,
      body: { error: SsoMessage.STATE_INVALID },
    });
    expect(await callback(query, 'kith_sso=forged.value')).toMatchObject({ status: 400 });
    // The right cookie signs in, once: the code is spent at the provider.
    expect((await callback(query, jar.header())).status).toBe(200);
    expect(await callback(query, jar.header())).toMatchObject({ status: 400, body: { code: ErrorCode.BAD_REQUEST } });
    // The answer is the provider's error when the person refused there.
    const refused = await start();
    const state = new URL(refused.authorizationUrl).searchParams.get('state')!;
    expect(await callback(`?error=access_denied&state=${state}`, refused.jar.header())).toMatchObject({
      status: 400,
      body: { error: SsoMessage.FAILED },
    });
  });

  it('does not take over an existing account by e-mail unless the operator allows it, and then only when verified', async () => {
    const owner = await stack.registerUser({ email: 'owner@example.test' });
    const taken = await signIn('owner@example.test');
    expect(taken).toMatchObject({ status: 409, body: { code: ErrorCode.EMAIL_TAKEN, error: SsoMessage.EMAIL_TAKEN } });

    await restartAuth({ OIDC_LINK_BY_EMAIL: 'true' });
    await stack.registerUser({ email: 'unverified-owner@example.test' });
    const unverified = await signIn('unverified-owner@example.test');
    expect(unverified).toMatchObject({ status: 409, body: { error: SsoMessage.EMAIL_NOT_VERIFIED } });
    const linked = await signIn('owner@example.test');
    expect(linked.status).toBe(200);
    expect(linked.body.data.user._id).toBe(owner.user._id);
  });

  it('creates no account where registration is closed or by invitation; linked accounts still sign in', async () => {
    await restartAuth({ KITH_REGISTRATION: 'closed' });
    expect(await signIn('newcomer@example.test')).toMatchObject({
      status: 403,
      body: { code: ErrorCode.REGISTRATION_CLOSED },
    });
    expect((await signIn('ada@example.test')).status).toBe(200);
    await restartAuth({ KITH_REGISTRATION: 'invite' });
    expect(await signIn('newcomer@example.test')).toMatchObject({
      status: 403,
      body: { code: ErrorCode.REGISTRATION_CLOSED },
    });
  });

  it('lets the invited address in through the provider where registration is by invitation, and uses the invitation', async () => {
    await restartAuth({});
    const boss = await stack.registerUser({ email: 'boss@example.test' });
    await restartAuth({ KITH_REGISTRATION: 'invite', KITH_OPERATORS: 'boss@example.test' });
    // Signed in again, the operator's token says so.
    const login = await call(stack.gatewayUrl, 'POST', '/api/auth/login', {
      body: { email: boss.user.email, password: boss.password },
    });
    const operator = { authorization: `Bearer ${login.body.data.tokens.accessToken}` };
    const invited = await call(stack.gatewayUrl, 'POST', '/api/auth/invitations', {
      body: { email: 'invited@example.test' },
      headers: operator,
    });
    expect(invited.status).toBe(201);

    const joined = await signIn('invited@example.test');
    expect(joined.status).toBe(200);
    expect(joined.body.data.user).toMatchObject({ email: 'invited@example.test', emailVerified: true });
    const listed = await call(stack.gatewayUrl, 'GET', '/api/auth/invitations', { headers: operator });
    expect(listed.body.data.find((row: { email: string }) => row.email === 'invited@example.test')).toMatchObject({
      acceptedAt: expect.any(String),
    });
    // The invitation named one address: another is still refused.
    expect(await signIn('not-invited@example.test')).toMatchObject({
      status: 403,
      body: { code: ErrorCode.REGISTRATION_CLOSED },
    });
  });
});
