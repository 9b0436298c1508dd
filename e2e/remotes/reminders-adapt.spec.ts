import { expect, test, type Page } from '@playwright/test';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ErrorMessage } from '@kith/contracts';
import { expectNoA11yViolations } from '../support/a11y.js';
import { snap } from '../support/screens.js';
import { MAILDEV_URL, apiAs, daysAgo, openAs, registerUser } from './support.js';

interface SeededContact {
  _id: string;
  firstName: string;
  lastName: string;
  lastContactDate: string | null;
  isOverdue: boolean;
  snoozedUntil: string | null;
}

const card = (page: Page, name: string) => page.getByTestId('contact-card').filter({ hasText: name });

test('snooze a contact from its card menu: still overdue, shown as snoozed, and stopped again', async ({
  page,
  request,
}) => {
  const user = await registerUser(request, 'Snoozer');
  const api = apiAs(request, user);
  const contact = await api.post<SeededContact>('/contacts', { firstName: 'Olga', lastName: 'Away' });

  await openAs(page, user, '/contacts');
  await page.getByRole('button', { name: 'Snooze Olga Away' }).click();
  const menu = page.getByRole('menu', { name: 'Snooze Olga Away' });
  await expect(menu.getByRole('menuitem')).toHaveText(['Snooze for 1 day', 'Snooze for 1 week', 'Snooze for 1 month']);
  await snap(page, 'snooze-menu', { fullPage: false });
  await menu.getByRole('menuitem', { name: 'Snooze for 1 week' }).click();

  const inAWeek = new Date(Date.now() + 7 * 86_400_000).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  await expect(card(page, 'Olga Away').getByText(`Snoozed until ${inAWeek}`)).toBeVisible();
  // A snoozed contact is still overdue by the spec's rule, and shown as such.
  await expect(card(page, 'Olga Away').getByText('Never contacted')).toBeVisible();
  const saved = await api.get<SeededContact>(`/contacts/${contact._id}`);
  expect(saved.isOverdue).toBe(true);
  expect(Date.parse(saved.snoozedUntil!) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);

  await page.goto('/contacts?filter=overdue');
  await expect(card(page, 'Olga Away').getByText(`Snoozed until ${inAWeek}`)).toBeVisible();
  await snap(page, 'snoozed-card');

  await page.getByRole('button', { name: 'Snooze Olga Away' }).click();
  await page.getByRole('menuitem', { name: 'Stop snoozing' }).click();
  await expect(card(page, 'Olga Away').getByText(/Snoozed until/)).toHaveCount(0);
  expect((await api.get<SeededContact>(`/contacts/${contact._id}`)).snoozedUntil).toBeNull();
});

