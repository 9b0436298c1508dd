import { expect, test, type Page } from '@playwright/test';
import { gzipSync } from 'node:zlib';
import { registerViaApi, signInAndSettle } from '../support/accounts.js';

/** Gzip size of every JavaScript file the page downloads until the network is idle, and their URLs. */
async function javascriptKb(page: Page, open: () => Promise<void>): Promise<{ kb: number; files: string[] }> {
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
  const measured = { kb: [...sizes.values()].reduce((sum, size) => sum + size, 0) / 1024, files: [...sizes.keys()] };
  // A budget met by measuring nothing (no JavaScript seen at all) proves nothing.
  expect(measured.files.length, 'JavaScript files measured').toBeGreaterThan(0);
  expect(measured.kb).toBeGreaterThan(0);
  return measured;
}

test('the login page stays within 170 kB of gzipped JavaScript', async ({ page }) => {
  const { kb } = await javascriptKb(page, async () => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  });
  console.log(`login page JavaScript: ${kb.toFixed(1)} kB gzip`);
  expect(kb).toBeLessThanOrEqual(170);
});

test('the dashboard with its remote stays within 250 kB of gzipped JavaScript', async ({ page, request }) => {
  const { account } = await registerViaApi(request);
  await signInAndSettle(page, account.email, account.password);
  const { kb, files } = await javascriptKb(page, async () => {
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  });
  // The remote's own code was among what was measured.
  expect(files.some((url) => new URL(url).pathname.startsWith('/mfe/dashboard/'))).toBe(true);
  console.log(`dashboard page JavaScript: ${kb.toFixed(1)} kB gzip`);
  expect(kb).toBeLessThanOrEqual(250);
});
