import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations } from '../support/a11y.js';
import { confirmItIsYou, registerViaApi, signInAndSettle } from '../support/accounts.js';
import { resetTokenFor } from '../support/mail.js';
import { snap } from '../support/screens.js';
import { nextTotpCode, totpCode } from '../support/totp.js';

async function signOut(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
}

async function passwordStep(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
}

test('two-factor sign-in: set up in Settings with the key shown, then sign in with a code and with a recovery code', async ({
  page,
  request,
}) => {
  // One long story (set up, three sign-ins, a reset, turning it off), with axe runs and screenshots.
  test.slow();
  const { account } = await registerViaApi(request);
  await signInAndSettle(page, account.email, account.password);
  await page.goto('/settings');
  const section = page.getByTestId('two-factor');
  await expect(section.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectNoA11yViolations(page, 'settings: two-factor off');
  await section.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  // A key on the account outlasts the session: the password is asked again first.
  await confirmItIsYou(page, account.password);

  // The QR code is an image the server rendered (a data: URL, no third party), and the key is shown too.
  const qr = section.getByRole('img', { name: /QR code/ });
  await expect(qr).toBeVisible();
  expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
  expect(await qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  const secret = (await section.getByTestId('totp-secret').innerText()).replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectNoA11yViolations(page, 'settings: two-factor set-up');
  await snap(page, 'settings-two-factor-setup');

  await section.getByLabel('Authentication code').fill('000000');
  await section.getByRole('button', { name: 'Turn on' }).click();
  await expect(section.getByText('Invalid authentication code')).toBeVisible();
  await section.getByLabel('Authentication code').fill(totpCode(secret));
  await section.getByRole('button', { name: 'Turn on' }).click();

  const codesList = section.getByTestId('recovery-codes');
  await expect(codesList.getByRole('listitem')).toHaveCount(10);
  const recoveryCodes = (await codesList.getByRole('listitem').allInnerTexts()).map((code) => code.trim());
  expect(recoveryCodes.every((code) => /^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/.test(code))).toBe(true);
  await expectNoA11yViolations(page, 'settings: recovery codes');
  await section.getByRole('button', { name: 'I have saved them' }).click();
  await expect(section.getByText('10 of 10 recovery codes left.')).toBeVisible();
  await expect(section.getByTestId('recovery-codes')).toHaveCount(0);
  await expectNoA11yViolations(page, 'settings: two-factor on');

  // Sign in: the password alone is no longer enough.
  await signOut(page);
  await passwordStep(page, account.email, account.password);
  await expect(page.getByLabel('Authentication code')).toBeFocused();
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  await expectNoA11yViolations(page, 'login: code step');
  await snap(page, 'login-two-factor');
  await page.getByLabel('Authentication code').fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Invalid authentication code')).toBeVisible();
  await page.getByLabel('Authentication code').fill(nextTotpCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Login successful! Welcome back.')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);

  // And with a recovery code instead (lost phone), which then works no more.
  await signOut(page);
  await passwordStep(page, account.email, account.password);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await expect(page.getByLabel('Recovery code')).toBeFocused();
  await page.getByLabel('Recovery code').fill(recoveryCodes[0]!.toUpperCase());
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await signOut(page);
  await passwordStep(page, account.email, account.password);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Invalid recovery code, or one that was already used')).toBeVisible();

  // A password reset asks for a second factor too.
  await page.getByRole('button', { name: 'Back to sign in' }).click();
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  // The sign-in page has an Email field too: fill the one of the page that has arrived.
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  const token = await resetTokenFor(account.email);
  await page.goto(`/reset-password?token=${encodeURIComponent(token)}`);
  await page.getByLabel('New password').fill('a-new-secret');
  await page.getByLabel('Confirm password').fill('a-new-secret');
  await expect(page.getByLabel('Authentication code')).toBeVisible();
  await expectNoA11yViolations(page, 'reset password: code field');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Authentication code is required')).toBeVisible();
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCodes[1]!);
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByRole('heading', { name: 'Password Updated!' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 5_000 });

  // Turning it off takes the password and a second factor.
  await page.goto('/settings');
  await expect(section.getByText('8 of 10 recovery codes left.')).toBeVisible();
  await section.getByRole('button', { name: 'Turn off' }).click();
  const dialog = page.getByRole('dialog', { name: 'Turn off two-factor sign-in?' });
  await dialog.getByLabel('Your password').fill('a-new-secret');
  await dialog.getByRole('button', { name: 'Use a recovery code' }).click();
  await dialog.getByLabel('Recovery code').fill(recoveryCodes[2]!);
  await expectNoA11yViolations(page, 'settings: turn off dialog');
  await dialog.getByRole('button', { name: 'Turn off' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(section.getByRole('button', { name: 'Set up two-factor sign-in' })).toBeVisible();
  await signOut(page);
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill('a-new-secret');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
