import { TOUR_START_DELAY_MS } from '@kith/contracts';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, signIn } from '../support/accounts.js';
import { snap } from '../support/screens.js';

const BANNER = "You're in Demo Mode - Explore the product with sample data";

async function expectStep(page: Page, step: number, title: string) {
  const tour = page.getByTestId('tour');
  await expect(tour.getByText(`Step ${step} of 7`)).toBeVisible();
  await expect(tour.getByRole('heading', { name: title })).toBeVisible();
  await expect(tour.getByRole('progressbar')).toHaveAttribute('aria-valuenow', String(step));
}

test('the demo account gets the banner and the tour; skipping keeps it skipped', async ({ page }) => {
  await signIn(page, DEMO.email, DEMO.password);
  await expect(page.getByText(BANNER)).toBeVisible();

  // The tour starts about a second after demo mode; the first time, it is the welcome.
  await expectStep(page, 1, 'Your Dashboard');
  await expect(page.getByTestId('tour-highlight')).toBeVisible();
  await snap(page, 'demo-tour-step-1', { fullPage: false });
  await page.getByRole('button', { name: 'Next' }).click();
  await expectStep(page, 2, 'Contacts Section');
  await page.getByRole('button', { name: 'Next' }).click();
  await expectStep(page, 3, 'Contact Lists');
  await page.getByRole('button', { name: 'Previous' }).click();
  await expectStep(page, 2, 'Contacts Section');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await expectStep(page, 4, 'Reminder System');
  await snap(page, 'demo-tour-step-4', { fullPage: false });

  await page.getByRole('button', { name: 'Skip Tour' }).click();
  await expect(page.getByTestId('tour')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('hasSeenTour'))).toBe('true');

  await snap(page, 'demo-dashboard');

  await page.getByRole('button', { name: 'Reset Demo' }).click();
  await expect(page.getByText('Demo Reset')).toBeVisible();
  // Demo notices vanish after 5 seconds.
  await expect(page.getByText('Demo Reset')).toBeHidden({ timeout: 8_000 });

  // Fake timers, so "the tour did not come back" is checked after its start delay has surely passed.
  await page.clock.install();
  await page.reload();
  await expect(page.getByText(BANNER)).toBeVisible();
  await page.clock.runFor(TOUR_START_DELAY_MS * 2);
  await expect(page.getByTestId('tour')).toHaveCount(0);
});

test('finishing the tour shows Tour Completed! and records it', async ({ page }) => {
  await signIn(page, DEMO.email, DEMO.password);
  const steps = [
    'Your Dashboard',
    'Contacts Section',
    'Contact Lists',
    'Reminder System',
    'Adding Contacts',
    'Phone Integration',
    'Settings',
  ];
  for (const [index, title] of steps.entries()) {
    await expectStep(page, index + 1, title);
    if (title === 'Phone Integration') {
      // Step 6 points to the real feature and says where it is set up.
      await expect(page.getByTestId('tour')).toContainText('in Settings › Phone sync, create an app password');
      await expect(page.getByTestId('tour')).toContainText('CardDAV');
    }
    if (index < steps.length - 1) await page.getByRole('button', { name: 'Next' }).click();
  }
  await expect(page.getByRole('button', { name: 'Next' })).toHaveCount(0);
  await snap(page, 'demo-tour-step-7', { fullPage: false });
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page.getByText('Tour Completed!')).toBeVisible();
  await expect(page.getByTestId('tour')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('hasSeenTour'))).toBe('true');
  // Where step 6 sends people exists: Settings › Phone sync, with the server address to enter.
  await page.goto('/settings');
  const phoneSync = page.getByTestId('phone-sync');
  await expect(phoneSync.getByRole('heading', { name: 'Phone sync' })).toBeVisible();
  await expect(phoneSync.getByTestId('dav-server-url')).toHaveText(/\/dav\/$/);
});

test('an ordinary account has no demo mode', async ({ page, request }) => {
  const { registerViaApi } = await import('../support/accounts.js');
  const { account } = await registerViaApi(request);
  await page.clock.install();
  await signIn(page, account.email, account.password);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await page.clock.runFor(TOUR_START_DELAY_MS * 2);
  await expect(page.getByText(BANNER)).toHaveCount(0);
  await expect(page.getByTestId('tour')).toHaveCount(0);
});
