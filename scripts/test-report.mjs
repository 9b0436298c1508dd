// The summary of `npm test`, from the runners' parsed JSON reports: pure functions, so
// scripts/test-report.spec.mjs can check that a skip or a flake never vanishes from the summary.
import { relative } from 'node:path';
import { ALLOWED_RETRIES, ALLOWED_SKIPS } from './test-allowlist.mjs';

const SKIPPED_JEST_STATUSES = ['pending', 'skipped', 'todo', 'disabled'];

/** Counts of a phase that could not run at all (no report, the build or the stack failed): one failure, so the summary still tells. */
export const couldNotRun = (phase) => ({
  phase,
  passed: 0,
  failed: 1,
  skipped: 0,
  flaky: 0,
  skippedNames: [],
  flakyNames: [],
});

/**
 * Counts and names from Jest's --json report (`null` when Jest wrote none: one failure). Jest only
 * retries under jest.retryTimes(); a test run more than once that passed is flaky. Suites that
 * failed to run (a syntax error, a failing beforeAll import) count as failures too.
 */
export function jestCounts(report, root) {
  const counts = { passed: 0, failed: 0, skipped: 0, flaky: 0, skippedNames: [], flakyNames: [] };
  if (!report) return { ...counts, failed: 1 };
  counts.failed = report.numFailedTests + report.numRuntimeErrorTestSuites;
  for (const suite of report.testResults) {
    const where = relative(root, suite.name);
    for (const test of suite.assertionResults) {
      const name = `${where}: ${test.fullName}`;
      if (test.status === 'passed' && (test.invocations ?? 1) > 1) {
        counts.flaky++;
        counts.flakyNames.push(name);
      } else if (test.status === 'passed') counts.passed++;
      else if (SKIPPED_JEST_STATUSES.includes(test.status)) {
        counts.skipped++;
        counts.skippedNames.push(name);
      }
    }
  }
  return counts;
}

/** Counts and names from Playwright's JSON report; its `flaky` are tests that failed, then passed on retry. */
export function playwrightCounts(report) {
  const { stats, suites } = report;
  const counts = {
    passed: stats.expected,
    failed: stats.unexpected,
    skipped: stats.skipped,
    flaky: stats.flaky,
    skippedNames: [],
    flakyNames: [],
  };
  const visit = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const name = `e2e/${spec.file}:${spec.line}: ${spec.title}${test.projectName ? ` [${test.projectName}]` : ''}`;
        if (test.status === 'skipped') counts.skippedNames.push(name);
        if (test.status === 'flaky') counts.flakyNames.push(name);
      }
    }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of suites ?? []) visit(suite);
  return counts;
}

/**
 * Tests that repeated a measurement inside themselves (`noteRetry` in @kith/stack/testing writes one
 * JSON line per repeat: `{ name, why }`) and then passed: they count as flaky, named with the reason.
 * Moves each from `passed` to `flaky` in the phase's counts; a name seen twice counts once.
 */
export function withRetriesInside(counts, records) {
  const names = [...new Set(records.map((record) => record.name))];
  const whys = (name) =>
    records
      .filter((record) => record.name === name)
      .map((record) => record.why)
      .join('; ');
  const failedOrKnown = new Set(counts.flakyNames);
  const added = names.filter((name) => !failedOrKnown.has(name));
  return {
    ...counts,
    passed: Math.max(0, counts.passed - added.length),
    flaky: counts.flaky + added.length,
    flakyNames: [...counts.flakyNames, ...added.map((name) => `${name} (retried inside: ${whys(name)})`)],
  };
}

const allowedBy = (list) => (name) => list.some((entry) => name.startsWith(entry.test));

const line = (counts) =>
  `${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped, ${counts.flaky} flaky`;

/**
 * The lines printed after all phases (one per phase with its skipped and flaky tests named, then
 * the closing "Summary: N passed, M failed, S skipped, F flaky" that CI parses) and whether the run
 * passed: no failure, at least one phase, and no skipped or flaky (retried) test that is not on the
 * allowlist (scripts/test-allowlist.mjs).
 */
export function summarize(results, { allowedSkips = ALLOWED_SKIPS, allowedRetries = ALLOWED_RETRIES } = {}) {
  const total = (key) => results.reduce((sum, result) => sum + result[key], 0);
  const [passed, failed, skipped, flaky] = ['passed', 'failed', 'skipped', 'flaky'].map(total);
  const skipAllowed = allowedBy(allowedSkips);
  const retryAllowed = allowedBy(allowedRetries);
  const lines = [];
  let refused = 0;
  for (const result of results) {
    lines.push(`  ${result.phase}: ${line(result)}`);
    for (const name of result.skippedNames) {
      const allowed = skipAllowed(name);
      if (!allowed) refused += 1;
      lines.push(`    skipped${allowed ? ' (allowed)' : ''}: ${name}`);
    }
    for (const name of result.flakyNames) {
      const allowed = retryAllowed(name);
      if (!allowed) refused += 1;
      lines.push(`    flaky (passed only on retry)${allowed ? ' (allowed)' : ''}: ${name}`);
    }
    // A count without names (a runner that named none) cannot be on the allowlist.
    refused += Math.max(0, result.skipped - result.skippedNames.length);
    refused += Math.max(0, result.flaky - result.flakyNames.length);
  }
  if (refused > 0)
    lines.push(
      `  ${refused} skipped or retried test(s) fail this run: not on the allowlist (scripts/test-allowlist.mjs).`,
    );
  lines.push(`Summary: ${line({ passed, failed, skipped, flaky })}`);
  const ok = failed === 0 && results.length > 0 && refused === 0;
  return { lines, ok };
}
