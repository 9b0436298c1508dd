import { expect, test, type Page } from '@playwright/test';
import { apiAs, openAs, registerUser } from './support.js';

// Issue 28: a real phone export of 1 500 people must not flood the overdue screen, and the people
// who matter (listed, late for their own interval) come first.

const CARDS = 1_500;
const DAY_MS = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();
const card = (page: Page) => page.getByTestId('contact-card');

/** An address book as a phone exports it: vCard 3.0, one card per person, a name, an e-mail and a number. */
function phoneExport(count: number): string {
  return Array.from({ length: count }, (_, index) => {
    const n = String(index).padStart(4, '0');
    return [
      'BEGIN:VCARD',
      'VERSION:3.0',
      `N:Import${n};Person;;;`,
      `FN:Person Import${n}`,
      `EMAIL;TYPE=INTERNET:person${n}@phone.test`,
      `TEL;TYPE=CELL:+33 6 12 ${n.slice(0, 2)} ${n.slice(2)} 00`,
      'END:VCARD',
    ].join('\r\n');
  }).join('\r\n');
}

test('a 1 500-card import left out of reminders by default; the overdue screen shows the important people first', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const user = await registerUser(request, 'Walker');
  const api = apiAs(request, user);
  const family = await api.post<{ _id: string }>('/lists', { name: 'Family', color: '#ef4444', reminderDays: 7 });
  // Late for their own interval: 3× (21 of 7 days), 1.4× (10 of 7), 1.2× (108 of the default 90).
  for (const [firstName, lastName, days, listId] of [
    ['Sister', 'Weekly', 21.2, family._id],
    ['Brother', 'Weekly', 10.2, family._id],
    ['Old', 'Acquaintance', 108.2, null],
    ['Recent', 'Cousin', 1.2, family._id],
  ] as const)
    await api.post('/contacts', { firstName, lastName, listId, lastContactDate: daysAgo(days) });

  await openAs(page, user, '/contacts');
  await page.getByRole('button', { name: 'Import Contacts' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Contacts' });
  await dialog
    .getByLabel('vCard file')
    .setInputFiles({ name: 'phone.vcf', mimeType: 'text/vcard', buffer: Buffer.from(phoneExport(CARDS)) });
  await expect(page.getByText(`Parsed ${CARDS} valid contacts`)).toBeVisible();
  // Above 50 cards the preview proposes not to remind about them yet.
  await expect(dialog.getByRole('radio', { name: /Don't remind me about them yet/ })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: /Start their reminder timers today/ })).not.toBeChecked();
  await expect(dialog.getByRole('radio', { name: /As their history says/ })).not.toBeChecked();
  await dialog.getByRole('button', { name: `Import ${CARDS} Contacts` }).click();
  await expect(page.getByText(`Successfully imported ${CARDS} contacts`)).toBeVisible({ timeout: 60_000 });
  await expect(dialog).toBeHidden();

  // Not flooded: the overdue screen holds the three who are late, not 1 503.
  await page.goto('/contacts?filter=overdue');
  await expect(page.getByRole('heading', { name: 'Overdue Contacts' })).toBeVisible();
  await expect(page.getByText('3 overdue contacts')).toBeVisible();
  await page.getByLabel('Sort by').selectOption('priority');
  await expect(card(page)).toHaveCount(3);
  await expect(card(page).nth(0)).toContainText('Sister Weekly');
  await expect(card(page).nth(1)).toContainText('Brother Weekly');
  await expect(card(page).nth(2)).toContainText('Old Acquaintance');

  // The imported people are there, switched off, and the dashboard's count agrees.
  const imported = await api.get<{ items: { keepInTouch: boolean; isOverdue: boolean }[]; totalItems: number }>(
    '/contacts?search=import0042&limit=5',
  );
  expect(imported.items).toEqual([expect.objectContaining({ keepInTouch: false, isOverdue: false })]);
  expect((await api.get<{ overdueCount: number }>('/notifications/stats')).overdueCount).toBe(3);
  await page.goto('/contacts');
  await expect(page.getByText(`${CARDS + 4} contacts found`)).toBeVisible();
});
