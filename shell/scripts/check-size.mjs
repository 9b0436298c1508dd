#!/usr/bin/env node
/**
 * Size budget, run after `rsbuild build`: adds up the gzip size of the JavaScript a page downloads
 * and fails the build when it is over budget.
 *   login page:      the shell's JavaScript except what only other screens need        ≤ 170 kB
 *   dashboard page:  the same base, the signed-in layout, the dashboard remote's entry
 *                    and everything its ./App needs (measured when mfe-dashboard is built) ≤ 250 kB
 * Chunk groups come from .size/chunk-groups.json (written by the build), the remote's files
 * from its Module Federation manifest.
 */
/**
 * Shared modules only the signed-in app imports (the cache of server state): a sign-in page never
 * fetches them, as e2e/shell/bundle-size.spec.ts measures in the browser.
 */
const SIGNED_IN_ONLY_SHARED = ['@tanstack/react-query', '@kith/web-kit/data'];
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = { login: 170, dashboard: 250 };
/** Named chunks a screen loads beside its own: the signed-in pages render dialogs (closed), which load the focus trap. */
const ALSO_LOADED = { 'signed-in': ['focus-trap'] };
const shellDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const shellDist = join(shellDir, 'dist');
const dashboardDist = join(shellDir, '..', 'mfe-dashboard', 'dist');

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));
const isJs = (file) => file.endsWith('.js');
const gzipKb = (file) => gzipSync(readFileSync(file)).length / 1024;

function total(files) {
  return [...new Set(files)].filter((file) => isJs(file)).reduce((sum, file) => sum + gzipKb(file), 0);
}

const groups = readJson(join(shellDir, '.size', 'chunk-groups.json'));
for (const name of ['index', 'bootstrap', 'page-login', 'signed-in']) {
  if (!groups[name]) throw new Error(`Chunk group "${name}" is missing from the build (is its import still named?)`);
}
const signedInOnly = new Set(
  readJson(join(shellDist, 'mf-manifest.json'))
    .shared.filter((shared) => SIGNED_IN_ONLY_SHARED.includes(shared.name))
    .flatMap((shared) => [...shared.assets.js.sync, ...shared.assets.js.async]),
);
const allShellJs = readdirSync(join(shellDist, 'static', 'js'), { recursive: true })
  .map((file) => join('static', 'js', String(file)))
  .filter(isJs);

/**
 * Every shell file a page may load: all of them except those only other screens need. Files
 * in no named group (shared singletons and their dependency chunks) always count, so the
 * figure errs on the high side.
 */
function shellFilesFor(screen) {
  const needed = new Set(
    ['index', 'bootstrap', screen, ...(ALSO_LOADED[screen] ?? [])].flatMap((name) => groups[name]),
  );
  const notNeeded = screen === 'signed-in' ? new Set() : signedInOnly;
  const otherScreens = new Set(
    Object.entries(groups)
      .filter(([name]) => !['index', 'bootstrap', screen, ...(ALSO_LOADED[screen] ?? [])].includes(name))
      .flatMap(([, files]) => files),
  );
  return allShellJs
    .filter((file) => needed.has(file) || !(otherScreens.has(file) || notNeeded.has(file)))
    .map((file) => join(shellDist, file));
}

const results = [{ page: 'login', kb: total(shellFilesFor('page-login')), budget: BUDGET_KB.login }];

const signedInShell = shellFilesFor('signed-in');
const remoteManifestFile = join(dashboardDist, 'mf-manifest.json');
if (existsSync(remoteManifestFile)) {
  const remote = readJson(remoteManifestFile);
  const app = remote.exposes.find((expose) => expose.path === './App');
  if (!app) throw new Error('mfe-dashboard does not expose ./App');
  const remoteFiles = [remote.metaData.remoteEntry.name, ...app.assets.js.sync, ...app.assets.js.async].map((file) =>
    join(dashboardDist, file),
  );
  results.push({
    page: 'dashboard (shell + dashboard remote)',
    kb: total([...signedInShell, ...remoteFiles]),
    budget: BUDGET_KB.dashboard,
  });
} else {
  console.log(
    `size: mfe-dashboard is not built; shell part of the dashboard page: ${total(signedInShell).toFixed(1)} kB gzip`,
  );
}

let over = false;
for (const { page, kb, budget } of results) {
  // Nothing measured means the build or this script lost track of the files, not a small page.
  if (kb === 0) {
    console.error(`size: ${page}: no JavaScript found to measure; the budget check cannot pass on nothing`);
    process.exit(1);
  }
  const ok = kb <= budget;
  over ||= !ok;
  console.log(
    `size: ${page}: ${kb.toFixed(1)} kB gzip of JavaScript (budget ${budget} kB) ${ok ? 'ok' : 'OVER BUDGET'}`,
  );
}
if (over) {
  console.error('size: over budget; see shell/scripts/check-size.mjs');
  process.exit(1);
}
