import { expect, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/**
 * Rules axe may report without failing a test, each with why. Keep it short: an entry is a debt.
 */
const ALLOWED_RULES: Record<string, string> = {
  'heading-order':
    "moderate: a contact card's and a list card's name is an h3 right under the page's h1 when the " +
    'screen is not grouped (the h2 is the group header). To fix in ContactCard/ListCard (h2 when ' +
    'ungrouped), then this entry goes; every other rule, of every impact, fails.',
};

/**
 * Runs axe-core (WCAG 2.x A/AA rules and best practices) on the page as it is now (a route, or a
 * route with a dialog open) and fails on any violation of any impact (minor and moderate too)
 * that ALLOWED_RULES does not name, listing each one.
 */
export async function expectNoA11yViolations(page: Page, label: string): Promise<void> {
  // The source itself is the evaluated script: no eval() and no inline <script> for the CSP to refuse.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    const result = await axe.run(document, {
      resultTypes: ['violations'],
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    return result.violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      nodes: nodes.slice(0, 3).map(({ target, failureSummary }) => ({ target, failureSummary })),
    }));
  });
  const refused = violations.filter((violation) => !(violation.id in ALLOWED_RULES));
  const report = refused.map(
    (violation) =>
      `${violation.impact} ${violation.id}: ${violation.help}\n${violation.nodes.map((node) => `    ${node.target.join(' ')} — ${node.failureSummary ?? ''}`).join('\n')}`,
  );
  expect(report, `${label}: accessibility violations`).toEqual([]);
}

/** Presses Tab until `matches` holds for the focused element (keyboard-only navigation). */
export async function tabUntil(
  page: Page,
  matches: (focused: { text: string; label: string; role: string; tag: string }) => boolean,
  { max = 60, backwards = false } = {},
): Promise<void> {
  for (let press = 0; press < max; press += 1) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      return {
        text: (element?.textContent ?? '').trim(),
        label: element?.getAttribute('aria-label') ?? '',
        role: element?.getAttribute('role') ?? '',
        tag: element?.tagName.toLowerCase() ?? '',
      };
    });
    if (matches(focused)) return;
  }
  throw new Error(`Nothing matching was reached with ${max} presses of Tab`);
}

/** Whether focus is inside the open dialog. */
export const focusIsInDialog = (page: Page) =>
  page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')));
