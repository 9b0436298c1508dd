import { expect, test, type Page } from '@playwright/test';
import { gzipSync } from 'node:zlib';
import { registerViaApi, signInAndSettle } from '../support/accounts.js';

/** Gzip size of every JavaScript file the page downloads until the network is idle. */
async function javascriptKb(page: Page, open: () => Promise<void>): Promise<number> {
  const sizes = new Map<string, number>();
  const collect = async (response: import('@playwright/test').Response) => {
    const type = response.headers()['content-type'] ?? '';
    if (!response.ok() || !(type.includes('javascript') || response.url().endsWith('.js'))) return;
    const body = await response.body().catch(() => null);
    if (body) sizes.set(response.url(), gzipSync(body).length);
  };
  page.on('response', collect);
  await open();
  await page.waitForLoadState('networkidle');
  page.off('response', collect);
  return [...sizes.values()].reduce((sum, size) => sum + size, 0) / 1024;
}

test('the login page stays within 170 kB of gzipped JavaScript', async ({ page }) => {
  const kb = await javascriptKb(page, async () => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  });
  console.log(`login page JavaScript: ${kb.toFixed(1)} kB gzip`);
  expect(kb).toBeLessThanOrEqual(170);
});

test('the dashboard with its remote stays within 250 kB of gzipped JavaScript', async ({ page, request }) => {
  const { account } = await registerViaApi(request);
  await signInAndSettle(page, account.email, account.password);
  const kb = await javascriptKb(page, async () => {
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  });
  console.log(`dashboard page JavaScript: ${kb.toFixed(1)} kB gzip`);
  expect(kb).toBeLessThanOrEqual(250);
});
