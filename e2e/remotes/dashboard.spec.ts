import { expect, test } from '@playwright/test';
import { toLocalInput } from './dates.js';
import { apiAs, daysAgo, openAs, registerUser } from './support.js';

test('logging a contact takes it off the overdue list and the dashboard count drops', async ({ page, request }) => {
  const user = await registerUser(request);
  const api = apiAs(request, user);
  await api.post('/contacts', { firstName: 'Olive', lastName: 'Never' });
  await api.post('/contacts', {
    firstName: 'Otto',
    lastName: 'Late',
    phoneNumber: '+1 555 0100',
    lastContactDate: daysAgo(100),
  });
  await api.post('/contacts', { firstName: 'Rita', lastName: 'Recent', lastContactDate: daysAgo(2) });

  await openAs(page, user, '/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard', exact: true })).toBeVisible();
  await expect(page.getByText('Stay connected with your friends and loved ones')).toBeVisible();
  await expect(page.getByTestId('stat-total-contacts')).toContainText('3');
  await expect(page.getByTestId('stat-overdue-contacts')).toContainText('2');
  await expect(page.getByTestId('overdue-count')).toHaveText('2 contacts need attention');
  const olive = page.getByTestId('overdue-contact').filter({ hasText: 'Olive Never' });
  await expect(olive).toContainText('Never contacted');

  // A date in the future is refused.
  await olive.getByRole('button', { name: 'Log Contact' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log Contact with Olive Never' });
  await expect(dialog.getByRole('radio', { name: 'Phone Call' })).toHaveAttribute('aria-checked', 'true');
  await dialog.getByLabel('Date and time').fill(toLocalInput(new Date(Date.now() + 2 * 86_400_000)));
  await dialog.getByRole('button', { name: 'Log Contact' }).click();
  await expect(dialog.getByText('Date cannot be later than today')).toBeVisible();

  await dialog.getByRole('radio', { name: 'Text Message' }).click();
  await dialog.getByRole('button', { name: 'Yesterday' }).click();
  await dialog.getByLabel('Notes (optional)').fill('  Caught up about her trip  ');
  await dialog.getByRole('button', { name: 'Log Contact' }).click();
  await expect(page.getByText('Contact logged successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('overdue-count')).toHaveText('1 contact needs attention');
  await expect(page.getByTestId('stat-overdue-contacts')).toContainText('1');
  await expect(olive).toHaveCount(0);

  // The overdue contacts route agrees.
  await page.getByTestId('stat-overdue-contacts').click();
  await expect(page).toHaveURL(/\/contacts\?filter=overdue$/);
  await expect(page.getByRole('heading', { name: 'Overdue Contacts' })).toBeVisible();
  await expect(page.getByText('1 overdue contact', { exact: true })).toBeVisible();
  await expect(page.getByTestId('contact-card')).toHaveText([/Otto Late/]);

  // Contact Now → Mark as Contacted empties the overdue list.
  await page.goto('/dashboard');
  const otto = page.getByTestId('overdue-contact').filter({ hasText: 'Otto Late' });
  await otto.getByRole('button', { name: 'Contact Now' }).click();
  const contactDialog = page.getByRole('dialog', { name: 'Contact Otto Late' });
  await expect(contactDialog.getByRole('link', { name: 'Call' })).toHaveAttribute('href', 'tel:+15550100');
  await expect(contactDialog.getByRole('link', { name: 'Text' })).toHaveAttribute('href', 'sms:+15550100');
  await contactDialog.getByRole('button', { name: 'Mark as Contacted' }).click();
  await expect(page.getByText('Contact marked as contacted')).toBeVisible();
  await expect(page.getByText("You're all caught up!")).toBeVisible();
  await expect(page.getByTestId('overdue-count')).toHaveText('0 contacts need attention');
});

test('a future reminder can be scheduled from today on', async ({ page, request }) => {
  const user = await registerUser(request);
  await apiAs(request, user).post('/contacts', { firstName: 'Sam', lastName: 'Later' });
  await openAs(page, user, '/dashboard');
  await page.getByTestId('overdue-contact').getByRole('button', { name: 'Contact Now' }).click();
  const dialog = page.getByRole('dialog', { name: 'Contact Sam Later' });
  await dialog.getByRole('button', { name: 'Schedule Future Reminder' }).click();
  const schedule = dialog.getByRole('button', { name: 'Schedule Reminder' });
  await expect(schedule).toBeDisabled();
  const nextWeek = new Date(Date.now() + 7 * 86_400_000);
  await expect(dialog.getByLabel('Reminder date')).toHaveAttribute('min', toLocalInput(new Date()).slice(0, 10));
  await dialog.getByLabel('Reminder date').fill(toLocalInput(nextWeek).slice(0, 10));
  await dialog.getByLabel('Note (optional)').fill('Ask about the new flat');
  await schedule.click();
  await expect(page.getByText('Reminder scheduled successfully')).toBeVisible();
});
