// The summary of `npm test`, from the runners' parsed JSON reports: pure functions, so
// scripts/test-report.spec.mjs can check that a skip or a flake never vanishes from the summary.
import { relative } from 'node:path';

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

const line = (counts) =>
  `${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped, ${counts.flaky} flaky`;

/**
 * The lines printed after all phases (one per phase with its skipped and flaky tests named, then
 * the closing "Summary: N passed, M failed, S skipped, F flaky" that CI parses) and whether the run
 * passed: no failure, at least one phase, and no flaky test when `failOnFlaky` (CI) is set.
 */
export function summarize(results, { failOnFlaky }) {
  const total = (key) => results.reduce((sum, result) => sum + result[key], 0);
  const [passed, failed, skipped, flaky] = ['passed', 'failed', 'skipped', 'flaky'].map(total);
  const lines = [];
  for (const result of results) {
    lines.push(`  ${result.phase}: ${line(result)}`);
    for (const name of result.skippedNames) lines.push(`    skipped: ${name}`);
    for (const name of result.flakyNames) lines.push(`    flaky (passed only on retry): ${name}`);
  }
  if (flaky > 0) {
    lines.push(
      failOnFlaky
        ? `  ${flaky} flaky test(s) fail this run because CI is set.`
        : `  ${flaky} flaky test(s); with CI set they fail the run.`,
    );
  }
  lines.push(`Summary: ${line({ passed, failed, skipped, flaky })}`);
  const ok = failed === 0 && results.length > 0 && !(failOnFlaky && flaky > 0);
  return { lines, ok };
}
