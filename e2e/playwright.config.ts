import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from '@kith/stack/chromium';

/**
 * Browser tests against a running Kith stack (`npm run test:e2e` starts one and sets
 * E2E_BASE_URL and MAILDEV_URL). Debian's Chromium, never a downloaded browser.
 */
export default defineConfig({
  testDir: '.',
  testMatch: ['shell/**/*.spec.ts', 'remotes/**/*.spec.ts'],
  outputDir: '../test-results/playwright',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: process.env.E2E_BASE_URL ?? 'http://localhost:8080',
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunchOptions(),
  },
});
