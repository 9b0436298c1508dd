import { expect, test } from '@playwright/test';
import { apiAs, daysAgo, openAs, registerUser } from './support.js';

test('create a list with a custom interval, move contacts into it and see its counts', async ({ page, request }) => {
  const user = await registerUser(request);
  const api = apiAs(request, user);
  await api.post('/contacts', { firstName: 'Alma', lastName: 'Twenty', lastContactDate: daysAgo(20) });
  await api.post('/contacts', { firstName: 'Bruno', lastName: 'Never' });

  await openAs(page, user, '/lists');
  await expect(page.getByRole('heading', { name: 'Contact Lists' })).toBeVisible();
  await expect(page.getByText('Organize your contacts into groups with custom reminder intervals')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No lists yet' })).toBeVisible();
  await expect(page.getByText('Sort by')).toHaveCount(0);

  await page.getByRole('button', { name: 'Create Your First List' }).click();
  const form = page.getByRole('dialog', { name: 'Create New List' });
  await form.getByRole('button', { name: 'Create List' }).click();
  await expect(form.getByText('List name is required')).toBeVisible();
  await form.getByLabel('List Name *').fill('Book Club');
  await form.getByLabel('Description').fill('Second Tuesday of the month');
  await form.getByLabel('Reminder interval').selectOption('custom');
  await form.getByLabel('Custom days *').fill('0');
  await form.getByRole('button', { name: 'Create List' }).click();
  await expect(form.getByText('Must be at least 1 day')).toBeVisible();
  await form.getByLabel('Custom days *').fill('14');
  await form.getByRole('button', { name: 'Colour #10b981' }).click();
  await form.getByRole('button', { name: 'Create List' }).click();
  await expect(page.getByText('List created successfully')).toBeVisible();
  const card = page.getByTestId('list-card').filter({ hasText: 'Book Club' });
  await expect(card).toContainText('Every 14 days');
  await expect(card).toContainText('Up to date');

  // Move Alma through Update Status and Bruno through the edit form.
  await page.goto('/contacts');
  await page.getByRole('button', { name: 'Update status of Alma Twenty' }).click();
  const status = page.getByRole('dialog', { name: 'Update Status' });
  await status.getByLabel('List').selectOption({ label: 'Book Club' });
  await status.getByRole('button', { name: 'Update Status' }).click();
  await expect(page.getByText('Contact status updated successfully')).toBeVisible();
  await page.getByRole('button', { name: 'Edit Bruno Never' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Contact' });
  await edit.getByLabel('List').selectOption({ label: 'Book Club' });
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Contact updated successfully')).toBeVisible();

  // Alma (20 days > 14) and Bruno (never) are both overdue in the list.
  await page.goto('/lists');
  await expect(card.locator('dt:has-text("Total") + dd')).toHaveText('2');
  await expect(card.locator('dt:has-text("Overdue") + dd')).toHaveText('2');
  await expect(card).toContainText('Needs attention');
  await card.getByRole('link', { name: 'View Contacts' }).click();
  await expect(page).toHaveURL(/\/lists\/[^/]+$/);
  await expect(page.getByRole('heading', { name: 'Book Club Contacts' })).toBeVisible();
  await expect(page.getByText('2 contacts in this list')).toBeVisible();

  // A non-preset interval opens in Custom mode; switching to Monthly leaves only Bruno overdue.
  await page.goto('/lists');
  await card.getByRole('button', { name: 'Actions for Book Club' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const editList = page.getByRole('dialog', { name: 'Edit List' });
  await expect(editList.getByLabel('Reminder interval')).toHaveValue('custom');
  await expect(editList.getByLabel('Custom days *')).toHaveValue('14');
  await editList.getByLabel('Reminder interval').selectOption('30');
  await editList.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('List updated successfully')).toBeVisible();
  await expect(card).toContainText('Monthly');
  await expect(card.locator('dt:has-text("Overdue") + dd')).toHaveText('1');

  await card.getByRole('button', { name: 'Actions for Book Club' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('Are you sure you want to delete this list? This action cannot be undone.');
  await confirm.getByRole('button', { name: 'Delete List' }).click();
  await expect(page.getByText('List deleted successfully')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No lists yet' })).toBeVisible();
});

test("a list that is not the user's shows 'List not found'", async ({ page, request }) => {
  const owner = await registerUser(request, 'Owner');
  const secret = await apiAs(request, owner).post<{ _id: string }>('/lists', { name: 'Private' });
  const stranger = await registerUser(request, 'Stranger');
  await openAs(page, stranger, `/lists/${secret._id}`);
  await expect(page.getByRole('heading', { name: 'List not found' })).toBeVisible();
  await expect(page.getByText('Private')).toHaveCount(0);
  await page.getByRole('link', { name: 'Back to lists' }).click();
  await expect(page).toHaveURL(/\/lists$/);
});
