import { expect, test } from '@playwright/test';
import { registerViaApi, signIn, signInAndSettle } from '../support/accounts.js';
import { snap } from '../support/screens.js';

test('an expired access token is refreshed without the user noticing', async ({ page, request }) => {
  const { account } = await registerViaApi(request);
  await signInAndSettle(page, account.email, account.password);
  const before = await page.evaluate(() => localStorage.getItem('refreshToken'));

  // A token the gateway rejects with 401, as it would an expired one.
  await page.evaluate(() => localStorage.setItem('accessToken', 'expired.access.token'));
  const refreshed = page.waitForResponse(
    (response) => response.url().endsWith('/api/auth/refresh') && response.status() === 200,
  );
  await page.goto('/settings');
  await refreshed;

  await expect(page).toHaveURL(/\/settings$/);
  // The profile's e-mail (Phone sync shows it again as the CardDAV user name).
  await expect(page.getByText(account.email).first()).toBeVisible();
  await expect(page.getByText('Failed to load settings')).toHaveCount(0);
  const after = await page.evaluate(() => [localStorage.getItem('accessToken'), localStorage.getItem('refreshToken')]);
  expect(after[0]).not.toBe('expired.access.token');
  expect(after[1]).not.toBe(before);
});

test('a session that cannot be refreshed ends on the login page', async ({ page, request }) => {
  const { account } = await registerViaApi(request);
  await signInAndSettle(page, account.email, account.password);
  await page.evaluate(() => {
    localStorage.setItem('accessToken', 'expired.access.token');
    localStorage.setItem('refreshToken', 'revoked-refresh-token');
  });
  await page.getByRole('banner').getByRole('link', { name: 'Settings' }).first().click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
});

test('a remote that is down shows its fallback while the rest of the shell works', async ({ page, request }) => {
  const { account } = await registerViaApi(request);
  await page.route('**/mfe/lists/**', (route) => route.abort('connectionrefused'));
  await signIn(page, account.email, account.password);

  await page.getByRole('banner').getByRole('link', { name: 'Lists' }).first().click();
  await expect(page.getByRole('heading', { name: 'Lists Loading Error' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reload Lists' })).toBeVisible();
  await expect(page.getByRole('banner').getByText(`${account.firstName} ${account.lastName}`)).toBeVisible();
  await snap(page, 'remote-down-fallback');

  await page.getByRole('banner').getByRole('link', { name: 'Settings' }).first().click();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).first().click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await page.getByRole('banner').getByRole('link', { name: 'Contacts' }).first().click();
  await expect(page.getByRole('heading', { name: 'Contacts', level: 1 })).toBeVisible();
});

test('an unknown signed-in route shows a not-found page inside the layout', async ({ page, request }) => {
  const { account } = await registerViaApi(request);
  await signIn(page, account.email, account.password);
  await page.goto('/no-such-page');
  await expect(page.getByText('Page not found')).toBeVisible();
  await snap(page, 'not-found');
});

test("the start-up check shows 'Checking authentication...'", async ({ page, request }) => {
  const { account } = await registerViaApi(request);
  await signInAndSettle(page, account.email, account.password);
  await page.route('**/api/auth/me', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    await route.continue();
  });
  await page.goto('/dashboard');
  await expect(page.getByText('Checking authentication...')).toBeVisible();
  await snap(page, 'checking-authentication', { fullPage: false });
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
});
