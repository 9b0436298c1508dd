import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from '@kith/stack/chromium';

/**
 * Browser tests against a running Kith stack (`npm run test:e2e` starts one and sets
 * E2E_BASE_URL and MAILDEV_URL). Debian's Chromium, never a downloaded browser.
 */
export default defineConfig({
  testDir: '.',
  testMatch: ['shell/**/*.spec.ts', 'remotes/**/*.spec.ts', 'visual/**/*.spec.ts'],
  outputDir: '../test-results/playwright',
  // Visual regression (visual/screens.spec.ts): committed baselines, one per screen and width, the
  // same on every machine with Debian's Chromium and fonts-dejavu-core. A missing baseline fails
  // (CI never writes one); `npm run test:visual:update` regenerates them on purpose.
  snapshotPathTemplate: '{testDir}/visual/baselines/{arg}{ext}',
  updateSnapshots: process.env.E2E_UPDATE_SNAPSHOTS ? 'all' : 'none',
  timeout: 60_000,
  // Two workers, each with a Chromium, beside the whole stack on a 2-core CI machine: a screen's
  // first render there has taken 10 s (a trace showed 8 s of the remote's scripts being fetched
  // and run before its first API call), so an assertion waits up to 20 s before it fails.
  // A screenshot may differ by anti-aliasing (a pixel's colour within `threshold`) and in at most
  // 100 pixels: a recoloured heading (about 2 000 pixels), a moved button or changed text fails.
  expect: {
    timeout: 20_000,
    toHaveScreenshot: { threshold: 0.2, maxDiffPixels: 100, animations: 'disabled', caret: 'hide', scale: 'css' },
  },
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
