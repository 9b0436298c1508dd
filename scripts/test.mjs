#!/usr/bin/env node
// `npm test`: build, then unit + web tests, integration tests against real PostgreSQL/NATS
// (from env or embedded, like `npm start`), and browser tests against a running stack.
// Prints one closing line: "Summary: N passed, M failed, S skipped, F flaky" (CI parses the first
// two). Skipped and flaky tests are named above it. A skipped test, or a flaky one (passed only on
// Playwright's CI retry, a jest.retryTimes retry, or after repeating a measurement inside itself:
// `noteRetry` from @kith/stack/testing), fails the run unless scripts/test-allowlist.mjs names it:
// a skip or a retry must not hide a real failure.
import './require-node.mjs';
import { randomBytes } from 'node:crypto';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, dropStackDatabases, generateJwtKeys, startInfra, startStack, freePort } from '@kith/stack';
import { startOidcProvider } from '@kith/stack/oidc-provider';
import { couldNotRun, jestCounts, playwrightCounts, summarize, withRetriesInside } from './test-report.mjs';

/** The account e2e/shell/account-security.spec.ts registers as the instance's operator. */
const E2E_OPERATOR_EMAIL = 'e2e-operator@example.com';

const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
const extraArgs = process.argv.slice(2).filter((arg) => !arg.startsWith('--only='));
const filteredByName = extraArgs.some((arg) => arg === '-t' || arg.startsWith('--testNamePattern'));
const want = (phase) => !only || only.split(',').includes(phase);
const results = [];
const reportsDir = join(ROOT, 'test-results');
mkdirSync(reportsDir, { recursive: true });

/**
 * Runs a test runner and resolves with its exit code. Asynchronous on purpose: PostgreSQL, NATS,
 * the mail catcher and the e2e stack are children of this process with piped output, and a
 * blocked event loop (spawnSync) stops draining those pipes; once one fills, PostgreSQL's
 * checkpointer blocks on its log write and every DROP DATABASE waits on it forever.
 */
function run(command, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
    child.once('error', () => resolve(1));
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** A runner's JSON report, or null when it wrote none (it crashed before reporting). */
const readReport = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null);
/** The repeats tests noted inside themselves during a phase (`noteRetry`), one JSON line each. */
const readRetriesInside = (file) =>
  existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((text) => JSON.parse(text))
    : [];

async function runJest(phase, projects, env = {}) {
  const outputFile = join(reportsDir, `jest-${phase}.json`);
  const retriesFile = join(reportsDir, `retries-inside-${phase}.jsonl`);
  rmSync(outputFile, { force: true });
  rmSync(retriesFile, { force: true });
  const status = await run(
    'npx',
    [
      'jest',
      '--selectProjects',
      ...projects,
      '--json',
      `--outputFile=${outputFile}`,
      ...(phase === 'integration' ? ['--runInBand'] : []),
      ...extraArgs,
    ],
    {
      NODE_OPTIONS: '--experimental-vm-modules --no-warnings',
      KITH_RETRIES_INSIDE_FILE: retriesFile,
      ...env,
    },
  );
  const counts = withRetriesInside(jestCounts(readReport(outputFile), ROOT), readRetriesInside(retriesFile));
  // Tests left out by a name filter of the caller's (-t) are reported skipped by Jest: not a skip to refuse.
  if (filteredByName && counts.skipped > 0) {
    console.log(`${counts.skipped} test(s) left out by the name filter (-t), not counted as skipped`);
    Object.assign(counts, { skipped: 0, skippedNames: [] });
  }
  if (status !== 0 && counts.failed === 0) counts.failed = 1;
  results.push({ phase, ...counts });
}

let phase = 'build';

let infra;
const cleanup = async () => infra?.stop();
process.on('SIGINT', async () => {
  await cleanup();
  process.exit(130);
});
process.on('SIGTERM', async () => {
  await cleanup();
  process.exit(143);
});

try {
  if (want('integration') || want('e2e')) {
    console.log('\n=== build ===');
    execFileSync('npx', ['nx', 'run-many', '-t', 'build', '--output-style=static'], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, NX_DAEMON: 'false' },
    });
  }

  if (want('unit')) {
    phase = 'unit';
    console.log('\n=== unit and component tests ===');
    await runJest('unit', ['unit', 'web']);
  }

  if (want('integration') || want('e2e')) {
    phase = want('integration') ? 'integration' : 'e2e';
    infra = await startInfra({ dataDir: join(ROOT, '.data', 'test'), quiet: true });
  }

  if (want('integration')) {
    console.log('\n=== integration tests (real PostgreSQL, NATS, SMTP) ===');
    await runJest('integration', ['integration'], { DATABASE_URL: infra.databaseUrl });
  }

  if (want('e2e')) {
    phase = 'e2e';
    console.log('\n=== browser tests (Chromium against the running stack) ===');
    const suffix = '_e2e';
    await dropStackDatabases(infra.databaseUrl, suffix);
    const gatewayPort = await freePort();
    // A real OpenID provider for 'Sign in with …' (e2e/shell/single-sign-on.spec.ts).
    const oidcProvider = await startOidcProvider({ redirectUris: [`http://localhost:${gatewayPort}/login/sso`] });
    const stack = await startStack({
      infra,
      keys: generateJwtKeys(),
      databaseSuffix: suffix,
      quiet: true,
      ports: { gateway: gatewayPort },
      env: {
        AUTH_RATE_LIMIT_MAX: '100000',
        SEED_DEMO: 'true',
        NODE_ENV: 'production',
        // As for `npm start`: the browser tests' webhook sink listens on this machine.
        ALLOW_PRIVATE_WEBHOOKS: 'true',
        // As `npm start` makes one: Settings shows the calendar feed's URL again.
        CALENDAR_FEED_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
        // The browser tests' operator (the first account of the run is whichever test came first).
        KITH_OPERATORS: E2E_OPERATOR_EMAIL,
        ...oidcProvider.env,
      },
    });
    const outputFile = join(reportsDir, 'playwright.json');
    rmSync(outputFile, { force: true });
    const status = await run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...extraArgs], {
      E2E_BASE_URL: stack.gatewayUrl,
      MAILDEV_URL: infra.mailUiUrl ?? '',
      // e2e/remotes/contacts-scale.spec.ts seeds 20 000 contacts in SQL there.
      E2E_CONTACTS_DATABASE_URL: stack.databaseUrls.contacts,
      PLAYWRIGHT_JSON_OUTPUT_NAME: outputFile,
    });
    await stack.stop();
    await oidcProvider.stop();
    const report = readReport(outputFile);
    const counts = report ? playwrightCounts(report) : couldNotRun('e2e');
    if (status !== 0 && counts.failed === 0) counts.failed = 1;
    results.push({ phase: 'e2e', ...counts });
  }
} catch (error) {
  console.error(`\nThe ${phase} phase could not run: ${error.stack ?? error}`);
  results.push(couldNotRun(phase));
} finally {
  await cleanup();
}

const { lines, ok } = summarize(results);
console.log(['', ...lines].join('\n'));
process.exit(ok ? 0 : 1);
