import { expect, test } from '@playwright/test';
import { MAILDEV_URL, apiAs, openAs, registerUser } from './support.js';

interface CaughtEmail {
  subject: string;
  to: { address: string }[];
}

async function emailsTo(address: string): Promise<CaughtEmail[]> {
  // maildev 3 answers under /api/email; older builds under /email.
  for (const path of ['/api/email', '/email']) {
    const response = await fetch(`${MAILDEV_URL}${path}`).catch(() => null);
    if (!response?.ok) continue;
    const emails = (await response.json()) as CaughtEmail[];
    return emails.filter((email) => email.to.some((recipient) => recipient.address.toLowerCase() === address));
  }
  throw new Error(`The mail catcher at ${MAILDEV_URL} did not answer`);
}

test('send a test reminder and trigger the daily run, then find both emails', async ({ page, request }) => {
  // Never a skip: `npm test` always starts a mail catcher, so a missing URL is a broken run.
  expect(MAILDEV_URL, 'MAILDEV_URL (the mail catcher npm test starts) must be set').toBeTruthy();
  const user = await registerUser(request, 'Mailed');
  await apiAs(request, user).post('/contacts', { firstName: 'Nadia', lastName: 'Overdue' });

  await openAs(page, user, '/dashboard');
  await expect(page.getByText('Daily reminders run automatically at 9 AM UTC.')).toBeVisible();
  await expect(page.getByText('Processes all users with overdue contacts.')).toBeVisible();

  await page.getByRole('button', { name: 'Send Test Reminder' }).click();
  await expect(page.getByRole('status').filter({ hasText: /test reminder|sent/i })).toBeVisible();
  await page.getByRole('button', { name: 'Trigger Daily Reminders' }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: /daily|reminder/i })
      .last(),
  ).toBeVisible();

  // Mail goes through an outbox, so it may take a moment to reach the catcher.
  await expect.poll(async () => (await emailsTo(user.email)).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
  const subjects = (await emailsTo(user.email)).map((email) => email.subject).join(' | ');
  expect(subjects).toMatch(/\[Test\] Kith: 1 contact needs attention/);
  expect(subjects).toMatch(/(^|\| )Kith: 1 contact needs attention/);
});
