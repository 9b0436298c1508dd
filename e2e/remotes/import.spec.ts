import { expect, test } from '@playwright/test';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openAs, registerUser } from './support.js';

const fixture = (name: string) => join(dirname(fileURLToPath(import.meta.url)), 'fixtures', name);

test('import a vCard file, then see duplicates refused on a second import', async ({ page, request }) => {
  const user = await registerUser(request);
  await openAs(page, user, '/contacts');

  await page.getByRole('button', { name: 'Import Contacts' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Contacts' });
  const fileInput = dialog.getByLabel('vCard file');

  // The drop zone refuses other file types with react-dropzone's wording.
  await fileInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(dialog.getByText(/File type must be/)).toBeVisible();

  await fileInput.setInputFiles(fixture('scientists.vcf'));
  await expect(page.getByText('Parsed 3 valid contacts')).toBeVisible();
  const rows = dialog.getByRole('listitem');
  await expect(rows).toHaveCount(4);
  await expect(dialog.getByRole('checkbox', { name: 'Import Ada Lovelace' })).toBeChecked();
  const invalid = rows.filter({ hasText: 'Invalid' });
  await expect(invalid.getByRole('checkbox')).toBeDisabled();
  await expect(invalid.getByRole('checkbox')).not.toBeChecked();
  // Leave Mary for the second import.
  await dialog.getByRole('checkbox', { name: 'Import Mary Somerville' }).uncheck();
  await dialog.getByRole('button', { name: 'Import 2 Contacts' }).click();
  await expect(page.getByText('Successfully imported 2 contacts')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('contact-card')).toHaveCount(2);

  // Second import: the two already imported are duplicates and cannot be selected.
  await page.getByRole('button', { name: 'Import Contacts' }).click();
  await expect(dialog.getByText('Drag a vCard file here, or click to choose one')).toBeVisible();
  await fileInput.setInputFiles(fixture('scientists.vcf'));
  const duplicates = dialog.getByRole('listitem').filter({ hasText: 'Duplicate' });
  await expect(duplicates).toHaveCount(2);
  for (const checkbox of await duplicates.getByRole('checkbox').all()) {
    await expect(checkbox).toBeDisabled();
    await expect(checkbox).not.toBeChecked();
  }
  await expect(dialog.getByText('1 of 1 selected')).toBeVisible();
  await dialog.getByRole('checkbox', { name: 'Import Mary Somerville' }).uncheck();
  await dialog.getByRole('button', { name: 'Import 0 Contacts' }).click();
  await expect(dialog.getByText('Please select at least one contact to import')).toBeVisible();
  await dialog.getByRole('checkbox', { name: 'Import Mary Somerville' }).check();
  await dialog.getByRole('button', { name: 'Import 1 Contact' }).click();
  await expect(page.getByText('Successfully imported 1 contact')).toBeVisible();
  await expect(page.getByTestId('contact-card')).toHaveCount(3);
  await expect(page.getByText('3 contacts found')).toBeVisible();
});
