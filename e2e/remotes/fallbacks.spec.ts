import { expect, test } from '@playwright/test';
import { openAs, registerUser } from './support.js';

const unavailable = {
  status: 503,
  contentType: 'application/json',
  body: JSON.stringify({ success: false, error: 'Service temporarily unavailable', code: 'SERVICE_UNAVAILABLE' }),
};

const screens = [
  {
    path: '/dashboard',
    failing: '**/api/contacts/overdue*',
    title: 'Dashboard Loading Error',
    action: 'Reload Dashboard',
    loaded: "Welcome to Kith! Let's get you started",
  },
  {
    path: '/contacts',
    failing: '**/api/contacts?*',
    title: 'Contacts Loading Error',
    action: 'Reload Contacts',
    loaded: 'No contacts found',
  },
  {
    path: '/lists',
    failing: '**/api/lists?*',
    title: 'Lists Loading Error',
    action: 'Reload Lists',
    loaded: 'No lists yet',
  },
];

for (const screen of screens) {
  test(`${screen.path} shows '${screen.title}' when its data cannot load, and recovers`, async ({ page, request }) => {
    const user = await registerUser(request);
    await page.route(screen.failing, (route) => route.fulfill(unavailable));
    await openAs(page, user, screen.path);
    // Fetches are retried (3 attempts) before the screen gives up.
    await expect(page.getByRole('heading', { name: screen.title })).toBeVisible();
    await page.unroute(screen.failing);
    await page.getByRole('button', { name: screen.action }).click();
    await expect(page.getByRole('heading', { name: screen.loaded })).toBeVisible();
    await expect(page.getByRole('heading', { name: screen.title })).toHaveCount(0);
  });
}

test("a fallback's retries count up to three, then only Refresh Page remains", async ({ page, request }) => {
  const user = await registerUser(request);
  await page.route('**/api/contacts/overdue*', (route) => route.fulfill(unavailable));
  await openAs(page, user, '/dashboard');
  const fallback = page
    .getByRole('alert')
    .filter({ has: page.getByRole('heading', { name: 'Dashboard Loading Error' }) });
  await expect(fallback).toBeVisible();
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    // 'Retrying...' shows for the boundary's 600 ms pause: a MutationObserver in the page notes it at
    // the DOM change itself, so it is seen however late a loaded machine lets the test look.
    await page.evaluate(() => {
      const seen = window as unknown as { sawRetrying?: boolean };
      seen.sawRetrying = false;
      const observer = new MutationObserver(() => {
        const shown = [...document.querySelectorAll('button')].some((button) =>
          button.textContent?.includes('Retrying...'),
        );
        if (shown) {
          seen.sawRetrying = true;
          observer.disconnect();
        }
      });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await fallback.getByRole('button', { name: 'Reload Dashboard' }).click();
    await page.waitForFunction(() => (window as unknown as { sawRetrying?: boolean }).sawRetrying === true, undefined, {
      timeout: 20_000,
    });
    if (attempt < 3) await expect(page.getByText(`Retry attempt ${attempt} of 3 failed.`)).toBeVisible();
  }
  await expect(page.getByText('Maximum retry attempts reached')).toBeVisible();
  await expect(page.getByRole('alert').getByRole('button')).toHaveText(['Refresh Page']);
});
