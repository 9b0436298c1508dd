import { createServer, type Server } from 'node:http';
import { type AddressInfo, createServer as createNetServer, type Server as NetServer } from 'node:net';
import { checkAnswer, startTestStack, type TestStack } from '@kith/stack/testing';

/** A stand-in upstream that accepts requests and never answers: the gateway must give up (504). */
function startSilentUpstream(): Promise<Server> {
  return new Promise((resolve) => {
    const server = createServer(() => {});
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

/**
 * An upstream that is down: it drops every connection at once. (A closed port is not safe on a
 * shared machine: another process may take it before the test asks, and answer.)
 */
function startDroppingUpstream(): Promise<NetServer> {
  return new Promise((resolve) => {
    const server = createNetServer((socket) => socket.destroy());
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

describe('gateway', () => {
  let stack: TestStack;
  let silentUpstream: Server;
  let droppingUpstream: NetServer;
  const RATE_LIMIT = 5;
  // Applies to every upstream, auth too: long enough for a registration's argon2 hash on a busy machine.
  const UPSTREAM_TIMEOUT_MS = 8_000;
  // Longer than the usual timeout, so a 504 after it proves the import confirm got its own.
  const IMPORT_CONFIRM_TIMEOUT_MS = 12_000;

  beforeAll(async () => {
    silentUpstream = await startSilentUpstream();
    droppingUpstream = await startDroppingUpstream();
    stack = await startTestStack({
      services: ['auth', 'gateway'],
      env: {
        AUTH_RATE_LIMIT_MAX: String(RATE_LIMIT),
        UPSTREAM_TIMEOUT_MS: String(UPSTREAM_TIMEOUT_MS),
        IMPORT_CONFIRM_TIMEOUT_MS: String(IMPORT_CONFIRM_TIMEOUT_MS),
        JSON_BODY_LIMIT: '2kb',
        CONTACTS_URL: `http://127.0.0.1:${(silentUpstream.address() as AddressInfo).port}`,
        NOTIFICATIONS_URL: `http://127.0.0.1:${(droppingUpstream.address() as AddressInfo).port}`,
      },
    });
  });

  afterAll(async () => {
    await stack?.stop();
    silentUpstream?.closeAllConnections();
    silentUpstream?.close();
    droppingUpstream?.close();
  });

  /** Every answer must also conform to the OpenAPI document (503, 504, 413 and 429 included). */
  const api = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(`${stack.gatewayUrl}${path}`, init);
    const method = init.method ?? 'GET';
    const [status, contentType] = [response.status, response.headers.get('content-type')];
    checkAnswer(stack.gatewayUrl, { method, url: path, status, contentType, body: await response.clone().text() });
    return response;
  };
  const postJson = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    api(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  it('proxies auth routes to the auth service', async () => {
    const { user, authHeader } = await stack.registerUser();
    const response = await api('/api/auth/me', { headers: authHeader });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      success: true,
      data: { user, twoFactor: { enabled: false, enabledAt: null, recoveryCodesRemaining: 0 } },
    });
    // A person's data stays out of caches, and no body is hashed for a validator nobody uses.
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('etag')).toBeNull();
  });

  it('sets security headers with a same-origin content security policy', async () => {
    const response = await api('/api/health');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(response.headers.get('x-powered-by')).toBeNull();
  });

  it('refuses protected API routes without a valid token before reaching a service', async () => {
    for (const headers of [{}, { authorization: 'Bearer not-a-jwt' }, { authorization: 'Basic abc' }]) {
      const response = await api('/api/contacts', { headers });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ success: false, error: 'Authentication required', code: 'UNAUTHORIZED' });
    }
  });

  // "Quickly" is read from the status, not a stopwatch: waiting for the upstream timeout answers 504.
  it('answers 503 when a service is unreachable, without waiting for the upstream timeout', async () => {
    const { authHeader } = await stack.registerUser();
    const response = await api('/api/notifications/settings', { headers: authHeader });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      success: false,
      error: 'Service temporarily unavailable',
      code: 'SERVICE_UNAVAILABLE',
    });
  });

  it('answers 504 after the configured timeout when a service is slow', async () => {
    const { authHeader } = await stack.registerUser();
    const started = Date.now();
    const response = await api('/api/contacts', { headers: authHeader });
    const elapsed = Date.now() - started;
    expect(response.status).toBe(504);
    expect(elapsed).toBeGreaterThanOrEqual(UPSTREAM_TIMEOUT_MS - 50);
    // Gave up rather than hung (the upstream never answers); the margin holds on a busy machine.
    expect(elapsed).toBeLessThan(UPSTREAM_TIMEOUT_MS + 10_000);
    expect(await response.json()).toMatchObject({ success: false, code: 'UPSTREAM_TIMEOUT' });
  });

  it('refuses malformed and oversized JSON bodies with the envelope', async () => {
    const malformed = await api('/api/auth/refresh', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"refreshToken":',
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ success: false, code: 'BAD_REQUEST' });

    const oversized = await postJson('/api/auth/refresh', { refreshToken: 'x'.repeat(4096) });
    expect(oversized.status).toBe(413);
    expect(await oversized.json()).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('lets import confirmations carry large JSON bodies through', async () => {
    // Bigger than JSON_BODY_LIMIT (2kb here): accepted by the gateway and forwarded (the stand-in
    // contacts upstream never answers, so the forwarded request ends in a 504, not a 413).
    const { authHeader } = await stack.registerUser();
    const contacts = Array.from({ length: 200 }, (_, i) => ({ firstName: `First${i}`, lastName: `Last${i}` }));
    const started = Date.now();
    const response = await postJson('/api/contacts/import/confirm', { contacts }, authHeader);
    expect(response.status).toBe(504);
    // The import confirm waits for its own, longer timeout (60 s by default), not the usual one.
    expect(Date.now() - started).toBeGreaterThanOrEqual(IMPORT_CONFIRM_TIMEOUT_MS - 50);
  });

  it('answers unknown API routes with a 404 envelope', async () => {
    const response = await api('/api/does-not-exist');
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('serves the runtime remote configuration', async () => {
    const response = await api('/app-config.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({
      remotes: {
        dashboard: '/mfe/dashboard/mf-manifest.json',
        contacts: '/mfe/contacts/mf-manifest.json',
        lists: '/mfe/lists/mf-manifest.json',
      },
    });
  });

  it('serves the shell for any page route (SPA fallback) but never for /api', async () => {
    const page = await api('/lists/some-id', { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('<div id="root">');
  });

  it('reports each part in /api/health and marks the stack degraded when one is down', async () => {
    const response = await api('/api/health');
    const report = await response.json();
    expect(response.status).toBe(503);
    expect(report.status).toBe('degraded');
    expect(report.checks.gateway).toEqual({ status: 'up', checks: { nats: { status: 'up' } } });
    expect(report.checks.auth).toEqual({
      status: 'up',
      checks: { database: { status: 'up' }, nats: { status: 'up' } },
    });
    expect(report.checks.notifications.status).toBe('down');
  });

  it('rate-limits login with a 429 envelope', async () => {
    const attempt = () => postJson('/api/auth/login', { email: 'nobody@example.test', password: 'wrong-password' });
    const statuses: number[] = [];
    for (let i = 0; i < RATE_LIMIT; i += 1) statuses.push((await attempt()).status);
    expect(statuses).toEqual(Array(RATE_LIMIT).fill(401));
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(limited.headers.get('ratelimit-policy')).toBeTruthy();
    expect(await limited.json()).toEqual({
      success: false,
      error: 'Too many requests, please try again later',
      code: 'RATE_LIMITED',
    });
  });

  it('rate-limits forgot-password and reset-password independently of login', async () => {
    for (const path of ['/api/auth/forgot-password', '/api/auth/reset-password']) {
      const statuses: number[] = [];
      for (let i = 0; i <= RATE_LIMIT; i += 1) {
        statuses.push(
          (await postJson(path, { email: 'nobody@example.test', token: 'x', password: 'whatever1' })).status,
        );
      }
      expect(statuses.slice(0, RATE_LIMIT)).not.toContain(429);
      expect(statuses[RATE_LIMIT]).toBe(429);
    }
  });

  it('answers 503 once the auth service is stopped, without waiting for the upstream timeout (that would be 504)', async () => {
    await stack.stopService('auth');
    const response = await api('/api/auth/me', { headers: { authorization: 'Bearer x' } });
    // The token is checked first; use a public route to reach the (stopped) service.
    expect(response.status).toBe(401);
    const refresh = await postJson('/api/auth/refresh', { refreshToken: 'whatever' });
    expect(refresh.status).toBe(503);
    expect(await refresh.json()).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' });
  });
});
