#!/usr/bin/env node
// `npm test`: build, then unit + web tests, integration tests against real PostgreSQL/NATS
// (from env or embedded, like `npm start`), and browser tests against a running stack.
// Prints one closing line: "Summary: N passed, M failed".
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { ROOT, databaseUrlFor, generateJwtKeys, startInfra, startStack, SERVICES, freePort } from './stack/index.mjs';

const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
const extraArgs = process.argv.slice(2).filter((arg) => !arg.startsWith('--only='));
const want = (phase) => !only || only.split(',').includes(phase);
const results = [];
const reportsDir = join(ROOT, 'test-results');
mkdirSync(reportsDir, { recursive: true });

function run(command, args, env = {}) {
  return spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;
}

function jestCounts(file) {
  if (!existsSync(file)) return { passed: 0, failed: 1 };
  const report = JSON.parse(readFileSync(file, 'utf8'));
  return { passed: report.numPassedTests, failed: report.numFailedTests + report.numRuntimeErrorTestSuites };
}

function runJest(phase, projects, env = {}) {
  const outputFile = join(reportsDir, `jest-${phase}.json`);
  rmSync(outputFile, { force: true });
  const status = run(
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
      ...env,
    },
  );
  const counts = jestCounts(outputFile);
  if (status !== 0 && counts.failed === 0) counts.failed = 1;
  results.push({ phase, ...counts });
}

if (want('integration') || want('e2e')) {
  console.log('\n=== build ===');
  execFileSync('npx', ['nx', 'run-many', '-t', 'build', '--output-style=static'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, NX_DAEMON: 'false' },
  });
}

if (want('unit')) {
  console.log('\n=== unit and component tests ===');
  runJest('unit', ['unit', 'web']);
}

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
    infra = await startInfra({ dataDir: join(ROOT, '.data', 'test'), quiet: true });
  }

  if (want('integration')) {
    console.log('\n=== integration tests (real PostgreSQL, NATS, SMTP) ===');
    runJest('integration', ['integration'], { DATABASE_URL: infra.databaseUrl });
  }

  if (want('e2e')) {
    console.log('\n=== browser tests (Chromium against the running stack) ===');
    const suffix = '_e2e';
    const admin = new pg.Client({ connectionString: databaseUrlFor(infra.databaseUrl, 'postgres') });
    await admin.connect();
    for (const name of SERVICES) await admin.query(`DROP DATABASE IF EXISTS "kith_${name}${suffix}" WITH (FORCE)`);
    await admin.end();
    const gatewayPort = await freePort();
    const stack = await startStack({
      infra,
      keys: generateJwtKeys(),
      databaseSuffix: suffix,
      quiet: true,
      ports: { gateway: gatewayPort },
      env: { AUTH_RATE_LIMIT_MAX: '100000', SEED_DEMO: 'true', NODE_ENV: 'production' },
    });
    const outputFile = join(reportsDir, 'playwright.json');
    rmSync(outputFile, { force: true });
    const status = run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...extraArgs], {
      E2E_BASE_URL: stack.gatewayUrl,
      MAILDEV_URL: infra.mailUiUrl ?? '',
      PLAYWRIGHT_JSON_OUTPUT_NAME: outputFile,
    });
    await stack.stop();
    let counts = { passed: 0, failed: status === 0 ? 0 : 1 };
    if (existsSync(outputFile)) {
      const { stats } = JSON.parse(readFileSync(outputFile, 'utf8'));
      counts = { passed: stats.expected + stats.flaky, failed: stats.unexpected };
      if (status !== 0 && counts.failed === 0) counts.failed = 1;
    }
    results.push({ phase: 'e2e', ...counts });
  }
} finally {
  await cleanup();
}

const passed = results.reduce((sum, result) => sum + result.passed, 0);
const failed = results.reduce((sum, result) => sum + result.failed, 0);
console.log('');
for (const result of results) console.log(`  ${result.phase}: ${result.passed} passed, ${result.failed} failed`);
console.log(`Summary: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 && results.length > 0 ? 0 : 1);
