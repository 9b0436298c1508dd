import { expect, test } from '@playwright/test';
import { snap } from '../support/screens.js';
import { apiAs, openAs, registerUser } from './support.js';

test('search has one clear button and a placeholder that fits at 390 px; Mark as Contacted is not clipped', async ({
  page,
  request,
}) => {
  const user = await registerUser(request, 'Polly');
  await apiAs(request, user).post('/contacts', {
    firstName: 'Tess',
    lastName: 'Today',
    phoneNumber: '+1 555 0199',
    lastContactDate: new Date().toISOString(),
  });
  await openAs(page, user, '/contacts');
  const card = page.getByTestId('contact-card').filter({ hasText: 'Tess Today' });
  await expect(card).toContainText('Last contact: today');

  const search = page.getByRole('searchbox', { name: 'Search contacts' });
  await search.fill('Tess');
  await expect(page.getByRole('button', { name: 'Clear search' })).toHaveCount(1);
  // The browser's own clear button is switched off, so ours is the only one drawn.
  // (Computed styles of that pseudo-element cannot be read, so the page's own rule is looked up.)
  const hidesNativeClear = await page.evaluate(() => {
    const hides = (rule: CSSRule): boolean =>
      rule instanceof CSSGroupingRule
        ? [...rule.cssRules].some(hides)
        : rule instanceof CSSStyleRule &&
          rule.selectorText.includes('::-webkit-search-cancel-button') &&
          rule.style.getPropertyValue('appearance') === 'none';
    return [...document.styleSheets].some((sheet) => [...sheet.cssRules].some(hides));
  });
  expect(hidesNativeClear).toBe(true);
  await search.fill('');

  await card.getByRole('button', { name: 'Contact Now' }).click();
  const mark = page
    .getByRole('dialog', { name: 'Contact Tess Today' })
    .getByRole('button', { name: 'Mark as Contacted' });
  await expect(mark).toBeVisible();
  expect(await mark.evaluate((button) => button.scrollWidth <= button.clientWidth)).toBe(true);
  await page.keyboard.press('Escape');

  await page.setViewportSize({ width: 390, height: 844 });
  const fits = await search.evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input, '::placeholder');
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const inputStyle = getComputedStyle(input);
    const room = input.clientWidth - parseFloat(inputStyle.paddingLeft) - parseFloat(inputStyle.paddingRight);
    return { text: context.measureText(input.placeholder).width, room };
  });
  expect(fits.text).toBeLessThanOrEqual(fits.room);
  await page.setViewportSize({ width: 1280, height: 800 });
  await snap(page, 'contacts-polish');
});
