import http from 'node:http';
import { connect } from 'node:net';
import { ErrorMessage, type HealthReport, IMPORT_MAX_FILE_BYTES } from '@kith/contracts';
import { type RegisteredUser, startTestStack, type TestStack } from '@kith/stack/testing';

const MB = 1024 * 1024;

let stack: TestStack;
let user: RegisteredUser;

beforeAll(async () => {
  stack = await startTestStack();
  user = await stack.registerUser();
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

interface Upload {
  status: number | string;
  body: string;
  /** Bytes handed to the socket when the answer came (the client stops sending then). */
  sent: number;
}

/**
 * A multipart upload sent with Transfer-Encoding: chunked (no Content-Length), produced as it is
 * sent: `fields` text fields of `fieldBytes` each, then the vcfFile part of `fileBytes`.
 */
function chunkedUpload(
  baseUrl: string,
  { fileBytes, fields = 0, fieldBytes = MB }: { fileBytes: number; fields?: number; fieldBytes?: number },
): Promise<Upload> {
  const boundary = `kith${Date.now()}`;
  function* chunks() {
    for (let i = 0; i < fields; i++) {
      yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="note${i}"\r\n\r\n`);
      for (let written = 0; written < fieldBytes; written += 256 * 1024)
        yield Buffer.alloc(Math.min(256 * 1024, fieldBytes - written), 'f');
      yield Buffer.from('\r\n');
    }
    yield Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="vcfFile"; filename="contacts.vcf"\r\nContent-Type: text/vcard\r\n\r\n`,
    );
    const card = Buffer.from(
      `BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada Lovelace\r\nNOTE:${'x'.repeat(900)}\r\nEND:VCARD\r\n`,
    );
    for (let written = 0; written + card.length <= fileBytes; written += card.length) yield card;
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  return new Promise((resolve) => {
    let sent = 0;
    let settled = false;
    const request = http.request(`${baseUrl}/api/contacts/import/parse`, {
      method: 'POST',
      headers: {
        ...user.authHeader,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'transfer-encoding': 'chunked',
      },
    });
    const finish = (status: number | string, body: string) => {
      if (settled) return;
      settled = true;
      resolve({ status, body, sent });
      request.destroy();
    };
    request.on('response', (response) => {
      let body = '';
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => finish(response.statusCode!, body));
    });
    request.on('error', (error: NodeJS.ErrnoException) => finish(`connection ${error.code ?? error.message}`, ''));
    const body = chunks();
    // One chunk per turn of the event loop, as a network would deliver them: a Node client writing
    // flat out notices an early answer only late.
    const pump = () => {
      if (settled) return;
      const next = body.next();
      if (next.done) return void request.end();
      sent += next.value.length;
      if (request.write(next.value)) setImmediate(pump);
      else request.once('drain', () => setImmediate(pump));
    };
    pump();
  });
}

describe('body limits on the bytes actually received (chunked uploads)', () => {
  const targets = () => ({ gateway: stack.gatewayUrl, 'contacts port': stack.urls.contacts });

  it('refuses an 8 MB chunked upload with 413, through the gateway and at the contacts port', async () => {
    for (const [where, baseUrl] of Object.entries(targets())) {
      const answer = await chunkedUpload(baseUrl, { fileBytes: 8 * MB });
      expect({ where, status: answer.status }).toEqual({ where, status: 413 });
      expect(JSON.parse(answer.body)).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
    }
  });

  it('takes one file and nothing else: a field of size is refused at once, before the body is in', async () => {
    // 64 MB of text fields: the service used to hold them all in memory.
    const direct = await chunkedUpload(stack.urls.contacts, { fileBytes: 1000, fields: 64, fieldBytes: MB });
    expect(direct.status).toBe(400);
    expect(JSON.parse(direct.body)).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'vcfFile' }] });
    // Answered long before the 64 MB were sent (the client stops writing once answered).
    expect(direct.sent).toBeLessThan(32 * MB);
    // Through the gateway: the service's 400, or the gateway's own 413 if its cap came first.
    const proxied = await chunkedUpload(stack.gatewayUrl, { fileBytes: 1000, fields: 64, fieldBytes: MB });
    expect([400, 413]).toContain(proxied.status);
    expect(proxied.sent).toBeLessThan(32 * MB);
    const small = await chunkedUpload(stack.gatewayUrl, { fileBytes: 1000, fields: 1, fieldBytes: 10 });
    expect(small.status).toBe(400);
  });

  it('still reads a file within the limit sent chunked', async () => {
    for (const [where, baseUrl] of Object.entries(targets())) {
      const answer = await chunkedUpload(baseUrl, { fileBytes: IMPORT_MAX_FILE_BYTES - 64 * 1024 });
      expect({ where, status: answer.status }).toEqual({ where, status: 200 });
      expect(JSON.parse(answer.body).data.totalParsed).toBeGreaterThan(4000);
    }
  });
});

