import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REQUEST_ID_HEADER } from '@kith/contracts';
import { call, eventually, sql, startTestStack, type TestStack } from '@kith/stack/testing';
import { SmtpSink } from './smtp-sink.js';
import { outboxSettled } from './support.js';

// Operations: one request id followed across gateway → service → NATS → service in
// JSON logs, no secret in any log line, and what each process's /metrics says.

const OPERATOR_EMAIL = 'observability-operator@example.test';
let stack: TestStack;
let smtp: SmtpSink;
/** Every process's whole output, as a log driver keeps it: the secrets scan reads all of it. */
const logDir = mkdtempSync(join(tmpdir(), 'kith-observability-logs-'));

beforeAll(async () => {
  smtp = await SmtpSink.start();
  stack = await startTestStack({
    logDir,
    env: {
      LOG_FORMAT: 'json',
      SMTP_URL: smtp.url,
      DAILY_REMINDER_CRON: '0 0 1 1 *',
      // The operator's button runs everyone's reminders, recorded as the day's run (the metric's source).
      KITH_OPERATORS: OPERATOR_EMAIL,
      OUTBOX_POLL_MS: '200',
    },
  });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await smtp?.down();
  rmSync(logDir, { recursive: true, force: true });
});

type LogLine = Record<string, unknown> & { msg?: string; requestId?: string };

/** The JSON lines a process of the stack has written (the launcher keeps its recent output). */
function logsOf(name: 'gateway' | 'auth' | 'contacts' | 'notifications'): LogLine[] {
  return stack.running
    .get(name)![0]
    .recentOutput()
    .split('\n')
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as LogLine];
      } catch {
        return [];
      }
    });
}

async function metricsText(url: string): Promise<string> {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/plain');
  return response.text();
}

