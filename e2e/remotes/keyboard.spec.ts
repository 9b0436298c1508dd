import { expect, test } from '@playwright/test';
import { tabUntil } from '../support/a11y.js';
import { openAs, registerUser } from './support.js';

/**
 * Everything by keyboard, the mouse never used: add a contact, log an interaction with them and
 * delete them. Every step starts from where focus is, as a keyboard user would.
 */
test('a keyboard-only user adds a contact, logs it and deletes it', async ({ page, request }) => {
  const user = await registerUser(request, 'Keys');
  await openAs(page, user, '/contacts');
  // The first screen of a run may wait for a cold stack.
  await expect(page.getByRole('heading', { name: 'No contacts found' })).toBeVisible({ timeout: 30_000 });

  // Skip link first, then on to the page's own Add Contact.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await tabUntil(page, (focused) => focused.tag === 'button' && focused.text === 'Add Contact');
  await page.keyboard.press('Enter');

  const form = page.getByRole('dialog', { name: 'Add Contact' });
  await expect(form).toBeVisible();
  await expect(form.getByLabel('First name *')).toBeFocused();
  await page.keyboard.type('Kira');
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('Last name *')).toBeFocused();
  await page.keyboard.type('Keyboard');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Contact created successfully')).toBeVisible();
  await expect(form).toBeHidden();
  const card = page.getByTestId('contact-card').filter({ hasText: 'Kira Keyboard' });
  await expect(card).toContainText('Last contact: Never');

  // Focus went back to Add Contact; from there to the card's Log Contact.
  await tabUntil(page, (focused) => focused.text === 'Log Contact');
  await page.keyboard.press('Enter');
  const log = page.getByRole('dialog', { name: 'Log Contact with Kira Keyboard' });
  await expect(log).toBeVisible();
  await expect(log.getByRole('radio', { name: 'Phone Call' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(log.getByRole('radio', { name: 'Text Message' })).toHaveAttribute('aria-checked', 'true');
  await tabUntil(page, (focused) => focused.tag === 'textarea');
  await page.keyboard.type('Sent a birthday message');
  await tabUntil(page, (focused) => focused.tag === 'button' && focused.text === 'Log Contact');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Contact logged successfully')).toBeVisible();
  await expect(log).toBeHidden();
  await expect(card).toContainText('Last contact: today');

  await tabUntil(page, (focused) => focused.label === 'Delete Kira Keyboard', { backwards: true });
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Delete Contact' });
  await expect(confirm).toBeVisible();
  await page.keyboard.type('DELETE');
  await tabUntil(page, (focused) => focused.text === 'Delete Contact');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Contact deleted successfully')).toBeVisible();
  await expect(page.getByTestId('contact-card')).toHaveCount(0);
});
