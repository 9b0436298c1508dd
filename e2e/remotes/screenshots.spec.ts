import { expect, test, type Page } from '@playwright/test';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { VIEWPORTS, loginAs, openAs, registerUser, screenshot } from './support.js';

/** Every screen, state and dialog of the three remotes, at desktop and phone widths. */

const vcard = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'scientists.vcf');

async function closeDialog(page: Page) {
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

for (const viewport of VIEWPORTS) {
  test.describe(`screens at ${viewport.width}px`, () => {
    test.use({ viewport });

    test('dashboard', async ({ page, request }) => {
      await openAs(page, await loginAs(request, 'demo@kith.app', 'demo1234'), '/dashboard');
      await expect(page.getByTestId('overdue-contact').first()).toBeVisible();
      await screenshot(page, 'dashboard');
      await page.getByRole('button', { name: 'Show Instructions' }).click();
      await screenshot(page, 'dashboard-instructions');
      await page.getByRole('button', { name: 'Hide Instructions' }).click();
      await page.getByRole('button', { name: 'List', exact: true }).click();
      await page.getByLabel('Group by List').check();
      await screenshot(page, 'dashboard-grouped-list');
      await page.getByRole('button', { name: 'Log Contact' }).first().click();
      await screenshot(page, 'dialog-log-contact', { dialog: true });
      await closeDialog(page);
      await page.getByRole('button', { name: 'Contact Now' }).first().click();
      await screenshot(page, 'dialog-contact-now', { dialog: true });
      await page.getByRole('button', { name: 'Schedule Future Reminder' }).click();
      await screenshot(page, 'dialog-contact-now-schedule', { dialog: true });
    });

    test('contacts', async ({ page, request }) => {
      await openAs(page, await loginAs(request, 'demo@kith.app', 'demo1234'), '/contacts');
      await expect(page.getByTestId('contact-card').first()).toBeVisible();
      await screenshot(page, 'contacts');
      await page.getByRole('button', { name: 'List', exact: true }).click();
      await page.getByLabel('Group by List').check();
      await screenshot(page, 'contacts-list-grouped');
      await page.getByPlaceholder('Search contacts by name, email, phone, or notes...').fill('no such person');
      await expect(page.getByRole('heading', { name: 'No matching contacts' })).toBeVisible();
      await screenshot(page, 'contacts-search-empty');
      await page.goto('/contacts?filter=overdue');
      await expect(page.getByRole('heading', { name: 'Overdue Contacts' })).toBeVisible();
      await page.getByRole('button', { name: 'Grid', exact: true }).click();
      await page.getByLabel('Group by List').uncheck();
      await screenshot(page, 'contacts-overdue');

      await page.getByRole('button', { name: 'Add Contact' }).first().click();
      await page.getByRole('dialog').getByRole('button', { name: 'Add Contact' }).click();
      await screenshot(page, 'dialog-contact-form', { dialog: true });
      await closeDialog(page);
      await page
        .getByRole('button', { name: /^Edit / })
        .first()
        .click();
      await screenshot(page, 'dialog-contact-edit', { dialog: true });
      await closeDialog(page);
      await page
        .getByRole('button', { name: /^Update status of/ })
        .first()
        .click();
      await screenshot(page, 'dialog-update-status', { dialog: true });
      await closeDialog(page);
      await page
        .getByRole('button', { name: /^Delete / })
        .first()
        .click();
      await page.getByRole('dialog').getByRole('textbox').fill('DELETE');
      await screenshot(page, 'dialog-delete-contact', { dialog: true });
      await closeDialog(page);
      await page.getByRole('button', { name: 'Import Contacts' }).click();
      await screenshot(page, 'dialog-import', { dialog: true });
      await page.getByRole('dialog').getByLabel('vCard file').setInputFiles(vcard);
      await expect(page.getByRole('dialog').getByRole('listitem').first()).toBeVisible();
      await screenshot(page, 'dialog-import-preview', { dialog: true });
    });

    test('lists', async ({ page, request }) => {
      await openAs(page, await loginAs(request, 'demo@kith.app', 'demo1234'), '/lists');
      await expect(page.getByTestId('list-card').first()).toBeVisible();
      await screenshot(page, 'lists');
      await page.getByRole('button', { name: 'List', exact: true }).click();
      await screenshot(page, 'lists-list-view');
      await page.getByRole('button', { name: 'Grid', exact: true }).click();
      await page
        .getByRole('button', { name: /^Actions for / })
        .first()
        .click();
      await screenshot(page, 'lists-card-menu', { dialog: true });
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Create New List' }).click();
      await page.getByLabel('Reminder interval').selectOption('custom');
      await page.getByRole('dialog').getByRole('button', { name: 'Create List' }).click();
      await screenshot(page, 'dialog-list-form', { dialog: true });
      await closeDialog(page);
      await page
        .getByRole('button', { name: /^Actions for / })
        .first()
        .click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      await screenshot(page, 'dialog-list-delete', { dialog: true });
      await closeDialog(page);
      await page.getByRole('link', { name: 'View Contacts' }).first().click();
      await expect(page.getByRole('heading', { name: / Contacts$/ })).toBeVisible();
      await screenshot(page, 'list-contacts');
    });

    test('empty states and failure fallbacks', async ({ page, request }) => {
      const user = await registerUser(request, 'Newcomer');
      await openAs(page, user, '/dashboard');
      await expect(page.getByText("You're all caught up!")).toBeVisible();
      await screenshot(page, 'dashboard-empty');
      await page.goto('/contacts');
      await expect(page.getByRole('heading', { name: 'No contacts found' })).toBeVisible();
      await screenshot(page, 'contacts-empty');
      await page.goto('/contacts?filter=overdue');
      await expect(page.getByRole('heading', { name: 'No overdue contacts' })).toBeVisible();
      await screenshot(page, 'contacts-overdue-empty');
      await page.goto('/lists');
      await expect(page.getByRole('heading', { name: 'No lists yet' })).toBeVisible();
      await screenshot(page, 'lists-empty');

      const down = {
        status: 503,
        contentType: 'application/json',
        body: '{"success":false,"error":"Service temporarily unavailable","code":"SERVICE_UNAVAILABLE"}',
      };
      await page.route('**/api/lists', (route) => route.fulfill(down));
      for (const [path, title, name] of [
        ['/lists', 'Lists Loading Error', 'lists-error'],
        ['/dashboard', 'Dashboard Loading Error', 'dashboard-error'],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole('heading', { name: title })).toBeVisible({ timeout: 20_000 });
        await screenshot(page, name);
      }
      await page.route('**/api/contacts?*', (route) => route.fulfill(down));
      await page.goto('/contacts');
      await expect(page.getByRole('heading', { name: 'Contacts Loading Error' })).toBeVisible({ timeout: 20_000 });
      await screenshot(page, 'contacts-error');
    });
  });
}
