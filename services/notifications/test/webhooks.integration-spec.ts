import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { call, eventually, sleep, sql, startTestStack, type TestStack } from '@kith/stack/testing';
import { SmtpSink } from './smtp-sink.js';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  answered: number;
}

/** A local HTTP server standing in for a webhook / ntfy endpoint; it answers with the statuses it is told, then 200. */
class HttpSink {
  readonly received: Received[] = [];
  private readonly statuses: number[] = [];
  private readonly server: Server;

  private constructor() {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const answered = this.statuses.shift() ?? 200;
        this.received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), answered });
        response.writeHead(answered).end();
      });
    });
  }

  static async start(): Promise<HttpSink> {
    const sink = new HttpSink();
    const server = sink.server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return sink;
  }

  url(path: string): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}${path}`;
  }

  failNext(...statuses: number[]): void {
    this.statuses.push(...statuses);
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

let stack: TestStack;
let smtp: SmtpSink;
let hooks: HttpSink;
const api = (method: string, path: string, options?: Parameters<typeof call>[3]) =>
  call(stack.gatewayUrl, method, path, options);

beforeAll(async () => {
  smtp = await SmtpSink.start();
  hooks = await HttpSink.start();
  stack = await startTestStack({
    services: ['auth', 'contacts', 'notifications', 'gateway'],
    env: {
      SMTP_URL: smtp.url,
      DAILY_REMINDER_CRON: '0 0 1 1 *',
      ALLOW_PRIVATE_WEBHOOKS: 'true',
      OUTBOX_POLL_MS: '200',
      OUTBOX_BACKOFF_BASE_MS: '300',
      OUTBOX_BACKOFF_MAX_MS: '600',
    },
  });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await smtp?.down();
  await hooks?.stop();
});

type Registered = Awaited<ReturnType<TestStack['registerUser']>>;

async function userWithOverdue(name: string): Promise<Registered> {
  const user = await stack.registerUser();
  const created = await api('POST', '/api/contacts', {
    headers: user.authHeader,
    body: { firstName: name, lastName: 'Hooked' },
  });
  expect(created.status).toBe(201);
  return user;
}

describe('webhook channel', () => {
  it('delivers a test through the outbox, retrying with backoff after a failure, and logs every attempt', async () => {
    const user = await userWithOverdue('Wendy');
    const url = hooks.url(`/hooks/${user.user._id}`);
    const saved = await api('PUT', '/api/notifications/webhook', {
      headers: user.authHeader,
      body: { url, format: 'json' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual({ url, format: 'json' });

    const before = hooks.received.length;
    hooks.failNext(500);
    const test = await api('POST', '/api/notifications/webhook/test', { headers: user.authHeader });
    expect(test.status).toBe(200);
    expect(test.body.data.message).toContain('did not accept the test (HTTP 500)');

    const attempts = await eventually(
      async () => {
        const mine = hooks.received.slice(before);
        return mine.length >= 2 ? mine : null;
      },
      { what: 'the retried webhook' },
    );
    expect(attempts.map((attempt) => attempt.answered)).toEqual([500, 200]);
    const payload = JSON.parse(attempts[1]!.body);
    expect(attempts[1]!.headers['content-type']).toBe('application/json');
    expect(payload).toMatchObject({
      event: 'webhook-test',
      totalOverdue: 1,
      contacts: [expect.objectContaining({ name: 'Wendy Hooked', daysOverdue: null })],
    });

    const log = await eventually(
      async () => {
        const answer = await api('GET', '/api/notifications/deliveries', { headers: user.authHeader });
        return answer.body.data.items.length >= 2 ? answer.body.data.items : null;
      },
      { what: 'the delivery log' },
    );
    expect(
      log.map((entry: { status: string; attempt: number; httpStatus: number }) => [
        entry.status,
        entry.attempt,
        entry.httpStatus,
      ]),
    ).toEqual([
      ['DELIVERED', 2, 200],
      ['RETRYING', 1, 500],
    ]);
  });

  it('sends the daily run and the test reminder to the webhook as well as by e-mail, as an ntfy message', async () => {
    const user = await userWithOverdue('Nora');
    const url = hooks.url(`/ntfy/${user.user._id}`);
    await api('PUT', '/api/notifications/webhook', { headers: user.authHeader, body: { url, format: 'ntfy' } });
    const before = hooks.received.length;

    expect((await api('POST', '/api/notifications/trigger-daily', { headers: user.authHeader })).status).toBe(200);
    await smtp.waitFor(user.user.email);
    const daily = await eventually(
      async () => hooks.received.slice(before).find((entry) => entry.body.includes('Nora Hooked')) ?? null,
      { what: 'the daily webhook' },
    );
    expect(daily.headers.title).toBe('Kith: 1 contact needs attention');
    expect(daily.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(daily.headers.click).toBe(`${stack.env.APP_URL}/contacts?filter=overdue`);
    expect(daily.body).toBe('Nora Hooked: Never contacted');

    // Once per user and day, on this channel too.
    await api('POST', '/api/notifications/trigger-daily', { headers: user.authHeader });
    const rows = await sql<{ count: number }>(
      stack.databaseUrls.notifications,
      `SELECT count(*)::int AS count FROM outbox WHERE user_id = $1 AND channel = 'WEBHOOK'`,
      [user.user._id],
    );
    expect(rows[0]!.count).toBe(1);

    await api('POST', '/api/notifications/test', { headers: user.authHeader });
    await eventually(
      async () =>
        hooks.received.slice(before).filter((entry) => entry.body.includes('Nora Hooked')).length >= 2 ? true : null,
      { what: 'the test reminder webhook' },
    );
  });

  it('turns off with a null url, and refuses bad input naming the field', async () => {
    const user = await stack.registerUser();
    for (const body of [
      { url: 'ftp://example.com/x', format: 'json' },
      { url: 'not a url' },
      { url: 'https://example.com/x', format: 'xml' },
      {},
    ]) {
      const answer = await api('PUT', '/api/notifications/webhook', { headers: user.authHeader, body });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatch(/url|format/);
    }
    await api('PUT', '/api/notifications/webhook', {
      headers: user.authHeader,
      body: { url: hooks.url('/off'), format: 'json' },
    });
    const off = await api('PUT', '/api/notifications/webhook', { headers: user.authHeader, body: { url: null } });
    expect(off.body.data.url).toBeNull();
    expect((await api('GET', '/api/notifications/webhook', { headers: user.authHeader })).body.data.url).toBeNull();
    expect((await api('POST', '/api/notifications/webhook/test', { headers: user.authHeader })).status).toBe(400);
  });

  it('refuses a private-network target at delivery time too, by address or by a name resolving to one', async () => {
    // Saved where private targets are allowed (replica 1), delivered by a replica that refuses them:
    // the guard in the transport, not only the check at save time, keeps the request from leaving.
    const strict = await stack.startService('notifications', { replica: 3, env: { ALLOW_PRIVATE_WEBHOOKS: 'false' } });
    try {
      for (const host of ['127.0.0.1', 'localhost']) {
        const user = await userWithOverdue('Mallory');
        const url = hooks.url(`/private/${user.user._id}`).replace('127.0.0.1', host);
        const saved = await call(stack.urls.notifications, 'PUT', '/api/notifications/webhook', {
          headers: user.authHeader,
          body: { url, format: 'json' },
        });
        expect([host, saved.status]).toEqual([host, 200]);
        const before = hooks.received.length;
        const test = await call(strict.url, 'POST', '/api/notifications/webhook/test', { headers: user.authHeader });
        expect([host, test.status]).toEqual([host, 200]);
        expect(test.body.data.message).toContain('private-network');
        const [last] = (await call(strict.url, 'GET', '/api/notifications/deliveries', { headers: user.authHeader }))
          .body.data.items;
        // Refused for good (FAILED, not RETRYING), so no replica tries it again later.
        expect([host, last.status, last.httpStatus]).toEqual([host, 'FAILED', null]);
        expect(last.error).toContain('private-network');
        await sleep(500);
        expect(hooks.received.length).toBe(before);
      }
    } finally {
      await stack.stopService('notifications', { replica: 3 });
    }
  });

  it('refuses private-network targets unless the operator allows them', async () => {
    const strict = await stack.startService('notifications', { replica: 3, env: { ALLOW_PRIVATE_WEBHOOKS: 'false' } });
    try {
      const user = await stack.registerUser();
      for (const url of [
        'http://127.0.0.1:9/x',
        'http://localhost/x',
        'http://[::1]/x',
        'http://169.254.169.254/latest',
        'http://10.0.0.8/x',
      ]) {
        const answer = await call(strict.url, 'PUT', '/api/notifications/webhook', {
          headers: user.authHeader,
          body: { url, format: 'json' },
        });
        expect([url, answer.status]).toEqual([url, 400]);
        expect(answer.body.error).toContain('private-network');
      }
    } finally {
      await stack.stopService('notifications', { replica: 3 });
    }
  });
});
