import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { confirmItIsYou, registerViaApi, signInAndSettle } from '../support/accounts.js';
import { snap } from '../support/screens.js';

const run = promisify(execFile);

/** vdirsyncer (a real CardDAV client) syncing the account into a folder; resolves with its log or rejects with it. */
async function syncWithVdirsyncer(home: string, server: string, username: string, password: string): Promise<string> {
  const cards = join(home, 'cards');
  mkdirSync(join(cards, 'contacts'), { recursive: true });
  writeFileSync(
    join(home, 'vdirsyncer.conf'),
    [
      '[general]',
      `status_path = "${join(home, 'status')}/"`,
      '[pair phone_sync]',
      'a = "phone"',
      'b = "kith_server"',
      'collections = ["from b"]',
      '[storage phone]',
      'type = "filesystem"',
      `path = "${cards}/"`,
      'fileext = ".vcf"',
      '[storage kith_server]',
      'type = "carddav"',
      `url = "${server}"`,
      `username = "${username}"`,
      `password = "${password}"`,
      '',
    ].join('\n'),
  );
  const env = { ...process.env, HOME: home, LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8' };
  const options = { env, timeout: 60_000 };
  const config = join(home, 'vdirsyncer.conf');
  const discovered = await run('vdirsyncer', ['-c', config, 'discover', 'phone_sync'], options);
  const synced = await run('vdirsyncer', ['-c', config, 'sync'], options);
  return `${discovered.stdout}${discovered.stderr}${synced.stdout}${synced.stderr}`;
}

test('Settings → Phone sync: create an app password, sync a client with it, revoke it, and the client is refused', async ({
  page,
  request,
  baseURL,
}) => {
  const { account, tokens } = await registerViaApi(request);
  const created = await request.post('/api/contacts', {
    headers: { authorization: `Bearer ${tokens.accessToken}` },
    data: { firstName: 'Margaret', lastName: 'Hamilton', phoneNumber: '+1 617 555 0199' },
  });
  expect(created.status()).toBe(201);

  await signInAndSettle(page, account.email, account.password);
  await page.goto('/settings');
  const section = page.getByTestId('phone-sync');
  await expect(section.getByRole('heading', { name: 'Phone sync' })).toBeVisible();
  await expect(section.getByTestId('dav-server-url')).toHaveText(`${new URL(baseURL!).origin}/dav/`);
  await expect(section.getByTestId('dav-username')).toHaveText(account.email);
  await expect(section.getByText('No app passwords yet.')).toBeVisible();

  await section.getByLabel('Device name').fill('Test iPhone');
  await section.getByRole('button', { name: 'Create app password' }).click();
  // An app password outlives the session: the password is asked again first.
  await confirmItIsYou(page, account.password);
  const secret = section.getByTestId('new-app-password');
  await expect(secret).toHaveText(/^[a-z2-9]{5}(-[a-z2-9]{5}){3}$/);
  const password = (await secret.textContent())!;
  await expect(section.getByText('Never used')).toBeVisible();
  await snap(page, 'settings-phone-sync');

  const home = mkdtempSync(join(tmpdir(), 'kith-e2e-phone-'));
  try {
    const server = (await section.getByTestId('dav-server-url').textContent())!;
    await syncWithVdirsyncer(home, server, account.email, password);
    const files = readdirSync(join(home, 'cards', 'contacts'));
    expect(files).toHaveLength(1);
    expect(readFileSync(join(home, 'cards', 'contacts', files[0]!), 'utf8')).toContain('FN:Margaret Hamilton');

    // Used: the list says so once reloaded; the secret is never shown again.
    await page.reload();
    await expect(section.getByText(/Last used/)).toBeVisible();
    await expect(page.getByText(password)).toHaveCount(0);

    await section.getByRole('button', { name: 'Revoke Test iPhone' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
    await expect(section.getByText('No app passwords yet.')).toBeVisible();

    rmSync(join(home, 'status'), { recursive: true, force: true });
    const refused = await syncWithVdirsyncer(home, server, account.email, password).then(
      () => 'synced',
      (error: { stdout?: string; stderr?: string }) => `${error.stdout ?? ''}${error.stderr ?? ''}`,
    );
    expect(refused).toMatch(/401|Unauthorized/);
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});
