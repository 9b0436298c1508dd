import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const DEMO = { email: 'demo@kith.app', password: 'demo1234' } as const;

export interface TestAccount {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

export function newAccount(prefix = 'shell'): TestAccount {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  return {
    firstName: 'Grace',
    lastName: `Hopper ${id.slice(-4)}`,
    email: `${prefix}-${id}@example.com`,
    password: 'correct-horse-1',
  };
}

/** Creates the account through the API (fast path for tests that are not about registering). */
export async function registerViaApi(request: APIRequestContext, account: TestAccount = newAccount()) {
  const response = await request.post('/api/auth/register', { data: account });
  expect(response.status(), await response.text()).toBe(201);
  const { data } = (await response.json()) as {
    data: { user: unknown; tokens: { accessToken: string; refreshToken: string } };
  };
  return { account, ...data };
}

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/**
 * Signed in and the dashboard has finished its requests (nothing left in flight). Its panels load
 * only once the stats are in, so on a loaded machine the network can idle between the two waves:
 * the panels' own answers are waited for, not a quiet network alone.
 */
export async function signInAndSettle(page: Page, email: string, password: string): Promise<void> {
  await signIn(page, email, password);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  for (const panel of ['coming-up', 'birthdays-panel']) {
    await expect(page.getByTestId(panel)).toBeVisible();
    await expect(page.getByTestId(panel).getByText(/^Loading/)).toHaveCount(0);
  }
  await page.waitForLoadState('networkidle');
}

/**
 * Answers the 'Confirm it is you' dialog that a lasting change (an app password, the calendar
 * feed, two-factor set-up) opens: the password again, and a code when two-factor sign-in is on.
 */
export async function confirmItIsYou(page: Page, password: string, code?: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Your password').fill(password);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  if (code !== undefined) {
    await dialog.getByLabel('Authentication code').fill(code);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
  }
  await expect(dialog).toHaveCount(0);
}