describe('no framework fingerprints', () => {
  const pages = () => [
    { url: `${stack.gatewayUrl}/api/health` },
    { url: `${stack.gatewayUrl}/api/auth/me`, headers: user.authHeader },
    { url: `${stack.gatewayUrl}/api/contacts`, headers: user.authHeader },
    { url: `${stack.gatewayUrl}/api/notifications/settings`, headers: user.authHeader },
    { url: `${stack.gatewayUrl}/api/contacts/not-an-id`, headers: user.authHeader },
    { url: `${stack.gatewayUrl}/api/lists`, method: 'POST', headers: user.authHeader },
    { url: `${stack.gatewayUrl}/api/auth/login`, method: 'POST' },
    { url: `${stack.gatewayUrl}/api/does-not-exist` },
    { url: `${stack.gatewayUrl}/dav/` },
    { url: `${stack.gatewayUrl}/mfe/contacts/nope.js` },
    { url: `${stack.gatewayUrl}/mfe/contacts/%` },
    { url: `${stack.gatewayUrl}/no-such-page`, method: 'POST' },
    { url: `${stack.urls.auth}/api/auth/me`, headers: user.authHeader },
    { url: `${stack.urls.auth}/api/auth/login`, method: 'POST' },
    { url: `${stack.urls.contacts}/api/contacts`, headers: user.authHeader },
    { url: `${stack.urls.contacts}/api/nothing-here`, headers: user.authHeader },
    { url: `${stack.urls.notifications}/api/notifications/settings`, headers: user.authHeader },
    { url: `${stack.urls.notifications}/health` },
  ];

  it('sends no X-Powered-By and no Express error page, from the gateway, proxied or not, or a service', async () => {
    for (const { url, method = 'GET', headers = {} } of pages()) {
      const response = await fetch(url, { method, headers });
      const body = await response.text();
      expect({ url, method, poweredBy: response.headers.get('x-powered-by') }).toEqual({
        url,
        method,
        poweredBy: null,
      });
      expect({ url, method, expressPage: /<title>Error<\/title>|Cannot (GET|POST)/.test(body) }).toEqual({
        url,
        method,
        expressPage: false,
      });
    }
  });
});

describe('the gateway is the only public entry', () => {
  /** 'open', or the error code of connecting to `port` on another local address than 127.0.0.1. */
  const reach = (port: number) =>
    new Promise<string>((resolve) => {
      const socket = connect({ host: '127.0.0.2', port });
      socket.once('connect', () => {
        socket.destroy();
        resolve('open');
      });
      socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    });

  it('services listen on loopback only by default, the gateway on every interface', async () => {
    expect(await reach(stack.ports.gateway!)).toBe('open');
    for (const name of ['auth', 'contacts', 'notifications'])
      expect({ name, reached: await reach(stack.ports[name]!) }).toEqual({ name, reached: 'ECONNREFUSED' });
  });
});

describe('errors say what people need and no more', () => {
  it('a body that is not JSON is a 400 about the body, at the gateway and at a service', async () => {
    for (const baseUrl of [stack.gatewayUrl, stack.urls.auth]) {
      const response = await fetch(`${baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"email":',
      });
      expect(response.status).toBe(400);
      const body = (await response.json()) as { error: string };
      expect(body).toMatchObject({ success: false, code: 'BAD_REQUEST' });
      expect(body.error).toMatch(/JSON/);
      expect(body.error).not.toMatch(/\bat \S+ \(|node_modules|\.js:\d+/);
    }
  });

  it("answers an unknown route with 'Not found', not the framework's 'Cannot GET /path'", async () => {
    for (const url of [`${stack.gatewayUrl}/api/does-not-exist`, `${stack.urls.contacts}/api/does-not-exist`]) {
      const response = await fetch(url, { headers: user.authHeader });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ success: false, error: 'Not found', code: 'NOT_FOUND' });
    }
  });

  it("names no internal subject when a service's peer is down, and /api/health gives no reasons", async () => {
    await stack.stopService('contacts');
    // Both ask the (stopped) contacts service over NATS.
    for (const [method, path] of [
      ['GET', '/api/notifications/upcoming'],
      ['POST', '/api/notifications/test'],
    ] as const) {
      const response = await fetch(`${stack.gatewayUrl}${path}`, { method, headers: user.authHeader });
      const text = await response.text();
      expect({ path, status: response.status }).toEqual({ path, status: 503 });
      expect(JSON.parse(text)).toEqual({
        success: false,
        error: ErrorMessage.SERVICE_UNAVAILABLE,
        code: 'SERVICE_UNAVAILABLE',
      });
      expect(text).not.toMatch(/contacts\.|subscribers|nats|Error:|\bat \S+ \(/i);
    }
    const health = await fetch(`${stack.gatewayUrl}/api/health`);
    const report = (await health.json()) as HealthReport;
    expect(health.status).toBe(503);
    expect(report.checks.contacts).toEqual({ status: 'down' });
    expect(JSON.stringify(report)).not.toContain('detail');
  });
});
