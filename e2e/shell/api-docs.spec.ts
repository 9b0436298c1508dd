import { expect, test } from '@playwright/test';

test('the API docs page shows the OpenAPI document and calls the API from the page, within the CSP', async ({
  page,
}) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  // Every file comes from Kith itself: nothing is fetched from another origin.
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const offsite: string[] = [];
  page.on('request', (request) => {
    if (!/^(data|blob):/.test(request.url()) && new URL(request.url()).origin !== origin) offsite.push(request.url());
  });

  const response = await page.goto('/api/docs');
  const csp = response!.headers()['content-security-policy'];
  expect(csp).toContain("default-src 'self'");
  expect(csp).not.toMatch(/unsafe-eval|script-src/);

  await expect(page.getByRole('heading', { name: /Kith API/ })).toBeVisible();
  const operation = page.locator('#operations-contacts-listContacts');
  await expect(operation).toContainText('/contacts');
  await operation.locator('.opblock-summary').click();
  await expect(operation.getByText('sortBy')).toBeVisible();

  // "Try it out" sends the request from the page: same origin, so the CSP allows it.
  const live = page.locator('#operations-gateway-getLiveness');
  await live.locator('.opblock-summary').click();
  await live.getByRole('button', { name: 'Try it out' }).click();
  await live.getByRole('button', { name: 'Execute' }).click();
  await expect(live.locator('.live-responses-table tr.response .response-col_status')).toHaveText('200');

  expect(problems).toEqual([]);
  expect(offsite).toEqual([]);
});