test('snooze from the contact page: the same menu, the snoozed label, and Stop snoozing', async ({ page, request }) => {
  const user = await registerUser(request, 'PageSnoozer');
  const api = apiAs(request, user);
  const contact = await api.post<SeededContact>('/contacts', { firstName: 'Petra', lastName: 'Paged' });

  await openAs(page, user, `/contacts/${contact._id}`);
  // The first visit loads the shell and the contacts remote: slow on a busy machine.
  await expect(page.getByRole('heading', { level: 1, name: 'Petra Paged' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Snooze Petra Paged' }).click();
  const menu = page.getByRole('menu', { name: 'Snooze Petra Paged' });
  await expect(menu.getByRole('menuitem')).toHaveText(['Snooze for 1 day', 'Snooze for 1 week', 'Snooze for 1 month']);
  await snap(page, 'contact-page-snooze-menu', { fullPage: false });
  await menu.getByRole('menuitem', { name: 'Snooze for 1 month' }).click();

  await expect.poll(async () => (await api.get<SeededContact>(`/contacts/${contact._id}`)).snoozedUntil).not.toBeNull();
  const until = (await api.get<SeededContact>(`/contacts/${contact._id}`)).snoozedUntil!;
  const label = `Snoozed until ${new Date(until).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })}`;
  await expect(page.locator('article header').getByText(label)).toBeVisible();
  expect(Date.parse(until) - Date.now()).toBeGreaterThan(27 * 86_400_000);

  await page.getByRole('button', { name: 'Snooze Petra Paged' }).click();
  await page.getByRole('menuitem', { name: 'Stop snoozing' }).click();
  await expect(page.locator('article header').getByText(/Snoozed until/)).toHaveCount(0);
  await expect.poll(async () => (await api.get<SeededContact>(`/contacts/${contact._id}`)).snoozedUntil).toBeNull();
});

test('the dashboard shows who is coming up this week, with Log Contact on each', async ({ page, request }) => {
  const user = await registerUser(request, 'Planner');
  const api = apiAs(request, user);
  await api.post('/contacts', {
    firstName: 'Dana',
    lastName: 'Soon',
    customReminderDays: 30,
    lastContactDate: daysAgo(28),
  });
  await api.post('/contacts', {
    firstName: 'Far',
    lastName: 'Future',
    customReminderDays: 30,
    lastContactDate: daysAgo(5),
  });
  const scheduled = await api.post<SeededContact>('/contacts', {
    firstName: 'Sam',
    lastName: 'Scheduled',
    lastContactDate: daysAgo(2),
  });
  await api.post(`/contacts/${scheduled._id}/schedule-reminder`, {
    reminderDate: new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10),
    notes: 'Ask about the move',
  });

  await openAs(page, user, '/dashboard');
  const panel = page.getByTestId('coming-up');
  await expect(panel.getByRole('heading', { name: 'Coming up this week' })).toBeVisible();
  const rows = panel.getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Sam Scheduled');
  await expect(rows.nth(0)).toContainText('Ask about the move');
  await expect(rows.nth(1)).toContainText('Dana Soon');
  await expect(rows.nth(1)).toContainText('Due in 3 days');
  await expect(panel).not.toContainText('Far Future');
  await snap(page, 'dashboard-coming-up');

  await panel.getByRole('button', { name: 'Log Contact with Dana Soon' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log Contact with Dana Soon' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: /Log Contact/ }).click();
  await expect(page.getByText('Contact logged successfully')).toBeVisible();
  // Logged today, Dana is no longer due this week.
  await expect(rows).toHaveCount(1);
  await expect(panel).not.toContainText('Dana Soon');
});

const VCARD = ['Ines Import', 'Jon Import']
  .map(
    (name) =>
      `BEGIN:VCARD\r\nVERSION:3.0\r\nFN:${name}\r\nN:${name.split(' ')[1]};${name.split(' ')[0]};;;\r\nEND:VCARD\r\n`,
  )
  .join('');

test("the import dialog can start the imported cards' reminder timers today", async ({ page, request }) => {
  const user = await registerUser(request, 'Importer');
  const api = apiAs(request, user);
  await openAs(page, user, '/contacts');

  await page.getByRole('button', { name: 'Import Contacts' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Contacts' });
  await dialog
    .getByLabel('vCard file')
    .setInputFiles({ name: 'people.vcf', mimeType: 'text/vcard', buffer: Buffer.from(VCARD) });
  await expect(page.getByText('Parsed 2 valid contacts')).toBeVisible();
  const option = dialog.getByRole('radio', { name: /Start their reminder timers today/ });
  await expect(option).not.toBeChecked();
  // A few cards: the preview proposes the spec's rule (never contacted, overdue).
  await expect(dialog.getByRole('radio', { name: /As their history says/ })).toBeChecked();
  await option.check();
  await snap(page, 'import-start-timers', { fullPage: false });
  const importedAt = Date.now();
  await dialog.getByRole('button', { name: 'Import 2 Contacts' }).click();
  await expect(page.getByText('Successfully imported 2 contacts')).toBeVisible();

  const contacts = await api.get<{ items: SeededContact[] }>('/contacts?limit=10');
  expect(contacts.items).toHaveLength(2);
  for (const contact of contacts.items) {
    expect(contact.isOverdue).toBe(false);
    expect(Math.abs(Date.parse(contact.lastContactDate!) - importedAt)).toBeLessThan(60_000);
  }
  await expect(card(page, 'Ines Import').getByText('Last contact: today')).toBeVisible();

  // Reopened, the dialog starts without the option: a plain import stays never contacted (overdue).
  await page.getByRole('button', { name: 'Import Contacts' }).click();
  await dialog.getByLabel('vCard file').setInputFiles({
    name: 'more.vcf',
    mimeType: 'text/vcard',
    buffer: Buffer.from(VCARD.replaceAll('Import', 'Plain')),
  });
  await expect(dialog.getByRole('radio', { name: /Start their reminder timers today/ })).not.toBeChecked();
  await dialog.getByRole('button', { name: 'Import 2 Contacts' }).click();
  // The first import's toast may still show: wait for this import's dialog to close instead.
  await expect(dialog).toBeHidden();
  await expect(card(page, 'Ines Plain')).toBeVisible();
  const overdue = await api.get<{ items: SeededContact[] }>('/contacts/overdue');
  expect(overdue.items.map((contact) => contact.lastName).sort()).toEqual(['Plain', 'Plain']);
});

interface CaughtEmail {
  subject: string;
  text: string;
  to: { address: string }[];
}

async function emailsTo(address: string): Promise<CaughtEmail[]> {
  const response = await fetch(`${MAILDEV_URL}/api/email`);
  const emails = (await response.json()) as CaughtEmail[];
  return emails.filter((email) => email.to.some((recipient) => recipient.address.toLowerCase() === address));
}

test('a link from a reminder e-mail opens a confirm page, signed out, that acts once', async ({ browser, request }) => {
  expect(MAILDEV_URL, 'MAILDEV_URL (the mail catcher npm test starts) must be set').toBeTruthy();
  const user = await registerUser(request, 'Linked');
  const api = apiAs(request, user);
  const contact = await api.post<SeededContact>('/contacts', { firstName: 'Mira', lastName: 'Mailed' });
  await api.post('/notifications/test');
  await expect.poll(async () => (await emailsTo(user.email)).length, { timeout: 30_000 }).toBe(1);
  const [mail] = await emailsTo(user.email);
  const link = /Mark as contacted: (\S+)/.exec(mail!.text)![1]!;

  // A fresh browser with no session, as when the e-mail is opened on another device.
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(new URL(link).pathname);
  await expect(page.getByRole('heading', { name: 'Mark Mira Mailed as contacted?' })).toBeVisible();
  await expect(page).toHaveTitle('Reminder · Kith');
  await expectNoA11yViolations(page, 'email action: confirm');
  await snap(page, 'email-action-confirm');
  expect((await api.get<SeededContact>(`/contacts/${contact._id}`)).lastContactDate).toBeNull();

  await page.getByRole('button', { name: 'Mark as contacted' }).click();
  await expect(page.getByText('Mira Mailed is marked as contacted.')).toBeVisible();
  await expectNoA11yViolations(page, 'email action: done');
  expect((await api.get<SeededContact>(`/contacts/${contact._id}`)).isOverdue).toBe(false);

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Link already used' })).toBeVisible();
  await expect(page.getByText('This link has already been used. Open Kith to see your reminders.')).toBeVisible();
  await expectNoA11yViolations(page, 'email action: used');
  await snap(page, 'email-action-used');

  // Expiry takes 7 days: the server's own answer for this link, with only its state changed to
  // the one it gives a week later, shows the expired page.
  await page.route('**/api/notifications/actions/*', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: { state: string } };
    await route.fulfill({ response, json: { ...body, data: { ...body.data, state: 'expired' } } });
  });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Link expired' })).toBeVisible();
  await expect(page.getByText(ErrorMessage.EMAIL_LINK_EXPIRED)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark as contacted' })).toHaveCount(0);
  await expectNoA11yViolations(page, 'email action: expired');
  await context.close();
});

test('Settings has a working Pause reminder e-mails switch beside the read-only values', async ({ page, request }) => {
  const user = await registerUser(request, 'Pauser');
  await openAs(page, user, '/settings');
  const pause = page.getByRole('switch', { name: 'Pause reminder e-mails' });
  await expect(pause).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByRole('switch', { name: 'Push notifications' })).toBeDisabled();
  await pause.click();
  await expect(pause).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByText('Reminder e-mails paused')).toBeVisible();
  expect(
    (await apiAs(request, user).get<{ remindersPaused: boolean }>('/notifications/settings')).remindersPaused,
  ).toBe(true);
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Pause reminder e-mails' })).toHaveAttribute('aria-checked', 'true');

  // The webhook channel refuses anything but http(s), naming the field.
  await expect(page.getByText('Nothing sent yet.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send test' })).toBeDisabled();
  await page.getByLabel('Webhook URL').fill('ftp://example.com/hook');
  await page.getByLabel('Format').selectOption('ntfy');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(/url must be an http\(s\) URL/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send test' })).toBeDisabled();
  await snap(page, 'settings-pause');
});

interface SinkRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver on this machine that answers each POST with the next status of `statuses` (then 204). */
async function startSink(statuses: number[]) {
  const received: SinkRequest[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      response.statusCode = statuses.shift() ?? 204;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/kith-hook`,
    received,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

interface Delivery {
  status: 'DELIVERED' | 'RETRYING' | 'FAILED';
  attempt: number;
  httpStatus: number | null;
}

test("the webhook's Send test reaches a local sink; a refused delivery is retried, and Settings logs each attempt", async ({
  page,
  request,
}) => {
  // The outbox retries a failed delivery after its backoff (30 s by default, as in production).
  test.slow();
  const sink = await startSink([500]);
  try {
    const user = await registerUser(request, 'Hooked');
    const api = apiAs(request, user);
    await api.post('/contacts', { firstName: 'Nora', lastName: 'Notified' });

    await openAs(page, user, '/settings');
    await expect(page.getByText('Nothing sent yet.')).toBeVisible();
    await page.getByLabel('Webhook URL').fill(sink.url);
    await page.getByLabel('Format').selectOption('json');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Webhook saved')).toBeVisible();
    expect(await api.get('/notifications/webhook')).toEqual({ url: sink.url, format: 'json' });

    // The first answer is a 500: the UI says so and that Kith will retry.
    await page.getByRole('button', { name: 'Send test' }).click();
    await expect(
      page.getByText(`${sink.url} did not accept the test (HTTP 500); Kith will retry with backoff.`),
    ).toBeVisible();
    expect(sink.received).toHaveLength(1);
    const [first] = sink.received;
    expect(first).toMatchObject({ method: 'POST', path: '/kith-hook' });
    expect(first!.headers['content-type']).toBe('application/json');
    const digest = JSON.parse(first!.body) as {
      event: string;
      totalOverdue: number;
      contacts: { name: string; lastContactDate: string | null }[];
    };
    expect(digest).toMatchObject({
      event: 'webhook-test',
      totalOverdue: 1,
      contacts: [{ name: 'Nora Notified', lastContactDate: null }],
    });
    const log = page.getByRole('list', { name: 'Recent deliveries' }).getByRole('listitem');
    await expect(log).toHaveCount(1);
    await expect(log.first()).toContainText('attempt 1 · HTTP 500');
    await expect(log.first()).toContainText('RETRYING 500');

    // The outbox tries again after its backoff; this time the sink accepts the same digest.
    await expect.poll(() => sink.received.length, { timeout: 90_000, intervals: [1_000] }).toBe(2);
    expect(JSON.parse(sink.received[1]!.body)).toMatchObject({
      event: 'webhook-test',
      contacts: [{ name: 'Nora Notified' }],
    });
    await expect
      .poll(async () => (await api.get<{ items: Delivery[] }>('/notifications/deliveries')).items.length)
      .toBe(2);
    await page.reload();
    await expect(log).toHaveCount(2);
    await expect(log.nth(0)).toContainText('attempt 2');
    await expect(log.nth(0)).toContainText('DELIVERED 204');
    await expect(log.nth(1)).toContainText('RETRYING 500');
    await snap(page, 'settings-webhook-deliveries');
  } finally {
    await sink.close();
  }
});
