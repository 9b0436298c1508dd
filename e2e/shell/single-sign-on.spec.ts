import { expect, test } from '@playwright/test';
import { newAccount } from '../support/accounts.js';

/**
 * 'Sign in with …' in Chromium against a real OpenID provider (oidc-provider, started by
 * scripts/test.mjs with its development sign-in pages): the code flow with PKCE leaves Kith, comes
 * back to /login/sso and signs in. The provider returns to APP_URL (`localhost`), where the
 * sign-in's cookie must be, so this test opens the stack as `localhost` too.
 */
const base = new URL(process.env.E2E_BASE_URL ?? 'http://localhost:8080');
base.hostname = 'localhost';
test.use({ baseURL: base.origin });

test('signs in through the OpenID provider, creating the account the first time and finding it the next', async ({
  page,
}) => {
  test.slow();
  const { email } = newAccount('sso');
  const throughProvider = async ({ signedInThere }: { signedInThere: boolean }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in with Test IdP' }).click();
    if (!signedInThere) {
      // The provider's own pages: its sign-in, then its consent.
      await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/interaction\//);
      await page.locator('input[name="login"]').fill(email);
      await page.locator('input[name="password"]').fill('anything');
      await page.getByRole('button', { name: 'Sign-in' }).click();
      await page.getByRole('button', { name: 'Continue' }).click();
    }
    // A session at the provider (the second time) sends the browser straight back.
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  };

  await throughProvider({ signedInThere: false });
  const me = async () =>
    page.evaluate(async () => {
      const answer = await fetch('/api/auth/me', {
        headers: { authorization: `Bearer ${localStorage.getItem('accessToken')}` },
      });
      return ((await answer.json()) as { data: { user: { _id: string; email: string; firstName: string } } }).data.user;
    });
  const first = await me();
  expect(first).toMatchObject({ email, firstName: 'Ada' });

  // Signed out, and in again: the same account.
  await page.evaluate(() => localStorage.clear());
  await throughProvider({ signedInThere: true });
  expect((await me())._id).toBe(first._id);

  // The way back cannot be replayed: the code and the sign-in's cookie are spent.
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login/sso?code=used&state=forged');
  await expect(page.getByText('This sign-in has expired or did not start here. Please try again.')).toBeVisible();
});
