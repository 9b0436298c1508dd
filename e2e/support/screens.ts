import { expect, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SCREENSHOT_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');
const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

/**
 * Up to three visible elements reaching past the right edge of the screen (cut off, or making a
 * phone scroll sideways); an empty list when the layout fits.
 */
export function elementsPastRightEdge(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && box.right > window.innerWidth + 1;
      })
      .slice(0, 3)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${String(element.getAttribute('class') ?? '')
            .split(' ')
            .slice(0, 3)
            .join('.')}`,
      ),
  );
}

/**
 * Saves the current screen at desktop and phone width (`<name>-1280.png`, `<name>-390.png`),
 * then restores the desktop viewport.
 */
export async function snap(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    // A full-page shot of a scrolled page draws sticky headers mid-page: start from the top.
    if (options.fullPage ?? true) await page.evaluate(() => window.scrollTo(0, 0));
    // Let layout, fonts and transitions settle at the new width.
    await page.waitForTimeout(350);
    expect(await elementsPastRightEdge(page), `${name} at ${size.width}px: elements past the right edge`).toEqual([]);
    await page.screenshot({
      path: join(SCREENSHOT_DIR, `${name}-${size.width}.png`),
      fullPage: options.fullPage ?? true,
      animations: 'disabled',
    });
  }
  await page.setViewportSize(WIDTHS[0]);
}
