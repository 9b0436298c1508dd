import { expect, test } from '@playwright/test';
import { apiAs, daysAgo, openAs, registerUser } from './support.js';

test('view and sort preferences survive a reload on every screen', async ({ page, request }) => {
  const user = await registerUser(request);
  const api = apiAs(request, user);
  const family = await api.post<{ _id: string }>('/lists', { name: 'Family', reminderDays: 7 });
  await api.post('/lists', { name: 'Work', reminderDays: 90 });
  await api.post('/contacts', { firstName: 'Ann', lastName: 'First', listId: family._id });
  await api.post('/contacts', { firstName: 'Zed', lastName: 'Last', lastContactDate: daysAgo(120) });

  // Contacts: list view, sorted by date added, Z→A, grouped by list.
  await openAs(page, user, '/contacts');
  await page.getByRole('button', { name: 'List', exact: true }).click();
  await page.getByLabel('Sort by').selectOption('created');
  await page.getByRole('button', { name: /switch to descending/ }).click();
  await page.getByLabel('Group by List').check();
  await expect(page.getByRole('region', { name: 'No List' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'List', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByLabel('Sort by')).toHaveValue('created');
  await expect(page.getByRole('button', { name: /switch to ascending/ })).toHaveText(/Z→A/);
  await expect(page.getByLabel('Group by List')).toBeChecked();
  await expect(page.getByRole('region', { name: 'Family' })).toContainText('Ann First');
  await expect(page.getByRole('region', { name: 'No List' })).toContainText('Zed Last');

  // Lists: list view sorted by reminder interval, descending.
  await page.goto('/lists');
  await page.getByRole('button', { name: 'List', exact: true }).click();
  await page.getByLabel('Sort by').selectOption('reminderDays');
  await page.getByRole('button', { name: /switch to descending/ }).click();
  await expect(page.getByTestId('list-card')).toHaveText([/Work/, /Family/]);
  await page.reload();
  await expect(page.getByLabel('Sort by')).toHaveValue('reminderDays');
  await expect(page.getByTestId('list-card')).toHaveText([/Work/, /Family/]);
  await expect(page.getByRole('button', { name: 'List', exact: true })).toHaveAttribute('aria-pressed', 'true');

  // Dashboard: grouped overdue contacts sorted by name.
  await page.goto('/dashboard');
  await page.getByLabel('Group by List').check();
  await page.getByLabel('Sort by').selectOption('name');
  await page.reload();
  await expect(page.getByLabel('Group by List')).toBeChecked();
  await expect(page.getByLabel('Sort by')).toHaveValue('name');
  await expect(page.getByRole('region', { name: 'Family' })).toContainText('(1 overdue)');
});
