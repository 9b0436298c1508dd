import { expect, test, type Page } from '@playwright/test';
import { apiAs, daysAgo, openAs, registerUser, type TestUser } from '../remotes/support.js';
import { expectNoA11yViolations, focusIsInDialog, tabUntil } from '../support/a11y.js';
import { DEMO, signIn } from '../support/accounts.js';
import { snap } from '../support/screens.js';

/** A signed-in person with a list and two contacts (one never contacted), so every screen has content. */
async function userWithData(
  request: Parameters<typeof registerUser>[0],
): Promise<{ user: TestUser; listId: string; oliveId: string }> {
  const user = await registerUser(request, 'Axel');
  const api = apiAs(request, user);
  const list = await api.post<{ _id: string }>('/lists', { name: 'Family', reminderDays: 30, color: '#ef4444' });
  const olive = await api.post<{ _id: string }>('/contacts', {
    firstName: 'Olive',
    lastName: 'Never',
    email: 'olive@example.com',
    phoneNumber: '+1 555 0100',
    listId: list._id,
    company: 'Acme',
    birthday: '--04-12',
  });
  await api.post('/contacts', { firstName: 'Ravi', lastName: 'Recent', lastContactDate: new Date().toISOString() });
  return { user, listId: list._id, oliveId: olive._id };
}

test.describe('every route', () => {
  test('public pages: titled, with lang and a skip link, and no axe violations', async ({ page }) => {
    const pages = [
      { path: '/', title: /^Kith · /, heading: /./ },
      { path: '/login', title: 'Sign In · Kith', heading: 'Welcome back' },
      { path: '/register', title: 'Create Account · Kith', heading: /./ },
      { path: '/forgot-password', title: 'Forgot Password · Kith', heading: /./ },
      { path: '/reset-password', title: 'Reset Password · Kith', heading: 'Invalid Reset Link' },
      // A reminder e-mail's action link that is not one (the confirm, done, used and expired
      // states are checked with a real link in remotes/reminders-adapt.spec.ts).
      { path: '/email-action/not-a-signed-link', title: 'Reminder · Kith', heading: 'Invalid link' },
    ];
    for (const { path, title, heading } of pages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading }).first()).toBeVisible();
      await expect(page).toHaveTitle(title);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
      await expectNoA11yViolations(page, path);
    }
    // The first Tab reaches the skip link, which moves focus to the page's content.
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');
  });

  test('signed-in screens: each has its own title and no axe violations', async ({ page, request }) => {
    const { user, listId, oliveId } = await userWithData(request);
    const screens = [
      {
        path: '/dashboard',
        title: 'Dashboard · Kith',
        ready: page.getByRole('heading', { name: 'Dashboard', level: 1 }),
      },
      { path: '/contacts', title: 'Contacts · Kith', ready: page.getByText('Olive Never') },
      { path: '/contacts?filter=overdue', title: 'Overdue Contacts · Kith', ready: page.getByText('Olive Never') },
      { path: '/lists', title: 'Lists · Kith', ready: page.getByRole('heading', { name: 'Family' }) },
      { path: `/lists/${listId}`, title: 'Family · Kith', ready: page.getByText('Olive Never') },
      { path: `/contacts/${oliveId}`, title: 'Olive Never · Kith', ready: page.getByTestId('contact-facts') },
      { path: '/settings', title: 'Settings · Kith', ready: page.getByText(user.email).first() },
      {
        path: '/no-such-page',
        title: 'Page not found · Kith',
        ready: page.getByRole('heading', { name: 'Page not found' }),
      },
    ];
    await openAs(page, user, '/dashboard');
    for (const { path, title, ready } of screens) {
      await page.goto(path);
      await expect(ready.first()).toBeVisible();
      await expect(page).toHaveTitle(title);
      await page.waitForLoadState('networkidle');
      await expectNoA11yViolations(page, path);
    }
    await page.goto('/contacts');
    await expect(page.getByText('Olive Never').first()).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  });

  test('a brand-new account is greeted with first steps, not "You\'re all caught up!"', async ({ page, request }) => {
    const user = await registerUser(request, 'Newbie');
    await openAs(page, user, '/dashboard');
    const firstSteps = page.getByTestId('first-steps');
    await expect(firstSteps.getByRole('heading', { name: "Welcome to Kith! Let's get you started" })).toBeVisible();
    await expect(page.getByText("You're all caught up!")).toHaveCount(0);
    await expectNoA11yViolations(page, 'empty dashboard');
    await snap(page, 'dashboard-first-steps');
    await firstSteps.getByRole('link', { name: 'Add a contact' }).click();
    await expect(page).toHaveURL(/\/contacts$/);
  });
});

