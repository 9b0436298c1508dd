import { expect, test } from '@playwright/test';
import { newAccount, registerViaApi } from '../support/accounts.js';
import { snap } from '../support/screens.js';

test('the landing page advertises the four features and leads to register and sign-in', async ({ page }) => {
  await page.goto('/');
  for (const feature of ['Manage Contacts', 'Smart Reminders', 'Privacy First', 'Custom Schedules']) {
    await expect(page.getByRole('heading', { name: feature })).toBeVisible();
  }
  await snap(page, 'landing');

  await page.getByRole('link', { name: 'Get Started' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await page.goto('/');
  await page.getByRole('main').getByRole('link', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('protected routes send visitors who are not signed in to the landing page', async ({ page }) => {
  for (const path of ['/dashboard', '/contacts?filter=overdue', '/lists', '/lists/some-list', '/settings']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);
  }
});

test('the login form shows the spec validation messages', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  await snap(page, 'login');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();

  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Password', { exact: true }).fill('12345');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Invalid email address')).toBeVisible();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  await snap(page, 'login-validation');
});

test('a wrong password shows the spec error and stays on the login page', async ({ page, request }) => {
  const { account } = await registerViaApi(request);
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  // Shown once, in the form: no second banner or toast saying the same thing.
  await expect(
    page.getByRole('alert').filter({ hasText: 'Failed to sign in. Please check your credentials.' }),
  ).toBeVisible();
  await expect(page.getByText('Failed to sign in. Please check your credentials.')).toHaveCount(1);
  await expect(page.getByText('Invalid email or password')).toHaveCount(0);
  await expect(page).toHaveURL(/\/login$/);
  await snap(page, 'login-wrong-password');
});

test('register validates every field, then creates the account and opens the dashboard', async ({ page }) => {
  await page.goto('/register');
  await page.getByRole('button', { name: 'Create Account' }).click();
  for (const message of [
    'First name is required',
    'Last name is required',
    'Email is required',
    'Password is required',
  ]) {
    await expect(page.getByText(message)).toBeVisible();
  }
  await snap(page, 'register-validation');

  const account = newAccount('register');
  await page.getByLabel('First name').fill(account.firstName);
  await page.getByLabel('Last name').fill(account.lastName);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(page.getByText('Account created successfully! Welcome to the product.')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('banner').getByText(`${account.firstName} ${account.lastName}`)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
});

test('registering an email that is taken shows the spec error', async ({ page, request }) => {
  const { account } = await registerViaApi(request);
  await page.goto('/register');
  await page.getByLabel('First name').fill('Someone');
  await page.getByLabel('Last name').fill('Else');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill('another-secret');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Failed to create account. Please try again.')).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
});

test('the reset page without a token shows Invalid Reset Link', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page.getByRole('heading', { name: 'Invalid Reset Link' })).toBeVisible();
  await snap(page, 'reset-password-invalid');
  await page.getByRole('link', { name: 'Request new reset link' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test('an unknown or used reset token leads to Invalid Reset Link with the spec message', async ({ page }) => {
  // The link is checked as the page opens: no password to type before learning it is dead.
  await page.goto('/reset-password?token=not-a-real-token');
  await expect(page.getByText('This reset link has expired or is invalid. Please request a new one.')).toBeVisible();
  await expect(page.getByLabel('New password')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Invalid Reset Link' })).toBeVisible();
});
