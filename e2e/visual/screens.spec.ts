import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { apiAs, loginAs, openAs, type TestUser } from '../remotes/support.js';

/**
 * Visual regression: the main screens at desktop and phone width, compared with the committed
 * baselines in e2e/visual/baselines (Playwright's toHaveScreenshot, tolerance in
 * e2e/playwright.config.ts). A change to how a screen looks fails here until the baselines are
 * regenerated on purpose: `npm run test:visual:update` (then look at the new pictures and commit them).
 *
 * Deterministic by construction: one account with fixed names, lists and contacts; each last
 * contact lies a fixed number of days and a half before now (the server counts "N days overdue"
 * with its own clock, in whole days, so the half day keeps every count the same on any day and at
 * any hour), UTC and en-US, animations and the caret off, and only the fonts of fonts-dejavu-core
 * on the machine. What still changes from run to run is hidden (visibility: hidden, so it keeps
 * its place and shows the background whatever its width): absolute dates ("Next due", "Last
 * contact"), the list of sessions (their order and times), the stack's port in the phone-sync address.
 */

/** Days and a half before now: a whole-day count from it stays the same for twelve hours either way. */
const daysAndAHalfAgo = (days: number) => new Date(Date.now() - (days + 0.5) * 86_400_000).toISOString();
const EMAIL = 'visual-regression@example.com';
const PASSWORD = 'correct-horse-visual-9';
const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

test.use({ timezoneId: 'UTC', locale: 'en-US' });

let user: TestUser;
let adaId: string;
let familyId: string;

/** The account of this file: registered once per stack (a retry logs in to the same one). */
async function account(request: APIRequestContext): Promise<TestUser> {
  // Never the stack's first account (its operator, whose Settings has Invitations too): whichever
  // test ran first, the pictures show an ordinary account's screens.
  const before = await request.post('/api/auth/register', {
    data: { firstName: 'First', lastName: 'Account', email: 'visual-first@example.com', password: PASSWORD },
  });
  if (before.status() !== 201 && before.status() !== 409)
    throw new Error(`register answered ${before.status()}: ${await before.text()}`);
  const registered = await request.post('/api/auth/register', {
    data: { firstName: 'Vera', lastName: 'Visual', email: EMAIL, password: PASSWORD },
  });
  if (registered.status() !== 201 && registered.status() !== 409)
    throw new Error(`register answered ${registered.status()}: ${await registered.text()}`);
  return loginAs(request, EMAIL, PASSWORD);
}

test.beforeAll(async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL });
  try {
    user = await account(request);
    const api = apiAs(request, user);
    const existing = await api.get<{ _id: string; name: string }[]>('/lists');
    if (existing.length === 0) {
      const family = await api.post<{ _id: string }>('/lists', {
        name: 'Family',
        description: 'The people at home',
        reminderDays: 30,
        color: '#3b82f6',
      });
      const work = await api.post<{ _id: string }>('/lists', {
        name: 'Work',
        description: 'Colleagues past and present',
        reminderDays: 90,
        color: '#f59e0b',
      });
      const people = [
        { firstName: 'Ada', lastName: 'Lovelace', listId: family._id, lastContactDate: daysAndAHalfAgo(45) },
        { firstName: 'Alan', lastName: 'Turing', listId: work._id, lastContactDate: daysAndAHalfAgo(120) },
        { firstName: 'Grace', lastName: 'Hopper', listId: work._id, lastContactDate: daysAndAHalfAgo(20) },
        { firstName: 'Emmy', lastName: 'Noether', listId: family._id, lastContactDate: daysAndAHalfAgo(10) },
        { firstName: 'Kurt', lastName: 'Gödel', lastContactDate: null },
      ];
      for (const person of people)
        await api.post('/contacts', {
          ...person,
          email: `${person.firstName.toLowerCase()}@example.org`,
          phoneNumber: '+44 20 7946 0000',
          notes: `Talk about ${person.lastName}'s latest work.`,
        });
    }
    const lists = await api.get<{ _id: string; name: string }[]>('/lists');
    familyId = lists.find((list) => list.name === 'Family')!._id;
    const ada = await api.get<{ items: { _id: string }[] }>('/contacts?search=lovelace&limit=1');
    adaId = ada.items[0]!._id;
  } finally {
    await request.dispose();
  }
});

/** Whatever differs between runs though the data is the same: absolute dates and the stack's address. */
const changing = (page: Page): Locator[] => [
  page.getByText(/^(Next due|Last contact) [A-Z][a-z]+ \d/),
  // Which session is this one, and in what order they list, depends on when each signed in.
  page.getByTestId('sessions').getByRole('list', { name: 'Sessions' }),
  page.getByText(/^https?:\/\/127\.0\.0\.1:\d+/),
];

async function expectScreen(page: Page, name: string, ready: Locator) {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await expect(ready).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    // Fonts loaded, no request still drawing a screen.
    await page.evaluate(() => document.fonts.ready);
    await page.waitForLoadState('networkidle');
    for (const locator of changing(page))
      await locator.evaluateAll((elements) =>
        elements.forEach((element) => ((element as HTMLElement).style.visibility = 'hidden')),
      );
    await expect.soft(page).toHaveScreenshot(`${name}-${viewport.width}.png`, { fullPage: true });
  }
}

// One test, each screen a step and each comparison soft: a change shows on every screen it touches,
// not only the first (in serial mode a failed test would skip the rest).
test('the main screens look as their baselines', async ({ page }) => {
  test.slow();
  await test.step('login', async () => {
    await page.goto('/login');
    await expectScreen(page, 'login', page.getByRole('button', { name: 'Sign In', exact: true }));
  });
  await test.step('dashboard', async () => {
    await openAs(page, user, '/dashboard');
    await expectScreen(page, 'dashboard', page.getByTestId('overdue-contact').first());
  });
  await test.step('contacts', async () => {
    await page.goto('/contacts');
    await expect(page.getByTestId('contact-card')).toHaveCount(5);
    await expectScreen(page, 'contacts', page.getByTestId('contact-card').first());
  });
  await test.step('contact page', async () => {
    await page.goto(`/contacts/${adaId}`);
    await expectScreen(page, 'contact-page', page.getByRole('heading', { name: 'Ada Lovelace' }));
  });
  await test.step('lists', async () => {
    await page.goto('/lists');
    await expect(page.getByTestId('list-card')).toHaveCount(2);
    await expectScreen(page, 'lists', page.getByTestId('list-card').first());
    await page.goto(`/lists/${familyId}`);
    await expectScreen(page, 'list-contacts', page.getByRole('heading', { name: 'Family Contacts' }));
  });
  await test.step('settings', async () => {
    await page.goto('/settings');
    await expectScreen(page, 'settings', page.getByRole('heading', { name: 'Settings', exact: true }).first());
  });
});
