import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { confirmItIsYou, registerViaApi, signInAndSettle } from '../support/accounts.js';
import { waitForMail } from '../support/mail.js';
import { snap } from '../support/screens.js';

async function seedContacts(request: APIRequestContext, accessToken: string): Promise<string> {
  const headers = { authorization: `Bearer ${accessToken}` };
  const list = await request.post('/api/lists', { headers, data: { name: 'Book Club', reminderDays: 30 } });
  expect(list.status()).toBe(201);
  const listId = ((await list.json()) as { data: { _id: string } }).data._id;
  for (const data of [
    { firstName: 'Octavia', lastName: 'Butler', email: 'octavia@example.com', listId },
    { firstName: 'Ursula', lastName: 'Le Guin', phoneNumber: '+1 503 555 0100' },
  ]) {
    expect((await request.post('/api/contacts', { headers, data })).status()).toBe(201);
  }
  return listId;
}

test("Settings 'Your data': download the vCard and the JSON export, create and regenerate the calendar feed", async ({
  page,
  request,
}) => {
  const { account, tokens } = await registerViaApi(request);
  await seedContacts(request, tokens.accessToken);
  await signInAndSettle(page, account.email, account.password);
  await page.goto('/settings');
  const yourData = page.getByRole('heading', { name: 'Your data' });
  await expect(yourData).toBeVisible();
  // Below the spec's read-only sections, which stay as they are.
  const order = await page.getByRole('heading', { level: 2 }).allTextContents();
  expect(order.slice(0, 2)).toEqual(['Profile', 'Notification settings']);
  expect(order.indexOf('Your data')).toBeGreaterThan(1);

  const [vcardDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export vCard' }).click(),
  ]);
  expect(vcardDownload.suggestedFilename()).toBe('kith-contacts.vcf');
  const vcf = readFileSync((await vcardDownload.path())!, 'utf8');
  expect(vcf.match(/BEGIN:VCARD/g)).toHaveLength(2);
  expect(vcf).toContain('FN:Octavia Butler');
  expect(vcf).toContain('CATEGORIES:Book Club');

  const [jsonDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export everything' }).click(),
  ]);
  expect(jsonDownload.suggestedFilename()).toMatch(/^kith-export-\d{4}-\d{2}-\d{2}\.json$/);
  const document = JSON.parse(readFileSync((await jsonDownload.path())!, 'utf8')) as {
    version: number;
    profile: { email: string };
    contacts: unknown[];
    lists: unknown[];
  };
  expect(document.version).toBe(1);
  expect(document.profile.email).toBe(account.email);
  expect(document.contacts).toHaveLength(2);
  expect(document.lists).toHaveLength(1);

  await page.getByRole('button', { name: 'Create feed URL' }).click();
  // A feed URL outlives the session: the password is asked again first.
  await confirmItIsYou(page, account.password);
  const feedUrl = page.getByLabel('Calendar feed URL');
  await expect(feedUrl).toHaveValue(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  const firstUrl = await feedUrl.inputValue();
  const feed = await request.get(new URL(firstUrl).pathname);
  expect(feed.status()).toBe(200);
  expect(await feed.text()).toContain('SUMMARY:Get in touch with Octavia Butler');
  await expect(page.getByRole('button', { name: 'Copy', exact: true })).toBeVisible();
  await snap(page, 'settings-your-data');

  await page.getByRole('button', { name: 'Regenerate' }).click();
  await expect(feedUrl).not.toHaveValue(firstUrl);
  expect((await request.get(new URL(firstUrl).pathname)).status()).toBe(404);
  expect((await request.get(new URL(await feedUrl.inputValue()).pathname)).status()).toBe(200);
  // The URL is shown again on the next visit (it is kept encrypted), to add it on another device.
  const current = await feedUrl.inputValue();
  await page.reload();
  await expect(page.getByLabel('Calendar feed URL')).toHaveValue(current);
});

test("'Export vCard' on a list's page downloads only that list", async ({ page, request }) => {
  const { account, tokens } = await registerViaApi(request);
  const listId = await seedContacts(request, tokens.accessToken);
  await signInAndSettle(page, account.email, account.password);
  await page.goto(`/lists/${listId}`);
  await expect(page.getByRole('heading', { name: 'Book Club Contacts' })).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export vCard' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('kith-book-club.vcf');
  const vcf = readFileSync((await download.path())!, 'utf8');
  expect(vcf).toContain('FN:Octavia Butler');
  expect(vcf).not.toContain('Ursula');
  await snap(page, 'list-with-export-vcard');
});

test('Danger zone: typing the e-mail and the password deletes the account, which can never sign in again', async ({
  page,
  request,
}) => {
  const { account, tokens } = await registerViaApi(request);
  await seedContacts(request, tokens.accessToken);
  await signInAndSettle(page, account.email, account.password);
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  const confirm = dialog.getByRole('button', { name: 'Delete my account forever' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(/to confirm/).fill('someone-else@example.com');
  await dialog.getByLabel('Your password').fill(account.password);
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(/to confirm/).fill(account.email);
  await dialog.getByLabel('Your password').fill('wrong-password');
  await expect(confirm).toBeEnabled();
  await snap(page, 'settings-delete-account');
  await confirm.click();
  await expect(dialog.getByText('Incorrect password')).toBeVisible();
  await expect(page).toHaveURL(/\/settings$/);

  await dialog.getByLabel('Your password').fill(account.password);
  await confirm.click();
  await expect(page.getByText('Your account and all its data have been deleted')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(
    await page.evaluate(() => [localStorage.getItem('accessToken'), localStorage.getItem('refreshToken')]),
  ).toEqual([null, null]);
  // The old access token is refused at once, and the credentials no longer open anything.
  expect(
    (await request.get('/api/contacts', { headers: { authorization: `Bearer ${tokens.accessToken}` } })).status(),
  ).toBe(401);
  expect(
    (await request.post('/api/auth/login', { data: { email: account.email, password: account.password } })).status(),
  ).toBe(401);
  await waitForMail(account.email, 'Your Kith account has been deleted');
});