/** Opens a dialog, checks it with axe, walks Tab around it (focus never leaves) and closes it with Escape, focus back on the opener. */
async function checkDialog(
  page: Page,
  name: string | RegExp,
  open: () => Promise<void>,
  opener: ReturnType<Page['getByRole']>,
) {
  await opener.focus();
  await open();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  expect(await focusIsInDialog(page), `${String(name)}: focus starts in the dialog`).toBe(true);
  await expectNoA11yViolations(page, `dialog ${String(name)}`);
  for (let press = 0; press < 25; press += 1) {
    await page.keyboard.press(press % 5 === 4 ? 'Shift+Tab' : 'Tab');
    expect(await focusIsInDialog(page), `${String(name)}: Tab left the dialog`).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
}

/**
 * Opens Import Contacts and chooses a vCard the keyboard way (Enter on the drop zone, then the
 * file chooser) with a new card, a duplicate of Olive and a card with no name: every kind of
 * preview row. Resolves once the preview shows, with the button that opened the dialog.
 */
async function chooseImportFileByKeyboard(page: Page, user: TestUser) {
  await openAs(page, user, '/contacts');
  await expect(page.getByTestId('contact-card').filter({ hasText: 'Olive Never' })).toBeVisible();
  const vcard = [
    'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ines Import\r\nN:Import;Ines;;;\r\nEMAIL:ines@example.com\r\nEND:VCARD',
    'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Olive Never\r\nN:Never;Olive;;;\r\nEMAIL:olive@example.com\r\nEND:VCARD',
    'BEGIN:VCARD\r\nVERSION:3.0\r\nEMAIL:nameless@example.com\r\nEND:VCARD',
  ].join('\r\n');
  const importButton = page.getByRole('button', { name: 'Import Contacts' });
  await importButton.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Import Contacts' });
  await expect(dialog).toBeVisible();
  await tabUntil(page, (focused) => focused.tag === 'div' && /Drag a vCard file here/.test(focused.text));
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press('Enter')]);
  await chooser.setFiles({ name: 'people.vcf', mimeType: 'text/vcard', buffer: Buffer.from(vcard) });
  await expect(dialog.getByRole('button', { name: /^Import \d+ Contacts?$/ })).toBeVisible();
  await expect(dialog).toContainText('Ines Import');
  return importButton;
}

