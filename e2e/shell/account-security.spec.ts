import { expect, type Page, test } from '@playwright/test';
import { expectNoA11yViolations } from '../support/a11y.js';
import { confirmItIsYou, newAccount, registerViaApi, signInAndSettle } from '../support/accounts.js';
import { snap } from '../support/screens.js';

/** The operator of the browser tests' stack (KITH_OPERATORS, set by scripts/test.mjs). */
const OPERATOR = { ...newAccount('operator'), email: 'e2e-operator@example.com' };

async function openSettings(page: Page, email: string, password: string) {
  await signInAndSettle(page, email, password);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
}

test('the step-up dialog: a bare session creates no app password; a wrong password is refused, the right one goes on', async ({
  page,
  request,
}) => {
  // Several sign-ins and Settings loads: more than a minute on a busy machine.
  test.slow();
  const { account } = await registerViaApi(request);
  await openSettings(page, account.email, account.password);
  const section = page.getByTestId('phone-sync');
  await section.getByLabel('Device name').fill('Borrowed laptop');
  await section.getByRole('button', { name: 'Create app password' }).click();

  const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Your password')).toBeFocused();
  await expectNoA11yViolations(page, 'settings: step-up dialog');
  await snap(page, 'settings-step-up');
  // Cancelling creates nothing.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(section.getByText('No app passwords yet.')).toBeVisible();

  await section.getByRole('button', { name: 'Create app password' }).click();
  await dialog.getByLabel('Your password').fill('not-my-password');
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('Incorrect password')).toBeVisible();
  await dialog.getByLabel('Your password').fill(account.password);
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(section.getByTestId('new-app-password')).toHaveText(/^[a-z2-9]{5}(-[a-z2-9]{5}){3}$/);
});

test('change password: the other sessions end, this one goes on, and the page says what to set up again', async ({
  page,
  request,
}) => {
  // Several sign-ins and Settings loads: more than a minute on a busy machine.
  test.slow();
  const { account } = await registerViaApi(request);
  const elsewhere = await request.post('/api/auth/login', {
    data: { email: account.email, password: account.password },
  });
  const { refreshToken: otherRefresh } = (await elsewhere.json()).data.tokens;
  await openSettings(page, account.email, account.password);
  // An app password, to be deleted by the change.
  const phone = page.getByTestId('phone-sync');
  await phone.getByLabel('Device name').fill('Old phone');
  await phone.getByRole('button', { name: 'Create app password' }).click();
  await confirmItIsYou(page, account.password);
  await expect(phone.getByTestId('new-app-password')).toBeVisible();

  const form = page.getByRole('form', { name: 'Change password' });
  await form.getByLabel('Current password').fill(account.password);
  await form.getByLabel('New password', { exact: true }).fill('password1');
  await form.getByLabel('Confirm new password').fill('password1');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByText(/most common ones/)).toBeVisible();

  await form.getByLabel('New password', { exact: true }).fill('a-fresh-secret-42');
  await form.getByLabel('Confirm new password').fill('a-fresh-secret-42');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByRole('status')).toHaveText(
    /Password changed\. 2 other sessions signed out; 1 app password deleted: make new ones for your devices\./,
  );
  await snap(page, 'settings-password-changed');
  expect((await request.post('/api/auth/refresh', { data: { refreshToken: otherRefresh } })).status()).toBe(401);
  // This session goes on: a reload still shows Settings, and the new password signs in.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expect(phone.getByText('No app passwords yet.')).toBeVisible();
  expect(
    (await request.post('/api/auth/login', { data: { email: account.email, password: 'a-fresh-secret-42' } })).status(),
  ).toBe(200);
});