/** The value of the first series named `name` whose labels include every `label="value"` given. */
function seriesValue(text: string, name: string, labels: Record<string, string>): number | undefined {
  const line = text
    .split('\n')
    .find(
      (candidate) =>
        candidate.startsWith(`${name}{`) &&
        Object.entries(labels).every(([key, value]) => candidate.includes(`${key}="${value}"`)),
    );
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('request ids and structured logs', () => {
  it('follows one user action from the gateway to notifications and over NATS to contacts', async () => {
    const user = await stack.registerUser();
    await call(stack.gatewayUrl, 'POST', '/api/contacts', {
      headers: user.authHeader,
      body: { firstName: 'Ada', lastName: 'Overdue' },
    });
    const requestId = `trace-${randomBytes(6).toString('hex')}`;
    const response = await fetch(`${stack.gatewayUrl}/api/notifications/test`, {
      method: 'POST',
      headers: { ...user.authHeader, [REQUEST_ID_HEADER]: requestId },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get(REQUEST_ID_HEADER)).toBe(requestId);

    const gatewayLine = await eventually(
      async () => logsOf('gateway').find((line) => line.requestId === requestId && line.msg === 'request completed'),
      { what: 'the gateway request line' },
    );
    expect(gatewayLine).toMatchObject({
      service: 'gateway',
      method: 'POST',
      route: '/api/notifications/test',
      status: 200,
    });
    expect(typeof gatewayLine.durationMs).toBe('number');

    // Each process writes its lines on its own pipe: the gateway's may arrive before the service's.
    const serviceLine = await eventually(
      async () =>
        logsOf('notifications').find((line) => line.requestId === requestId && line.msg === 'request completed'),
      { what: 'the notifications request line' },
    );
    expect(serviceLine).toMatchObject({ service: 'notifications', route: '/api/notifications/test', status: 200 });

    const natsLines = await eventually(
      async () => {
        const lines = logsOf('contacts').filter(
          (line) => line.requestId === requestId && line.msg === 'message handled',
        );
        return lines.length > 0 ? lines : undefined;
      },
      { what: 'the contacts lines of the NATS requests' },
    );
    expect(natsLines.length).toBeGreaterThan(0);
    expect(natsLines[0]).toMatchObject({ service: 'contacts', outcome: 'ok' });
    expect(String(natsLines[0].subject)).toMatch(/^contacts\./);
  });

  it('makes a new id when the incoming one is not acceptable, and returns it', async () => {
    const response = await fetch(`${stack.gatewayUrl}/api/health/live`, {
      headers: { [REQUEST_ID_HEADER]: 'not acceptable: has spaces' },
    });
    expect(response.headers.get(REQUEST_ID_HEADER)).toMatch(/^[0-9a-f-]{36}$/);
    const plain = await fetch(`${stack.gatewayUrl}/api/auth/me`);
    expect(plain.headers.get(REQUEST_ID_HEADER)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('never logs passwords, tokens, reset links or e-mail bodies', async () => {
    const password = `Pw-${randomBytes(8).toString('hex')}`;
    const user = await stack.registerUser({ password });
    const login = await call(stack.gatewayUrl, 'POST', '/api/auth/login', {
      body: { email: user.user.email, password },
    });
    expect(login.status).toBe(200);
    const { accessToken, refreshToken } = login.body.data.tokens as { accessToken: string; refreshToken: string };
    await call(stack.gatewayUrl, 'POST', '/api/auth/forgot-password', { body: { email: user.user.email } });
    const resetMail = await eventually(
      async () => smtp.messages.find((mail) => mail.to && JSON.stringify(mail.to).includes(user.user.email)),
      { what: 'the reset e-mail' },
    );
    const resetToken = /token=([\w-]+)/.exec(resetMail.text ?? '')?.[1];
    expect(resetToken).toBeTruthy();
    await outboxSettled(stack.databaseUrls.notifications);
    // Tokens that travel in a URL path: the calendar feed's, asked for by a calendar app.
    const session = { authorization: `Bearer ${accessToken}` };
    const feed = await call(stack.gatewayUrl, 'POST', '/api/calendar/feed', {
      headers: { ...session, ...(await stack.stepUpHeader({ authHeader: session, password })) },
    });
    expect(feed.status).toBeLessThan(300);
    const feedUrl = new URL(feed.body.data.url as string);
    const feedToken = feedUrl.pathname
      .split('/')
      .pop()!
      .replace(/\.ics$/, '');
    expect((await fetch(`${stack.gatewayUrl}${feedUrl.pathname}?search=private-term`)).status).toBe(200);
    await eventually(
      async () => logsOf('gateway').some((line) => line.route === '/api/calendar/:token' && line.status === 200),
      { what: 'the feed request line' },
    );

    // Every line each process wrote since it started, not only its recent ones.
    const everything = (['gateway', 'auth', 'contacts', 'notifications'] as const)
      .map((name) => readFileSync(join(logDir, `${name}-1.log`), 'utf8'))
      .join('\n');
    expect(everything).toContain('request completed');
    for (const secret of [password, accessToken, refreshToken, resetToken!, user.tokens.accessToken, feedToken]) {
      expect(everything).not.toContain(secret);
    }
    expect(everything).not.toContain((resetMail.text ?? '').trim().split('\n')[0]);
    expect(everything).not.toContain('private-term');
  });
});

describe('metrics', () => {
  it('are served by the gateway on its loopback metrics port, never on the public port', async () => {
    const user = await stack.registerUser();
    await call(stack.gatewayUrl, 'GET', '/api/contacts', { headers: user.authHeader });
    const text = await metricsText(stack.gatewayMetricsUrl);
    expect(
      seriesValue(text, 'kith_http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/contacts',
        status: '200',
        service: 'gateway',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(text).toContain('process_resident_memory_bytes');

    const publicAnswer = await fetch(`${stack.gatewayUrl}/metrics`);
    expect(await publicAnswer.text()).not.toContain('kith_http_request_duration_seconds');
  });

  it('cost only themselves when the metrics port is taken: the gateway still serves', async () => {
    const squatter = createServer();
    await new Promise<void>((resolve) => squatter.listen(0, '127.0.0.1', resolve));
    const takenPort = (squatter.address() as { port: number }).port;
    try {
      const second = await stack.startService('gateway', { replica: 2, env: { METRICS_PORT: String(takenPort) } });
      const live = await fetch(`${second.url}/api/health/live`);
      expect(live.status).toBe(200);
      expect(second.recentOutput()).toContain(`metrics listener on 127.0.0.1:${takenPort} failed`);
      await stack.stopService('gateway', { replica: 2 });
    } finally {
      squatter.close();
    }
  });

  it('show NATS requests, outbox depth and age, deliveries and the last daily run in notifications', async () => {
    const user = await stack.registerUser();
    await call(stack.gatewayUrl, 'POST', '/api/contacts', {
      headers: user.authHeader,
      body: { firstName: 'Grace', lastName: 'Overdue' },
    });
    expect((await call(stack.gatewayUrl, 'POST', '/api/notifications/test', { headers: user.authHeader })).status).toBe(
      200,
    );
    // A real daily run, started by the operator's button: the service records it, the metric reads that record.
    const operator = await stack.registerUser({ email: OPERATOR_EMAIL });
    const runStarted = Date.now() / 1000;
    expect(
      (await call(stack.gatewayUrl, 'POST', '/api/notifications/trigger-daily', { headers: operator.authHeader }))
        .status,
    ).toBe(200);
    const runs = await sql<{ finished: number }>(
      stack.databaseUrls.notifications,
      `SELECT extract(epoch FROM finished_at)::float AS finished FROM daily_runs WHERE trigger = 'MANUAL' AND status = 'SUCCEEDED'`,
    );
    expect(runs).toHaveLength(1);
    // The test reminder and the run's daily reminders delivered: nothing pending in the metrics.
    await outboxSettled(stack.databaseUrls.notifications);

    const text = await metricsText(`${stack.urls.notifications}/metrics`);
    expect(
      seriesValue(text, 'kith_nats_request_duration_seconds_count', { outcome: 'ok', service: 'notifications' }),
    ).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/kith_nats_request_duration_seconds_count\{[^}]*subject="contacts\./);
    expect(text).toContain('# TYPE kith_nats_request_timeouts_total counter');
    expect(seriesValue(text, 'kith_outbox_pending', { service: 'notifications' })).toBe(0);
    expect(seriesValue(text, 'kith_outbox_oldest_pending_age_seconds', { service: 'notifications' })).toBe(0);
    expect(seriesValue(text, 'kith_deliveries_total', { channel: 'email', outcome: 'SENT' })).toBeGreaterThanOrEqual(1);
    const lastRun = seriesValue(text, 'kith_daily_run_last_finished_timestamp_seconds', { status: 'SUCCEEDED' });
    expect(lastRun).toBeGreaterThanOrEqual(Math.floor(runStarted));
    expect(Math.abs(lastRun! - runs[0]!.finished)).toBeLessThan(1);
    expect(
      seriesValue(text, 'kith_http_request_duration_seconds_count', {
        route: '/api/notifications/test',
        status: '200',
      }),
    ).toBeGreaterThanOrEqual(1);
  });

  it('show a pending message and its age while the mail server is down', async () => {
    await smtp.down();
    try {
      const user = await stack.registerUser();
      await call(stack.gatewayUrl, 'POST', '/api/contacts', {
        headers: user.authHeader,
        body: { firstName: 'Alan', lastName: 'Waiting' },
      });
      await call(stack.gatewayUrl, 'POST', '/api/notifications/test', { headers: user.authHeader });
      const text = await eventually(
        async () => {
          const scraped = await metricsText(`${stack.urls.notifications}/metrics`);
          return (seriesValue(scraped, 'kith_outbox_pending', {}) ?? 0) >= 1 ? scraped : null;
        },
        { what: 'a pending message in the metrics' },
      );
      expect(seriesValue(text, 'kith_outbox_oldest_pending_age_seconds', {})).toBeGreaterThan(0);
    } finally {
      await smtp.up();
    }
  });

  it('show import sizes in contacts, and each service tells liveness from readiness', async () => {
    const user = await stack.registerUser();
    const form = new FormData();
    const card = (name: string) =>
      `BEGIN:VCARD\r\nVERSION:3.0\r\nN:${name};Test;;;\r\nFN:Test ${name}\r\nEND:VCARD\r\n`;
    form.append('vcfFile', new Blob([card('One') + card('Two') + card('Three')]), 'three.vcf');
    const parsed = await fetch(`${stack.gatewayUrl}/api/contacts/import/parse`, {
      method: 'POST',
      headers: user.authHeader,
      body: form,
    });
    expect(parsed.status).toBe(200);
    const text = await metricsText(`${stack.urls.contacts}/metrics`);
    expect(seriesValue(text, 'kith_import_cards_count', { step: 'parse', service: 'contacts' })).toBeGreaterThanOrEqual(
      1,
    );
    expect(seriesValue(text, 'kith_import_cards_sum', { step: 'parse' })).toBeGreaterThanOrEqual(3);
    expect(seriesValue(text, 'kith_import_file_bytes_count', {})).toBeGreaterThanOrEqual(1);

    for (const name of ['auth', 'contacts', 'notifications'] as const) {
      const live = await fetch(`${stack.urls[name]}/health/live`);
      expect(live.status).toBe(200);
      const ready = await fetch(`${stack.urls[name]}/health`);
      expect(ready.status).toBe(200);
      expect(((await ready.json()) as { checks: Record<string, unknown> }).checks).toHaveProperty('database');
    }
  });
});