test.describe('every dialog', () => {
  test('contact dialogs trap focus, return it, and pass axe', async ({ page, request }) => {
    // A Tab walk and an axe run per dialog: more than a minute on a busy machine.
    test.slow();
    const { user } = await userWithData(request);
    await openAs(page, user, '/contacts');
    const olive = page.getByTestId('contact-card').filter({ hasText: 'Olive Never' });
    await expect(olive).toBeVisible();

    const add = page.getByRole('button', { name: 'Add Contact' }).first();
    await checkDialog(page, 'Add Contact', () => add.press('Enter'), add);
    const importButton = page.getByRole('button', { name: 'Import Contacts' });
    await checkDialog(page, 'Import Contacts', () => importButton.press('Enter'), importButton);
    const log = olive.getByRole('button', { name: 'Log Contact' });
    await checkDialog(page, 'Log Contact with Olive Never', () => log.press('Enter'), log);
    const contactNow = olive.getByRole('button', { name: 'Contact Now' });
    await checkDialog(page, 'Contact Olive Never', () => contactNow.press('Enter'), contactNow);
    const status = olive.getByRole('button', { name: 'Update status of Olive Never' });
    await checkDialog(page, 'Update Status', () => status.press('Enter'), status);
    const edit = olive.getByRole('button', { name: 'Edit Olive Never' });
    await checkDialog(page, 'Edit Contact', () => edit.press('Enter'), edit);
    const remove = olive.getByRole('button', { name: 'Delete Olive Never' });
    await checkDialog(page, 'Delete Contact', () => remove.press('Enter'), remove);
  });

  test("the contact page's dialogs trap focus, return it, and pass axe", async ({ page, request }) => {
    // A Tab walk and an axe run per dialog: more than a minute on a busy machine.
    test.slow();
    const { user, oliveId } = await userWithData(request);
    await openAs(page, user, `/contacts/${oliveId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Olive Never' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const log = page.getByRole('button', { name: 'Log Contact' });
    await checkDialog(page, 'Log Contact with Olive Never', () => log.press('Enter'), log);
    const contactNow = page.getByRole('button', { name: 'Contact Now' });
    await checkDialog(page, 'Contact Olive Never', () => contactNow.press('Enter'), contactNow);
    const edit = page.getByRole('button', { name: 'Edit', exact: true });
    await checkDialog(page, 'Edit Contact', () => edit.press('Enter'), edit);
    const remove = page.getByRole('button', { name: 'Delete', exact: true });
    await checkDialog(page, 'Delete Contact', () => remove.press('Enter'), remove);
    const shortcuts = page.getByRole('button', { name: 'Keyboard shortcuts' });
    await checkDialog(page, 'Keyboard shortcuts', () => shortcuts.press('Enter'), shortcuts);
  });

  test("the timeline's Edit and Delete Interaction dialogs trap focus, return it, and pass axe", async ({
    page,
    request,
  }) => {
    const { user, oliveId } = await userWithData(request);
    await apiAs(request, user).post('/communications/log', {
      contactId: oliveId,
      type: 'EMAIL',
      timestamp: daysAgo(3),
      notes: 'Sent the garden photos',
    });
    await openAs(page, user, `/contacts/${oliveId}`);
    const entry = page.getByTestId('timeline-entry').first();
    await expect(entry).toContainText('Sent the garden photos');
    await page.waitForLoadState('networkidle');
    const edit = entry.getByRole('button', { name: /^Edit/ });
    await checkDialog(page, 'Edit Interaction', () => edit.press('Enter'), edit);
    const remove = entry.getByRole('button', { name: /^Delete/ });
    await checkDialog(page, 'Delete Interaction', () => remove.press('Enter'), remove);
  });

  test("the vCard import's preview step passes axe, keeps Tab inside, and returns focus", async ({ page, request }) => {
    const { user } = await userWithData(request);
    const importButton = await chooseImportFileByKeyboard(page, user);
    await expectNoA11yViolations(page, 'dialog Import Contacts (preview)');
    for (let press = 0; press < 25; press += 1) {
      await page.keyboard.press(press % 5 === 4 ? 'Shift+Tab' : 'Tab');
      expect(await focusIsInDialog(page), 'Import Contacts (preview): Tab left the dialog').toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Import Contacts' })).toBeHidden();
    await expect(importButton).toBeFocused();
  });

  test('after a file is chosen, focus stays inside the Import dialog, on the preview', async ({ page, request }) => {
    // The focused drop zone is replaced by the progress, then the preview: focus must follow.
    const { user } = await userWithData(request);
    await chooseImportFileByKeyboard(page, user);
    expect(await focusIsInDialog(page), 'focus after the preview appears').toBe(true);
    await expect(page.getByText(/^Preview of /)).toBeFocused();
  });

  test("Settings' Phone sync revoke dialog traps focus, returns it, and passes axe", async ({ page, request }) => {
    const user = await registerUser(request, 'Phoebe');
    await apiAs(request, user).post('/auth/app-passwords', { name: 'Work phone', currentPassword: user.password });
    await openAs(page, user, '/settings');
    const revoke = page.getByRole('button', { name: 'Revoke Work phone' });
    await expect(revoke).toBeVisible();
    await checkDialog(page, 'Revoke app password', () => revoke.press('Enter'), revoke);
  });

  test("Settings' Danger zone dialog traps focus, returns it, and passes axe", async ({ page, request }) => {
    const user = await registerUser(request, 'Dana');
    await openAs(page, user, '/settings');
    const deleteAccount = page.getByRole('button', { name: 'Delete my account' });
    await expect(deleteAccount).toBeVisible();
    await checkDialog(page, 'Delete your account?', () => deleteAccount.press('Enter'), deleteAccount);
  });

  test('list dialogs trap focus, return it, and pass axe', async ({ page, request }) => {
    // A Tab walk and an axe run per dialog: more than a minute on a busy machine.
    test.slow();
    const { user } = await userWithData(request);
    await openAs(page, user, '/lists');
    await expect(page.getByRole('heading', { name: 'Family' })).toBeVisible();
    const create = page.getByRole('button', { name: 'Create New List' });
    await checkDialog(page, 'Create New List', () => create.press('Enter'), create);

    const menu = page.getByRole('button', { name: /^Actions for / }).first();
    await menu.press('Enter');
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const editDialog = page.getByRole('dialog', { name: 'Edit List' });
    await expect(editDialog).toBeVisible();
    await expectNoA11yViolations(page, 'dialog Edit List');
    await page.keyboard.press('Escape');
    await expect(editDialog).toBeHidden();

    await menu.press('Enter');
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await expect(
      page.getByText('Are you sure you want to delete this list? This action cannot be undone.'),
    ).toBeVisible();
    await expectNoA11yViolations(page, 'dialog Delete List');
    await page.keyboard.press('Escape');
  });

  test('the demo: one overlay at a time, a tour that keeps focus, a switch that stays as set', async ({ page }) => {
    await signIn(page, DEMO.email, DEMO.password);
    const tour = page.getByTestId('tour');
    await expect(tour.getByText('Step 1 of 7')).toBeVisible();
    // The tour is the welcome: no toast or notice on top of it.
    await expect(page.locator('[data-rht-toaster] > div')).toHaveCount(0);
    await expect(tour.getByRole('button', { name: 'Next' })).toBeFocused();
    await expectNoA11yViolations(page, 'dialog tour');
    for (let press = 0; press < 8; press += 1) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[data-testid="tour"]')))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(tour).toHaveCount(0);

    await page.getByRole('button', { name: 'Reset Demo' }).click();
    await expect(page.getByText('Demo Reset')).toBeVisible();
    await expect(page.getByText(/restored automatically every hour/)).toBeVisible();
    // Toasts open below the header: never over Logout. The toast slides in from above the page, so
    // its position is read once the enter animation has settled (a snapshot taken mid-slide sat at -119).
    const logoutBox = (await page.getByRole('button', { name: 'Logout' }).boundingBox())!;
    await expect
      .poll(async () => (await page.getByText('Demo Reset').boundingBox())?.y ?? -Infinity)
      .toBeGreaterThan(logoutBox.y + logoutBox.height);

    await page.goto('/settings');
    const demoSwitch = page.getByRole('switch', { name: 'Demo mode' });
    await expect(demoSwitch).toHaveAttribute('aria-checked', 'true');
    await expectNoA11yViolations(page, '/settings in demo mode');
    await demoSwitch.click();
    await expect(page.getByRole('region', { name: 'Demo mode' })).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Demo mode' })).toHaveAttribute('aria-checked', 'false');
    await expect(page.getByRole('region', { name: 'Demo mode' })).toHaveCount(0);
    await page.getByRole('switch', { name: 'Demo mode' }).click();
    await expect(page.getByRole('region', { name: 'Demo mode' })).toBeVisible();
    await expect(page.getByText('Welcome to the Kith demo!')).toBeVisible();
  });
});

/** WCAG contrast ratio of two CSS colours (`rgb(...)`/`rgba(...)`, opaque). */
function contrast(foreground: string, background: string): number {
  const luminance = (color: string) => {
    const [r, g, b] = color
      .match(/[\d.]+/g)!
      .slice(0, 3)
      .map(Number);
    const channel = (value: number) => {
      const c = value / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * channel(r!) + 0.7152 * channel(g!) + 0.0722 * channel(b!);
  };
  const [light, dark] = [luminance(foreground), luminance(background)].sort((a, b) => b - a);
  return (light! + 0.05) / (dark! + 0.05);
}

test.describe('contrast and overlays', () => {
  test('a keyboard focus ring a person can see, readable placeholders, toasts clear of the cards', async ({
    page,
    request,
  }) => {
    const { user } = await userWithData(request);
    await openAs(page, user, '/contacts');
    await expect(page.getByText('Olive Never').first()).toBeVisible();

    // Primary button focused by keyboard: a ring of at least 2 px, ≥ 3:1 against the page (WCAG 1.4.11).
    const add = page.getByRole('button', { name: 'Add Contact' }).first();
    await tabUntil(page, (focused) => focused.text === 'Add Contact');
    await expect(add).toBeFocused();
    const ring = await add.evaluate((element) => {
      const style = getComputedStyle(element);
      return { style: style.outlineStyle, width: parseFloat(style.outlineWidth), color: style.outlineColor };
    });
    expect(ring.style).not.toBe('none');
    expect(ring.width).toBeGreaterThanOrEqual(2);
    expect(contrast(ring.color, 'rgb(248, 250, 252)')).toBeGreaterThanOrEqual(3);

    // Placeholder text (axe does not check it): ≥ 4.5:1 against its field.
    const search = page
      .getByRole('searchbox')
      .or(page.getByPlaceholder(/Search/))
      .first();
    const placeholder = await search.evaluate((element) => ({
      color: getComputedStyle(element, '::placeholder').color,
      background: getComputedStyle(element).backgroundColor,
    }));
    expect(contrast(placeholder.color, placeholder.background)).toBeGreaterThanOrEqual(4.5);

    // A toast opens below the header and over no button of a contact card, on a desktop and a phone.
    // With reduced motion, react-hot-toast fades a toast in where it rests instead of sliding it down
    // from above the page, so its box can be read the moment it exists: a success toast leaves after
    // 2 s, which a slow machine can spend between two steps of a test.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 800 });
      const olive = page.getByTestId('contact-card').filter({ hasText: 'Olive Never' });
      await olive.getByRole('button', { name: 'Log Contact' }).click();
      const dialog = page.getByRole('dialog', { name: 'Log Contact with Olive Never' });
      await dialog.getByRole('button', { name: 'Log Contact' }).click();
      const toastBox = await (
        await page.waitForFunction(() => {
          const message = [...document.querySelectorAll('[data-rht-toaster] [role="status"]')].find(
            (element) => element.textContent === 'Contact logged successfully',
          );
          // The toast's bar: the message with its icon and padding.
          const box = message?.parentElement?.getBoundingClientRect();
          return box && { x: box.x, y: box.y, width: box.width, height: box.height };
        })
      ).jsonValue();
      // Read with the dialog gone: its scroll lock can shift the page under it.
      await expect(dialog).toBeHidden();
      const header = (await page.getByRole('banner').boundingBox())!;
      expect(toastBox.y, `toast below the header at ${width} px`).toBeGreaterThanOrEqual(header.y + header.height);
      const buttons = page.getByTestId('contact-card').getByRole('button');
      for (let index = 0; index < (await buttons.count()); index += 1) {
        const box = await buttons.nth(index).boundingBox();
        if (!box) continue;
        const overlaps =
          box.x < toastBox.x + toastBox.width &&
          toastBox.x < box.x + box.width &&
          box.y < toastBox.y + toastBox.height &&
          toastBox.y < box.y + box.height;
        expect(overlaps, `toast over a card's button at ${width} px`).toBe(false);
      }
      // The next round starts with no toast on screen.
      await expect(page.getByText('Contact logged successfully')).toBeHidden();
    }
  });
});