test('sessions: Settings lists where the account is signed in, and "Sign out everywhere else" ends the others', async ({
  page,
  request,
}) => {
  // Several sign-ins and Settings loads: more than a minute on a busy machine.
  test.slow();
  const { account } = await registerViaApi(request);
  const others = [];
  for (let i = 0; i < 2; i++) {
    const login = await request.post('/api/auth/login', { data: { email: account.email, password: account.password } });
    others.push((await login.json()).data.tokens.refreshToken as string);
  }
  await openSettings(page, account.email, account.password);
  const sessions = page.getByTestId('sessions');
  // Registration, two API sign-ins and this browser.
  await expect(sessions.getByRole('listitem')).toHaveCount(4);
  await expect(sessions.getByText('This session')).toHaveCount(1);
  await expectNoA11yViolations(page, 'settings: sessions');
  await snap(page, 'settings-sessions');

  await sessions.getByRole('button', { name: 'Sign out everywhere else' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign out everywhere else?' });
  await dialog.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expect(sessions.getByRole('listitem')).toHaveCount(1);
  await expect(sessions.getByRole('listitem')).toContainText('This session');
  for (const refreshToken of others)
    expect((await request.post('/api/auth/refresh', { data: { refreshToken } })).status()).toBe(401);
});

test('invitations: the operator invites by e-mail from Settings, and the link registers that address', async ({
  page,
  request,
  browser,
}) => {
  // Several sign-ins and Settings loads: more than a minute on a busy machine.
  test.slow();
  // The operator account may exist from an earlier try of this test.
  const registered = await request.post('/api/auth/register', { data: OPERATOR });
  expect([201, 409]).toContain(registered.status());
  await openSettings(page, OPERATOR.email, OPERATOR.password);
  const section = page.getByTestId('invitations');
  await expect(page.getByRole('heading', { name: 'Invitations', level: 2 })).toBeVisible();
  const invited = newAccount('invited');
  await section.getByLabel('E-mail address to invite').fill(invited.email);
  await section.getByRole('button', { name: 'Send invitation' }).click();
  await expect(section.getByRole('listitem').filter({ hasText: invited.email })).toContainText('Sent');
  await expectNoA11yViolations(page, 'settings: invitations');
  await snap(page, 'settings-invitations');

  const link = await invitationLinkFor(invited.email);
  const visitor = await browser.newPage();
  try {
    await visitor.goto(link);
    await expect(visitor.getByLabel('Email')).toHaveValue(invited.email);
    await visitor.getByLabel('First name').fill(invited.firstName);
    await visitor.getByLabel('Last name').fill(invited.lastName);
    await visitor.getByLabel('Password').fill(invited.password);
    await visitor.getByRole('button', { name: 'Create Account' }).click();
    await expect(visitor).toHaveURL(/\/dashboard$/);
  } finally {
    await visitor.close();
  }
  await page.reload();
  await expect(section.getByRole('listitem').filter({ hasText: invited.email })).toContainText('Joined');

  // Anyone else sees no invitations in Settings.
  const { account } = await registerViaApi(request);
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await openSettings(page, account.email, account.password);
  await expect(page.getByTestId('invitations')).toHaveCount(0);
});

/** The invitation link in the newest invitation mail the catcher holds for `address`. */
async function invitationLinkFor(address: string): Promise<string> {
  const MAILDEV_URL = process.env.MAILDEV_URL ?? 'http://localhost:1080';
  let link: string | null = null;
  await expect
    .poll(
      async () => {
        for (const path of ['/email', '/api/email']) {
          const response = await fetch(`${MAILDEV_URL}${path}`).catch(() => null);
          if (!response?.ok) continue;
          const mails = (await response.json()) as { to?: { address: string }[]; text?: string }[];
          for (const mail of mails.reverse()) {
            if (!mail.to?.some((to) => to.address.toLowerCase() === address)) continue;
            const match = /(https?:\/\/\S+\/register\?invitation=\S+)/.exec(mail.text ?? '');
            if (match) link = match[1]!;
          }
          return link !== null;
        }
        return false;
      },
      { message: `an invitation mail for ${address}`, timeout: 30_000 },
    )
    .toBe(true);
  return new URL(link!).pathname + new URL(link!).search;
}
