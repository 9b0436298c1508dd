import { expect, test } from '@playwright/test';
import { elementsPastRightEdge } from '../support/screens.js';
import { openAs, registerUser } from './support.js';

test('add, edit, search and delete contacts', async ({ page, request }) => {
  const user = await registerUser(request);
  await openAs(page, user, '/contacts');

  await expect(page.getByRole('heading', { name: 'No contacts found' })).toBeVisible();
  await expect(page.getByText('Add your first contact to get started with relationship management.')).toBeVisible();

  // Add: the form refuses empty names and an interval above 365 days.
  await page.getByRole('button', { name: 'Add Contact' }).first().click();
  const form = page.getByRole('dialog', { name: 'Add Contact' });
  await form.getByRole('button', { name: 'Add Contact' }).click();
  await expect(form.getByText('First name is required')).toBeVisible();
  await expect(form.getByText('Last name is required')).toBeVisible();
  await expect(form.getByText("Leave empty to use the list's interval, or 90 days if there is no list.")).toBeVisible();
  await form.getByLabel('First name *').fill('Marie');
  await form.getByLabel('Last name *').fill('Curie');
  await form.getByLabel('Email').fill('marie@example.com');
  await form.getByLabel('Phone number').fill('+33 1 44 27 00 00');
  await form.getByLabel('Custom reminder (days)').fill('400');
  await form.getByRole('button', { name: 'Add Contact' }).click();
  await expect(form.getByText('Must be less than 365 days')).toBeVisible();
  await form.getByLabel('Custom reminder (days)').fill('30');
  await form.getByRole('button', { name: 'Add Contact' }).click();
  await expect(page.getByText('Contact created successfully')).toBeVisible();
  await expect(page.getByTestId('contact-card').filter({ hasText: 'Marie Curie' })).toContainText(
    'Last contact: Never',
  );

  await page.getByRole('button', { name: 'Add Contact' }).first().click();
  await form.getByLabel('First name *').fill('Pierre');
  await form.getByLabel('Last name *').fill('Curie');
  await form.getByLabel('Notes').fill('Physicist, likes piezoelectricity');
  await form.getByRole('button', { name: 'Add Contact' }).click();
  await expect(page.getByTestId('contact-card')).toHaveCount(2);
  await expect(page.getByText('2 contacts found')).toBeVisible();

  // Search: notes, email and name, case-insensitive; no match has its own empty state.
  const search = page.getByPlaceholder('Search contacts by name, email, phone, or notes...');
  await search.fill('PIEZO');
  await expect(page.getByText('1 contact found matching search')).toBeVisible();
  await expect(page.getByTestId('contact-card')).toHaveText([/Pierre Curie/]);
  await search.fill('marie@example');
  await expect(page.getByTestId('contact-card')).toHaveText([/Marie Curie/]);
  await search.fill('nobody at all');
  await expect(page.getByRole('heading', { name: 'No matching contacts' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear search' }).first().click();
  await expect(page.getByTestId('contact-card')).toHaveCount(2);

  // Edit, and the change is still there after a reload.
  await page.getByRole('button', { name: 'Edit Marie Curie' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Contact' });
  await expect(edit.getByLabel('Email')).toHaveValue('marie@example.com');
  await edit.getByLabel('Last name *').fill('Skłodowska-Curie');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Contact updated successfully')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('contact-card').filter({ hasText: 'Marie Skłodowska-Curie' })).toBeVisible();
  // A long name fits a phone screen, as a card and as a row.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await elementsPastRightEdge(page)).toEqual([]);
  await page.getByRole('button', { name: 'List', exact: true }).click();
  expect(await elementsPastRightEdge(page)).toEqual([]);
  await page.getByRole('button', { name: 'Grid', exact: true }).click();
  await page.setViewportSize({ width: 1280, height: 800 });

  // Delete: enabled only by exactly DELETE or the full name.
  await page.getByRole('button', { name: 'Delete Pierre Curie' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Contact' });
  const deleteButton = confirm.getByRole('button', { name: 'Delete Contact' });
  await expect(deleteButton).toBeDisabled();
  await confirm.getByRole('textbox').fill('delete');
  await expect(deleteButton).toBeDisabled();
  await confirm.getByRole('textbox').fill('Pierre Curie');
  await expect(deleteButton).toBeEnabled();
  await deleteButton.click();
  await expect(page.getByText('Contact deleted successfully')).toBeVisible();
  await expect(page.getByTestId('contact-card')).toHaveCount(1);
  await page.reload();
  await expect(page.getByTestId('contact-card')).toHaveText([/Marie Skłodowska-Curie/]);
  await expect(page.getByText('1 contact found')).toBeVisible();

  // A delete that fails (here: the contact was already removed from another device) keeps the
  // card and says so in an alert.
  const [marie] = (
    await (await request.get('/api/contacts', { headers: { authorization: `Bearer ${user.accessToken}` } })).json()
  ).data.items;
  expect(
    (
      await request.delete(`/api/contacts/${marie._id}`, { headers: { authorization: `Bearer ${user.accessToken}` } })
    ).status(),
  ).toBe(200);
  await page.getByRole('button', { name: 'Delete Marie Skłodowska-Curie' }).click();
  await confirm.getByRole('textbox').fill('DELETE');
  await confirm.getByRole('button', { name: 'Delete Contact' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Failed to delete contact. Please try again.' }),
  ).toBeVisible();
  await expect(page.getByTestId('contact-card')).toHaveCount(1);
  await page
    .getByRole('alert')
    .filter({ hasText: 'Failed to delete contact. Please try again.' })
    .getByRole('button', { name: 'Dismiss' })
    .click();
  await expect(page.getByText('Failed to delete contact. Please try again.')).toHaveCount(0);
});
