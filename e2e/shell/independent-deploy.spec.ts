import { join } from 'node:path';
import { expect, test, type BrowserContext } from '@playwright/test';
import { registerViaApi, signInAndSettle } from '../support/accounts.js';
import { buildRemoteAlone, hashTree, publish, startDeployStack, type DeployStack } from '../support/deploy.js';

const SUBTITLE = 'Organize your contacts into groups with custom reminder intervals';

test('a remote rebuilt and published alone reaches a running shell on reload; the shell and the other remotes are untouched', async ({
  browser,
}) => {
  // Its own stack and a production build of one remote, on a busy machine.
  test.slow();
  let deploy: DeployStack | undefined;
  let context: BrowserContext | undefined;
  let build: { dist: string; cleanup: () => void } | undefined;
  try {
    deploy = await startDeployStack();
    const { staticDir } = deploy;
    context = await browser.newContext({ baseURL: deploy.gatewayUrl, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const { account } = await registerViaApi(context.request);
    await signInAndSettle(page, account.email, account.password);

    const config = await (await context.request.get('/app-config.json')).json();
    expect(config.remotes.lists).toBe('/mfe/lists/mf-manifest.json');

    await page.getByRole('banner').getByRole('link', { name: 'Lists' }).first().click();
    await expect(page.getByRole('heading', { name: 'Contact Lists' })).toBeVisible();
    await expect(page.getByText(SUBTITLE)).toBeVisible();

    const untouched = ['shell', 'mfe-dashboard', 'mfe-contacts'] as const;
    const hashesBefore = Object.fromEntries(untouched.map((app) => [app, hashTree(join(staticDir, app, 'dist'))]));
    const listsBefore = hashTree(join(staticDir, 'mfe-lists', 'dist'));

    const release = `Release ${Date.now().toString(36)}: groups with their own reminder intervals`;
    build = await buildRemoteAlone('mfe-lists', {
      file: 'src/components/ListsScreen.tsx',
      replace: SUBTITLE,
      with: release,
    });
    publish(build.dist, staticDir, 'mfe-lists');
    // What the manifest points at changed (a new remote entry), so the browser has something new to fetch.
    expect(hashTree(join(staticDir, 'mfe-lists', 'dist'))['remoteEntry.js']).not.toBe(listsBefore['remoteEntry.js']);

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Contact Lists' })).toBeVisible();
    await expect(page.getByText(release)).toBeVisible();
    await expect(page.getByText(SUBTITLE)).toHaveCount(0);

    // The shell and the other remotes were neither rebuilt nor republished, and still work beside the new one.
    await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).first().click();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await page.getByRole('banner').getByRole('link', { name: 'Contacts' }).first().click();
    await expect(page.getByRole('heading', { name: 'Contacts', level: 1 })).toBeVisible();
    await page.getByRole('banner').getByRole('link', { name: 'Lists' }).first().click();
    await expect(page.getByText(release)).toBeVisible();
    for (const app of untouched) {
      expect(hashTree(join(staticDir, app, 'dist')), `${app}/dist`).toEqual(hashesBefore[app]);
    }
  } finally {
    await context?.close();
    build?.cleanup();
    await deploy?.stop();
  }
});
