import { expect, test } from '@playwright/test';
import { registerViaApi, signIn } from '../support/accounts.js';
import { resetTokenFor } from '../support/mail.js';
import { snap } from '../support/screens.js';

test('sign in, see the layout, log out', async ({ page, request }) => {
  const { account } = await registerViaApi(request);
  await signIn(page, account.email, account.password);
  await expect(page.getByText('Login successful! Welcome back.')).toBeVisible();

  const header = page.getByRole('banner');
  for (const link of ['Dashboard', 'Contacts', 'Lists', 'Settings']) {
    await expect(header.getByRole('link', { name: link }).first()).toBeVisible();
  }
  await expect(header.getByText(`${account.firstName} ${account.lastName}`)).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveCount(0);
  await snap(page, 'dashboard-new-user');

  await header.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(
    await page.evaluate(() => [localStorage.getItem('accessToken'), localStorage.getItem('refreshToken')]),
  ).toEqual([null, null]);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/$/);
});

test('forgot password → reset with the emailed link → Password Updated! → dashboard', async ({ page, request }) => {
  const { account } = await registerViaApi(request);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await page.getByLabel('Email').fill('nope');
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await snap(page, 'forgot-password');

  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(
    page.getByText("If an account with that email exists, we've sent you a password reset link."),
  ).toBeVisible();
  await snap(page, 'forgot-password-sent');
  await page.getByRole('button', { name: 'try again' }).click();
  await expect(page.getByLabel('Email')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to login' })).toBeVisible();

  const token = await resetTokenFor(account.email);
  await page.goto(`/reset-password?token=${encodeURIComponent(token)}`);
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Password is required')).toBeVisible();
  await expect(page.getByText('Please confirm your password')).toBeVisible();
  await page.getByLabel('New password').fill('a-new-secret');
  await page.getByLabel('Confirm password').fill('a-different-one');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await snap(page, 'reset-password');

  await page.getByLabel('Confirm password').fill('a-new-secret');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByRole('heading', { name: 'Password Updated!' })).toBeVisible();
  await snap(page, 'reset-password-done', { fullPage: false });
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 5_000 });

  // The new password works; the old one no longer does.
  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  const oldLogin = await request.post('/api/auth/login', {
    data: { email: account.email, password: account.password },
  });
  expect(oldLogin.status()).toBe(401);
  await signIn(page, account.email, 'a-new-secret');

  // The used link is known to be dead as soon as it opens: no form to fill in first.
  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  await page.goto(`/reset-password?token=${encodeURIComponent(token)}`);
  await expect(page.getByRole('heading', { name: 'Invalid Reset Link' })).toBeVisible();
  await expect(page.getByLabel('New password')).toHaveCount(0);
});

test('settings show the profile and the notification settings, read-only', async ({ page, request }) => {
  const { account } = await registerViaApi(request);
  await signIn(page, account.email, account.password);
  await page.getByRole('banner').getByRole('link', { name: 'Settings' }).first().click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expect(page.getByText(`${account.firstName} ${account.lastName}`, { exact: true }).last()).toBeVisible();
  // The profile's e-mail (Phone sync shows it again as the CardDAV user name).
  await expect(page.getByText(account.email).first()).toBeVisible();
  for (const [label, days] of [
    ['Best Friends', '30 days'],
    ['Friends', '90 days'],
    ['Acquaintances', '180 days'],
  ]) {
    await expect(
      page
        .locator('div', { has: page.getByText(label, { exact: true }) })
        .getByText(days)
        .first(),
    ).toBeVisible();
  }
  await expect(page.getByRole('switch', { name: 'Push notifications' })).toBeDisabled();
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs).toContainText('Dashboard');
  await expect(crumbs).toContainText('Settings');
  await snap(page, 'settings');
});

test('breadcrumbs follow the route', async ({ page, request }) => {
  const { account } = await registerViaApi(request);
  await signIn(page, account.email, account.password);
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });

  await page.goto('/contacts?filter=overdue');
  await expect(crumbs.locator('[aria-current="page"]')).toHaveText('Overdue Contacts');
  await page.getByRole('banner').getByRole('link', { name: 'Contacts' }).first().click();
  await expect(crumbs.locator('[aria-current="page"]')).toHaveText('Contacts');
  await page.getByRole('banner').getByRole('link', { name: 'Lists' }).first().click();
  await expect(crumbs.locator('[aria-current="page"]')).toHaveText('Lists');
  await crumbs.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(crumbs).toHaveCount(0);
});
