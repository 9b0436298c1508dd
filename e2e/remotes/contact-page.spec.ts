import { expect, test } from '@playwright/test';
import { snap } from '../support/screens.js';
import { apiAs, daysAgo, openAs, registerUser, type SeededContact } from './support.js';

const monthDayIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(4, 10);

test('open a contact from the list, see a logged note in its timeline, edit and delete entries', async ({
  page,
  request,
}) => {
  const user = await registerUser(request);
  const api = apiAs(request, user);
  const ada = await api.post<SeededContact>('/contacts', {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    company: 'Analytical Engines',
    jobTitle: 'Programmer',
    birthday: `1815${monthDayIn(3)}`,
    phones: [{ label: 'work', value: '+44 20 7946 0001' }],
    customReminderDays: 30,
  });
  await api.post('/communications/log', {
    contactId: ada._id,
    type: 'EMAIL',
    timestamp: daysAgo(20),
    notes: 'Sent the notes on the engine',
  });

  await openAs(page, user, '/contacts');
  await page.getByRole('link', { name: 'Ada Lovelace' }).click();
  await expect(page).toHaveURL(new RegExp(`/contacts/${ada._id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Contacts');
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Ada Lovelace');
  await expect(page.getByTestId('contact-status')).toHaveText('Due in 10 days');
  await expect(page.getByTestId('contact-interval')).toHaveText('Monthly (custom interval)');
  await expect(page.getByTestId('contact-facts')).toContainText('+44 20 7946 0001');
  await expect(page.getByTestId('contact-facts')).toContainText('Analytical Engines');
  await expect(page.getByTestId('contact-facts')).toContainText('in 3 days');

  // Log a contact with a note: the note is in the timeline, newest first, and the status resets.
  await page.keyboard.press('l');
  const log = page.getByRole('dialog', { name: 'Log Contact with Ada Lovelace' });
  await log.getByRole('radio', { name: 'In Person' }).click();
  await log.getByLabel('Notes').fill('Coffee, talked about Babbage');
  await log.getByRole('button', { name: 'Log Contact' }).click();
  const entries = page.getByTestId('timeline-entry');
  await expect(entries).toHaveCount(2);
  await expect(entries.first()).toContainText('In Person');
  await expect(entries.first()).toContainText('Coffee, talked about Babbage');
  await expect(entries.nth(1)).toContainText('Sent the notes on the engine');
  await expect(page.getByTestId('contact-status')).toHaveText('Due in 30 days');
  await snap(page, 'contact-page');

  // Edit the newest entry: move it 40 days back; the email of 20 days ago becomes the last contact.
  // Midnight of that day, so it is a full 40 days ago at any time of today (10:00 was only 39 days
  // ago before 10:00, and the status then read 'Overdue by 9 days').
  await entries.first().getByRole('button', { name: /^Edit/ }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Interaction' });
  const moved = new Date(Date.now() - 40 * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  await edit
    .getByLabel('Date and time')
    .fill(`${moved.getFullYear()}-${pad(moved.getMonth() + 1)}-${pad(moved.getDate())}T00:00`);
  await edit.getByLabel('Duration (minutes)').fill('45');
  await edit.getByLabel('Notes').fill('Coffee, talked about Babbage and the engine');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(entries.first()).toContainText('Sent the notes on the engine');
  await expect(entries.nth(1)).toContainText('Coffee, talked about Babbage and the engine');
  await expect(entries.nth(1)).toContainText('45 min');
  await expect(page.getByTestId('contact-status')).toHaveText('Due in 10 days');

  // Delete the email: the moved coffee (40 days ago) is now the last contact, so Ada is overdue.
  await entries
    .first()
    .getByRole('button', { name: /^Delete/ })
    .click();
  await page
    .getByRole('dialog', { name: 'Delete Interaction' })
    .getByRole('button', { name: 'Delete Interaction' })
    .click();
  await expect(entries).toHaveCount(1);
  await expect(page.getByTestId('contact-status')).toHaveText('Overdue by 10 days');

  // Delete the person with the spec's confirmation; back on the list, they are gone.
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Contact' });
  await expect(confirm.getByRole('button', { name: 'Delete Contact' })).toBeDisabled();
  await confirm.getByRole('textbox').fill('DELETE');
  await confirm.getByRole('button', { name: 'Delete Contact' }).click();
  await expect(page).toHaveURL(/\/contacts$/);
  await expect(page.getByRole('heading', { name: 'No contacts found' })).toBeVisible();
});

test('a foreign or unknown contact id shows not found with a way back', async ({ page, request }) => {
  const owner = await registerUser(request);
  const theirs = await apiAs(request, owner).post<SeededContact>('/contacts', {
    firstName: 'Private',
    lastName: 'Person',
  });
  const user = await registerUser(request);
  await openAs(page, user, `/contacts/${theirs._id}`);
  await expect(page.getByRole('heading', { name: 'Contact not found' })).toBeVisible();
  await expect(page.getByText('Private Person')).toHaveCount(0);
  await page.getByRole('link', { name: 'Back to contacts' }).click();
  await expect(page).toHaveURL(/\/contacts$/);
});

test("an imported card's company, second phone and birthday show on its page", async ({ page, request }) => {
  const user = await registerUser(request);
  await openAs(page, user, '/contacts');
  const card = [
    'BEGIN:VCARD',
    'VERSION:3.0',
    'N:Hopper;Grace;;;',
    'ORG:US Navy;Computing',
    'TITLE:Rear Admiral',
    'TEL;TYPE=CELL,PREF:+1 202 555 0100',
    'TEL;TYPE=WORK:+1 202 555 0199',
    'BDAY:--1209',
    'END:VCARD',
    '',
  ].join('\r\n');
  await page.getByRole('button', { name: 'Import Contacts' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Contacts' });
  await dialog
    .getByLabel('vCard file')
    .setInputFiles({ name: 'grace.vcf', mimeType: 'text/vcard', buffer: Buffer.from(card) });
  await expect(dialog.getByTestId('import-kept')).toHaveText('Also keeps: Company, Job title, Birthday, 1 more phone');
  await dialog.getByRole('button', { name: 'Import 1 Contact' }).click();
  await expect(page.getByText('Successfully imported 1 contact')).toBeVisible();
  await page.getByRole('link', { name: 'Grace Hopper' }).click();
  const facts = page.getByTestId('contact-facts');
  await expect(facts).toContainText('Rear Admiral, US Navy, Computing');
  await expect(facts).toContainText('+1 202 555 0199');
  await expect(facts).toContainText('Phone (work)');
  await expect(facts).toContainText('9 December');
});

test('keyboard: / focuses search, n opens Add Contact, ? shows the shortcuts; More details in the form', async ({
  page,
  request,
}) => {
  const user = await registerUser(request);
  await openAs(page, user, '/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await page.keyboard.press('/');
  await expect(page.getByPlaceholder('Search contacts by name, email, phone, or notes...')).toBeFocused();
  await page.keyboard.press('Escape');
  await page.locator('body').click();
  await page.keyboard.press('?');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toContainText('Log contact');
  await page.keyboard.press('Escape');
  await page.keyboard.press('n');
  const form = page.getByRole('dialog', { name: 'Add Contact' });
  await expect(form).toBeVisible();
  await form.getByLabel('First name *').fill('Katherine');
  await form.getByLabel('Last name *').fill('Johnson');
  await form.getByText('More details').click();
  await form.getByLabel('Birthday day').selectOption('26');
  await form.getByLabel('Birthday month').selectOption({ label: 'August' });
  await form.getByLabel('Company').fill('NASA');
  await form.getByRole('button', { name: 'Add phone' }).click();
  await form.getByLabel('Additional phone 1').fill('+1 757 555 0142');
  await snap(page, 'contact-form-more-details', { fullPage: false });
  await form.getByRole('button', { name: 'Add Contact' }).click();
  await expect(page.getByText('Contact created successfully')).toBeVisible();
  await page.getByRole('link', { name: 'Katherine Johnson' }).click();
  await expect(page.getByTestId('contact-facts')).toContainText('26 August');
  await expect(page.getByTestId('contact-facts')).toContainText('+1 757 555 0142');
  await expect(page.getByTestId('contact-facts')).toContainText('NASA');
});

test('dashboard: upcoming birthdays link to the person', async ({ page, request }) => {
  const user = await registerUser(request);
  const api = apiAs(request, user);
  await api.post('/contacts', {
    firstName: 'Today',
    lastName: 'Person',
    birthday: `-${monthDayIn(0)}`,
    lastContactDate: daysAgo(1),
  });
  await api.post('/contacts', {
    firstName: 'Soon',
    lastName: 'Person',
    birthday: `1990${monthDayIn(5)}`,
    lastContactDate: daysAgo(1),
  });
  await openAs(page, user, '/dashboard');
  const panel = page.getByTestId('birthdays-panel');
  await expect(panel.getByRole('listitem')).toHaveCount(2);
  await expect(panel.getByRole('listitem').first()).toContainText('Today');
  await expect(panel.getByRole('listitem').nth(1)).toContainText(
    `turns ${new Date(Date.now() + 5 * 86_400_000).getUTCFullYear() - 1990}`,
  );
  await snap(page, 'dashboard-birthdays');
  await panel.getByRole('link', { name: 'Soon Person' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Soon Person' })).toBeVisible();
});

test("from the dashboard's overdue section to the page: Edit, Contact Now and Schedule Future Reminder", async ({
  page,
  request,
}) => {
  const user = await registerUser(request);
  const api = apiAs(request, user);
  const ada = await api.post<SeededContact>('/contacts', {
    firstName: 'Ada',
    lastName: 'Lovelace',
    phoneNumber: '+44 20 7946 0001',
    lastContactDate: daysAgo(100),
  });

  // The name in Overdue Contacts is a link to the person's page.
  await openAs(page, user, '/dashboard');
  await page.getByTestId('overdue-contact').getByRole('link', { name: 'Ada Lovelace' }).click();
  await expect(page).toHaveURL(new RegExp(`/contacts/${ada._id}$`));
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText('Ada Lovelace');
  await expect(page.getByTestId('contact-status')).toHaveText('Overdue by 10 days');

  // Edit: the saved fields are on the page at once.
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Contact' });
  await expect(edit.getByLabel('First name *')).toHaveValue('Ada');
  await edit.getByLabel('Last name *').fill('King');
  await edit.getByLabel('Notes').fill('Countess of Lovelace');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Contact updated successfully')).toBeVisible();
  await expect(edit).toHaveCount(0);
  await expect(heading).toHaveText('Ada King');
  await expect(page.getByTestId('contact-facts')).toContainText('Countess of Lovelace');
  // The shell's breadcrumb and the document title follow the new name.
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Ada King');
  await expect(page).toHaveTitle(/Ada King/);

  // Contact Now: call and text her number, or mark her as contacted, which restarts the 90 days.
  await page.getByRole('button', { name: 'Contact Now' }).click();
  const reach = page.getByRole('dialog', { name: 'Contact Ada King' });
  await expect(reach.getByRole('link', { name: 'Call' })).toHaveAttribute('href', 'tel:+442079460001');
  await expect(reach.getByRole('link', { name: 'Text' })).toHaveAttribute('href', 'sms:+442079460001');
  await expect(reach.getByRole('button', { name: 'Schedule Future Reminder' })).toBeVisible();
  await reach.getByRole('button', { name: 'Mark as Contacted' }).click();
  await expect(page.getByText('Contact marked as contacted')).toBeVisible();
  await expect(reach).toHaveCount(0);
  await expect(page.getByTestId('contact-status')).toHaveText('Due in 90 days');

  // Schedule Future Reminder opens on the form; the reminder then shows on the page.
  await page.getByRole('button', { name: 'Schedule Future Reminder' }).click();
  const schedule = page.getByRole('dialog', { name: 'Contact Ada King' });
  const inFiveDays = await page.evaluate(() => {
    const day = new Date();
    day.setDate(day.getDate() + 5);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
  });
  await schedule.getByLabel('Reminder date').fill(inFiveDays);
  await schedule.getByLabel('Note (optional)').fill('Ask about the engine');
  await schedule.getByRole('button', { name: 'Schedule Reminder' }).click();
  await expect(page.getByText('Reminder scheduled successfully')).toBeVisible();
  await expect(schedule).toHaveCount(0);
  const saved = await api.get<{ reminderDate: string; reminderNotes: string }>(`/contacts/${ada._id}`);
  expect(saved.reminderNotes).toBe('Ask about the engine');
  const shownDay = await page.evaluate(
    (iso) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' }),
    saved.reminderDate,
  );
  await expect(page.getByText(`Reminder on ${shownDay}: Ask about the engine`)).toBeVisible();
});
