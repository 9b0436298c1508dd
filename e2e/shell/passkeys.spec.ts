import { expect, test, type Page } from '@playwright/test';
import { confirmItIsYou, registerViaApi, signInAndSettle } from '../support/accounts.js';
import { resetTokenFor } from '../support/mail.js';
import { totpCode } from '../support/totp.js';

/**
 * Passkeys in Chromium, with its own virtual authenticator (DevTools protocol WebAuthn domain):
 * added in Settings, then the only thing used to sign in again. WebAuthn binds a passkey to a host
 * name (never an IP address), so this test opens the stack as `localhost`, the APP_URL it runs with.
 */
const base = new URL(process.env.E2E_BASE_URL ?? 'http://localhost:8080');
base.hostname = 'localhost';
test.use({ baseURL: base.origin });

async function withVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

test('a passkey added in Settings signs in on its own, without e-mail or password', async ({ page, request }) => {
  test.slow();
  const { cdp, authenticatorId } = await withVirtualAuthenticator(page);

  const { account } = await registerViaApi(request);
  await signInAndSettle(page, account.email, account.password);
  await page.goto('/settings');
  const section = page.getByTestId('passkeys');
  await expect(section.getByText('No passkeys yet.')).toBeVisible();
  await section.getByLabel('Passkey name').fill('This laptop');
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  // Adding a passkey is a lasting door: the password again first.
  await confirmItIsYou(page, account.password);
  await expect(section.getByRole('list', { name: 'Passkeys' }).getByText('This laptop')).toBeVisible();
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]!.isResidentCredential).toBe(true);

  // Sign out, then in with the passkey alone.
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
  await expect(page.getByLabel('Email')).toHaveValue('');
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  const me = await page.evaluate(async () => {
    const token = localStorage.getItem('accessToken');
    const answer = await fetch('/api/auth/me', { headers: { authorization: `Bearer ${token}` } });
    return answer.status === 200
      ? ((await answer.json()) as { data: { user: { email: string } } }).data.user.email
      : null;
  });
  expect(me).toBe(account.email);
  expect((await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials[0]!.signCount).toBeGreaterThan(0);

  // Settings shows when it was last used; removing it needs step-up, and then it no longer signs in.
  await page.goto('/settings');
  await expect(section.getByText(/Last used/)).toBeVisible();
  await section.getByRole('button', { name: 'Remove This laptop' }).click();
  await page.getByRole('dialog', { name: 'Remove passkey' }).getByRole('button', { name: 'Remove' }).click();
  await confirmItIsYou(page, account.password);
  await expect(section.getByText('No passkeys yet.')).toBeVisible();
});

test('with two-factor sign-in on, a passkey answers a password reset’s second factor', async ({ page, request }) => {
  test.slow();
  await withVirtualAuthenticator(page);
  const { account, tokens } = await registerViaApi(request);
  await signInAndSettle(page, account.email, account.password);
  await page.goto('/settings');
  const section = page.getByTestId('passkeys');
  await section.getByLabel('Passkey name').fill('This laptop');
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  await confirmItIsYou(page, account.password);
  await expect(section.getByRole('list', { name: 'Passkeys' }).getByText('This laptop')).toBeVisible();
  // Two-factor sign-in on, through the API (Settings' own flow is two-factor.spec.ts's).
  const headers = { authorization: `Bearer ${tokens.accessToken}` };
  const setup = await request.post('/api/auth/2fa/setup', { headers, data: { currentPassword: account.password } });
  const { secret } = ((await setup.json()) as { data: { secret: string } }).data;
  const enabled = await request.post('/api/auth/2fa/enable', {
    headers,
    data: { currentPassword: account.password, code: totpCode(secret) },
  });
  expect(enabled.status()).toBe(200);

  await page.evaluate(() => localStorage.clear());
  expect((await request.post('/api/auth/forgot-password', { data: { email: account.email } })).status()).toBe(200);
  const token = await resetTokenFor(account.email);
  await page.goto(`/reset-password?token=${encodeURIComponent(token)}`);
  await page.getByLabel('New password').fill('reset-by-passkey-9');
  await page.getByLabel('Confirm password').fill('reset-by-passkey-9');
  await expect(page.getByLabel('Authentication code')).toBeVisible();
  await page.getByRole('button', { name: 'Use a passkey instead' }).click();
  await expect(page.getByRole('heading', { name: 'Password Updated!' })).toBeVisible();
  const signedIn = await request.post('/api/auth/login', {
    data: { email: account.email, password: 'reset-by-passkey-9' },
  });
  expect(((await signedIn.json()) as { data: { challenge?: string } }).data.challenge).toEqual(expect.any(String));
});
