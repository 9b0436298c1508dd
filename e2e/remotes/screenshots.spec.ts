import { expect, test } from '@playwright/test';
import { VIEWPORTS, loginAs, openAs, screenshot } from './support.js';

/** Every screen and dialog of the three remotes, at desktop and phone widths, as the demo user. */
for (const viewport of VIEWPORTS) {
  test.describe(`screens at ${viewport.width}px`, () => {
    test.use({ viewport });

    test('dashboard', async ({ page, request }) => {
      const demo = await loginAs(request, 'demo@kith.app', 'demo1234');
      await openAs(page, demo, '/dashboard');
      await expect(page.getByRole('heading', { name: 'Dashboard', exact: true })).toBeVisible();
      await expect(page.getByTestId('overdue-count')).toBeVisible();
      await screenshot(page, 'dashboard');
      await page.getByRole('button', { name: 'Show Instructions' }).click();
      await screenshot(page, 'dashboard-instructions');
      await page.getByRole('button', { name: 'Log Contact' }).first().click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await screenshot(page, 'dialog-log-contact');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Contact Now' }).first().click();
      await page.getByRole('button', { name: 'Schedule Future Reminder' }).click();
      await screenshot(page, 'dialog-contact-now');
    });

    test('contacts', async ({ page, request }) => {
      const demo = await loginAs(request, 'demo@kith.app', 'demo1234');
      await openAs(page, demo, '/contacts');
      await expect(page.getByTestId('contact-card').first()).toBeVisible();
      await screenshot(page, 'contacts');
      await page.goto('/contacts?filter=overdue');
      await expect(page.getByRole('heading', { name: 'Overdue Contacts' })).toBeVisible();
      await screenshot(page, 'contacts-overdue');
      await page.getByRole('button', { name: 'Add Contact' }).first().click();
      await page.getByRole('button', { name: 'Add Contact' }).last().click();
      await screenshot(page, 'dialog-contact-form');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Import Contacts' }).click();
      await screenshot(page, 'dialog-import');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: /^Update status of/ }).first().click();
      await screenshot(page, 'dialog-update-status');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: /^Delete / }).first().click();
      await screenshot(page, 'dialog-delete-contact');
    });

    test('lists', async ({ page, request }) => {
      const demo = await loginAs(request, 'demo@kith.app', 'demo1234');
      await openAs(page, demo, '/lists');
      await expect(page.getByTestId('list-card').first()).toBeVisible();
      await screenshot(page, 'lists');
      await page.getByRole('button', { name: 'List', exact: true }).click();
      await screenshot(page, 'lists-list-view');
      await page.getByRole('button', { name: 'Grid', exact: true }).click();
      await page.getByRole('button', { name: 'Create New List' }).click();
      await page.getByLabel('Reminder interval').selectOption('custom');
      await screenshot(page, 'dialog-list-form');
      await page.keyboard.press('Escape');
      await page.getByRole('link', { name: 'View Contacts' }).first().click();
      await expect(page.getByRole('heading', { name: / Contacts$/ })).toBeVisible();
      await screenshot(page, 'list-contacts');
    });
  });
}
