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
    // A dozen full-page captures per test: triple time, so a busy machine does not time them out.
    test.slow();

    test('dashboard', async ({ page, request }) => {
      await openAs(page, await loginAs(request, 'demo@kith.app', 'demo1234'), '/dashboard');
      await screenshot(page, 'dashboard', { shows: page.getByTestId('overdue-contact').first() });
      await page.getByRole('button', { name: 'Show Instructions' }).click();
      await screenshot(page, 'dashboard-instructions', {
        shows: [
          page.getByRole('heading', { name: 'Quick Start Guide' }),
          page.getByRole('button', { name: 'Hide Instructions' }),
        ],
      });
      await page.getByRole('button', { name: 'Hide Instructions' }).click();
      await expect(page.getByRole('heading', { name: 'Quick Start Guide' })).toHaveCount(0);
      await page.getByRole('button', { name: 'List', exact: true }).click();
      await page.getByLabel('Group by List').check();
      // Each list's group has a heading "<list> (<n> overdue)".
      await screenshot(page, 'dashboard-grouped-list', {
        shows: [page.getByRole('heading', { name: /\(\d+ overdue\)$/ }).first(), page.getByLabel('Group by List')],
      });
      await expect(page.getByLabel('Group by List')).toBeChecked();
      await page.getByRole('button', { name: 'Log Contact' }).first().click();
      await screenshot(page, 'dialog-log-contact', {
        dialog: true,
        shows: page.getByRole('dialog', { name: /^Log Contact with / }),
      });
      await closeDialog(page);
      await page.getByRole('button', { name: 'Contact Now' }).first().click();
      await screenshot(page, 'dialog-contact-now', {
        dialog: true,
        shows: page.getByRole('dialog', { name: /^Contact / }),
      });
      await page.getByRole('button', { name: 'Schedule Future Reminder' }).click();
      await screenshot(page, 'dialog-contact-now-schedule', {
        dialog: true,
        shows: page.getByRole('dialog').getByLabel('Reminder date'),
      });
    });

    test('contacts', async ({ page, request }) => {
      await openAs(page, await loginAs(request, 'demo@kith.app', 'demo1234'), '/contacts');
      await screenshot(page, 'contacts', { shows: page.getByTestId('contact-card').first() });
      await page.getByRole('button', { name: 'List', exact: true }).click();
      await page.getByLabel('Group by List').check();
      await expect(page.getByLabel('Group by List')).toBeChecked();
      // Each list's group has a heading "<list> (<n>)".
      await screenshot(page, 'contacts-list-grouped', {
        shows: page.getByRole('heading', { name: /\(\d+\)/ }).first(),
      });
      await page.getByPlaceholder('Search contacts by name, email, phone, or notes...').fill('no such person');
      await screenshot(page, 'contacts-search-empty', {
        shows: page.getByRole('heading', { name: 'No matching contacts' }),
      });
      await page.goto('/contacts?filter=overdue');
      await expect(page.getByRole('heading', { name: 'Overdue Contacts' })).toBeVisible();
      await page.getByRole('button', { name: 'Grid', exact: true }).click();
      await page.getByLabel('Group by List').uncheck();
      await screenshot(page, 'contacts-overdue', {
        shows: [page.getByRole('heading', { name: 'Overdue Contacts' }), page.getByTestId('contact-card').first()],
      });

      await page.getByRole('button', { name: 'Add Contact' }).first().click();
      await page.getByRole('dialog').getByRole('button', { name: 'Add Contact' }).click();
      // Submitted empty: the form shows its errors.
      await screenshot(page, 'dialog-contact-form', {
        dialog: true,
        shows: [
          page.getByRole('dialog', { name: 'Add Contact' }).getByText('First name is required'),
          page.getByRole('dialog').getByText('Last name is required'),
        ],
      });
      await closeDialog(page);
      await page
        .getByRole('button', { name: /^Edit / })
        .first()
        .click();
      await screenshot(page, 'dialog-contact-edit', {
        dialog: true,
        shows: page.getByRole('dialog', { name: 'Edit Contact' }),
      });
      await closeDialog(page);
      await page
        .getByRole('button', { name: /^Update status of/ })
        .first()
        .click();
      await screenshot(page, 'dialog-update-status', {
        dialog: true,
        shows: page.getByRole('dialog', { name: 'Update Status' }),
      });
      await closeDialog(page);
      await page
        .getByRole('button', { name: /^Delete / })
        .first()
        .click();
      await page.getByRole('dialog').getByRole('textbox').fill('DELETE');
      await screenshot(page, 'dialog-delete-contact', {
        dialog: true,
        shows: page.getByRole('dialog', { name: 'Delete Contact' }).getByRole('textbox'),
      });
      await expect(page.getByRole('dialog').getByRole('textbox')).toHaveValue('DELETE');
      await closeDialog(page);
      await page.getByRole('button', { name: 'Import Contacts' }).click();
      await screenshot(page, 'dialog-import', {
        dialog: true,
        shows: page.getByRole('dialog', { name: 'Import Contacts' }),
      });
      await page.getByRole('dialog').getByLabel('vCard file').setInputFiles(vcard);
      await screenshot(page, 'dialog-import-preview', {
        dialog: true,
        shows: page.getByRole('dialog').getByRole('listitem').first(),
      });
    });

    test('lists', async ({ page, request }) => {
      await openAs(page, await loginAs(request, 'demo@kith.app', 'demo1234'), '/lists');
      await screenshot(page, 'lists', { shows: page.getByTestId('list-card').first() });
      await page.getByRole('button', { name: 'List', exact: true }).click();
      // List-view rows are <li>s, grid cards <article>s.
      await screenshot(page, 'lists-list-view', { shows: page.locator('li[data-testid="list-card"]').first() });
      await page.getByRole('button', { name: 'Grid', exact: true }).click();
      await expect(page.locator('article[data-testid="list-card"]').first()).toBeVisible();
      await page
        .getByRole('button', { name: /^Actions for / })
        .first()
        .click();
      await screenshot(page, 'lists-card-menu', {
        shows: [page.getByRole('menu'), page.getByRole('menuitem', { name: 'Delete' })],
      });
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Create New List' }).click();
      await page.getByLabel('Reminder interval').selectOption('custom');
      await page.getByRole('dialog').getByRole('button', { name: 'Create List' }).click();
      // Submitted empty with a custom interval: the form shows its errors.
      await screenshot(page, 'dialog-list-form', {
        dialog: true,
        shows: page.getByRole('dialog', { name: 'Create New List' }).getByText('List name is required'),
      });
      await closeDialog(page);
      await page
        .getByRole('button', { name: /^Actions for / })
        .first()
        .click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      await screenshot(page, 'dialog-list-delete', {
        dialog: true,
        shows: page.getByRole('dialog', { name: /^Delete "/ }),
      });
      await closeDialog(page);
      await page.getByRole('link', { name: 'View Contacts' }).first().click();
      await screenshot(page, 'list-contacts', { shows: page.getByRole('heading', { name: / Contacts$/ }) });
    });

    test('empty states and failure fallbacks', async ({ page, request }) => {
      const user = await registerUser(request, 'Newcomer');
      await openAs(page, user, '/dashboard');
      await screenshot(page, 'dashboard-empty', {
        shows: page.getByRole('heading', { name: "Welcome to Kith! Let's get you started" }),
      });
      await page.goto('/contacts');
      await screenshot(page, 'contacts-empty', { shows: page.getByRole('heading', { name: 'No contacts found' }) });
      await page.goto('/contacts?filter=overdue');
      await screenshot(page, 'contacts-overdue-empty', {
        shows: page.getByRole('heading', { name: 'No overdue contacts' }),
      });
      await page.goto('/lists');
      await screenshot(page, 'lists-empty', { shows: page.getByRole('heading', { name: 'No lists yet' }) });

      const down = {
        status: 503,
        contentType: 'application/json',
        body: '{"success":false,"error":"Service temporarily unavailable","code":"SERVICE_UNAVAILABLE"}',
      };
      await page.route('**/api/lists?*', (route) => route.fulfill(down));
      for (const [path, title, name] of [
        ['/lists', 'Lists Loading Error', 'lists-error'],
        ['/dashboard', 'Dashboard Loading Error', 'dashboard-error'],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole('heading', { name: title })).toBeVisible();
        await screenshot(page, name, { shows: page.getByRole('heading', { name: title }) });
      }
      await page.route('**/api/contacts?*', (route) => route.fulfill(down));
      await page.goto('/contacts');
      await expect(page.getByRole('heading', { name: 'Contacts Loading Error' })).toBeVisible();
      await screenshot(page, 'contacts-error', {
        shows: page.getByRole('heading', { name: 'Contacts Loading Error' }),
      });
    });
  });
}
