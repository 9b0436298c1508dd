/**
 * A Kith without a mail server (no SMTP_URL): it starts, says so in /health and /api/health
 * (healthy all the same), answers a test e-mail with a clear 409, and sends nothing — mail that
 * would have gone is recorded as not sent, its body erased, and never tried again.
 */
import { ErrorCode, ErrorMessage } from '@kith/contracts';
import { call, sleep, sql, startTestStack, type TestStack } from '@kith/stack/testing';
import { outboxSettled } from './support.js';

let stack: TestStack;
let user: Awaited<ReturnType<TestStack['registerUser']>>;
const api = (method: string, path: string, options?: Parameters<typeof call>[3]) =>
  call(stack.gatewayUrl, method, path, options);

beforeAll(async () => {
  stack = await startTestStack({
    services: ['auth', 'contacts', 'notifications', 'gateway'],
    env: { SMTP_URL: '', OUTBOX_POLL_MS: '200', DAILY_REMINDER_CRON: '0 0 1 1 *' },
  });
  // The instance's first account (the one that may run the daily reminders for everyone).
  user = await stack.registerUser();
}, 120_000);
afterAll(() => stack?.stop());

it('starts without SMTP_URL and reports e-mail as not configured, still healthy', async () => {
  const service = await fetch(`${stack.urls.notifications}/health`);
  expect(service.status).toBe(200);
  expect((await service.json()).checks.email).toEqual({ status: 'not configured' });
  const whole = await api('GET', '/api/health');
  expect(whole.status).toBe(200);
  expect(whole.body.checks.notifications.checks.email).toEqual({ status: 'not configured' });
});

it('answers a test e-mail with 409 EMAIL_NOT_CONFIGURED', async () => {
  const answer = await api('POST', '/api/notifications/test', { headers: user.authHeader });
  expect(answer.status).toBe(409);
  expect(answer.body).toMatchObject({
    success: false,
    code: ErrorCode.EMAIL_NOT_CONFIGURED,
    error: ErrorMessage.EMAIL_NOT_CONFIGURED,
  });
});

it('records a reset mail and daily reminders as not sent, bodies erased, never retried', async () => {
  // Overdue (never contacted), so the daily run has a reminder for this user.
  expect(
    (await api('POST', '/api/contacts', { headers: user.authHeader, body: { firstName: 'Due', lastName: 'Now' } }))
      .status,
  ).toBe(201);
  expect((await api('POST', '/api/auth/forgot-password', { body: { email: user.user.email } })).status).toBe(200);
  const run = await api('POST', '/api/notifications/trigger-daily', { headers: user.authHeader });
  expect(run.status).toBe(200);
  await outboxSettled(stack.databaseUrls.notifications);
  // Several poll intervals later nothing has been tried again.
  await sleep(1_000);
  const rows = await sql<{
    kind: string;
    status: string;
    attempts: number;
    last_error: string;
    html: string | null;
    text: string | null;
  }>(
    stack.databaseUrls.notifications,
    `SELECT kind, status, attempts, last_error, html, text FROM outbox WHERE user_id = $1 AND channel = 'EMAIL' ORDER BY kind`,
    [user.user._id],
  );
  expect(rows.map((row) => row.kind)).toEqual(['DAILY_REMINDER', 'PASSWORD_RESET']);
  for (const row of rows) {
    expect(row).toMatchObject({ status: 'FAILED', attempts: 1, html: null, text: null });
    expect(row.last_error).toMatch(/E-mail is not configured \(SMTP_URL is not set\)/);
  }
});
