import { couldNotRun, jestCounts, playwrightCounts, summarize, withRetriesInside } from './test-report.mjs';
import { ALLOWED_RETRIES, ALLOWED_SKIPS } from './test-allowlist.mjs';

const ROOT = '/repo';

/** One Jest --json report, trimmed to what the summary reads; the shapes are Jest 30's. */
const jestReport = {
  numFailedTests: 1,
  numRuntimeErrorTestSuites: 1,
  testResults: [
    {
      name: '/repo/services/contacts/src/overdue/overdue.service.spec.ts',
      status: 'failed',
      assertionResults: [
        { fullName: 'overdue is overdue after N days', status: 'passed', invocations: 1 },
        { fullName: 'overdue counts from the creation date', status: 'passed' },
        { fullName: 'overdue survives a restart', status: 'passed', invocations: 2 },
        { fullName: 'overdue ignores the time zone', status: 'failed', invocations: 1 },
        { fullName: 'overdue snoozes', status: 'pending' },
        { fullName: 'overdue notifies by webhook', status: 'todo' },
      ],
    },
    {
      // A suite that failed before any test ran (a syntax error, a throwing import).
      name: '/repo/services/auth/src/auth/auth.service.spec.ts',
      status: 'failed',
      failureMessage: 'SyntaxError: Unexpected token',
      assertionResults: [],
    },
  ],
};

/** One Playwright JSON report: a file suite with a describe inside, as the json reporter nests them. */
const playwrightReport = {
  stats: { expected: 2, unexpected: 0, skipped: 1, flaky: 1 },
  suites: [
    {
      title: 'remotes/reminders.spec.ts',
      file: 'remotes/reminders.spec.ts',
      specs: [
        {
          title: 'the reminder mail arrives',
          file: 'remotes/reminders.spec.ts',
          line: 12,
          tests: [{ projectName: '', status: 'skipped', results: [{ status: 'skipped' }] }],
        },
      ],
      suites: [
        {
          title: 'snooze',
          file: 'remotes/reminders.spec.ts',
          specs: [
            {
              title: 'snoozes for a week',
              file: 'remotes/reminders.spec.ts',
              line: 40,
              tests: [
                {
                  projectName: 'chromium',
                  status: 'flaky',
                  results: [{ status: 'failed' }, { status: 'passed' }],
                },
              ],
            },
            {
              title: 'snoozes for a day',
              file: 'remotes/reminders.spec.ts',
              line: 60,
              tests: [{ projectName: 'chromium', status: 'expected', results: [{ status: 'passed' }] }],
            },
          ],
        },
      ],
    },
    {
      title: 'shell/login.spec.ts',
      file: 'shell/login.spec.ts',
      specs: [
        {
          title: 'signs in',
          file: 'shell/login.spec.ts',
          line: 5,
          tests: [{ projectName: '', status: 'expected', results: [{ status: 'passed' }] }],
        },
      ],
    },
  ],
};

describe('jestCounts', () => {
  const counts = jestCounts(jestReport, ROOT);
  const file = 'services/contacts/src/overdue/overdue.service.spec.ts';

  it('counts a passed test that needed a second invocation as flaky, not passed, and names it', () => {
    expect(counts.passed).toBe(2);
    expect(counts.flaky).toBe(1);
    expect(counts.flakyNames).toEqual([`${file}: overdue survives a restart`]);
  });

  it('counts pending and todo tests as skipped and names them relative to the root', () => {
    expect(counts.skipped).toBe(2);
    expect(counts.skippedNames).toEqual([`${file}: overdue snoozes`, `${file}: overdue notifies by webhook`]);
  });

  it('counts a suite that could not run as a failure besides the failed tests', () => {
    expect(counts.failed).toBe(2);
  });

  it('counts one failure when Jest wrote no report', () => {
    expect(jestCounts(null, ROOT)).toMatchObject({ passed: 0, failed: 1, skipped: 0, flaky: 0 });
  });
});

describe('playwrightCounts', () => {
  const counts = playwrightCounts(playwrightReport);

  it('takes the counts from the stats, a flaky test apart from the passed ones', () => {
    expect(counts).toMatchObject({ passed: 2, failed: 0, skipped: 1, flaky: 1 });
  });

  it('names skipped and flaky tests with file, line and project, in nested suites too', () => {
    expect(counts.skippedNames).toEqual(['e2e/remotes/reminders.spec.ts:12: the reminder mail arrives']);
    expect(counts.flakyNames).toEqual(['e2e/remotes/reminders.spec.ts:40: snoozes for a week [chromium]']);
  });
});

describe('summarize', () => {
  const unit = {
    phase: 'unit',
    ...jestCounts({ ...jestReport, numFailedTests: 0, numRuntimeErrorTestSuites: 0 }, ROOT),
  };
  const e2e = { phase: 'e2e', ...playwrightCounts(playwrightReport) };

  it("closes with 'Summary: N passed, M failed, S skipped, F flaky' over all phases", () => {
    const { lines } = summarize([unit, e2e]);
    expect(lines.at(-1)).toBe('Summary: 4 passed, 0 failed, 3 skipped, 2 flaky');
  });

  it('lists each phase with its skipped and flaky tests named under it', () => {
    const { lines } = summarize([unit, e2e]);
    expect(lines).toContain('  unit: 2 passed, 0 failed, 2 skipped, 1 flaky');
    expect(lines).toContain('    skipped: services/contacts/src/overdue/overdue.service.spec.ts: overdue snoozes');
    expect(lines).toContain('  e2e: 2 passed, 0 failed, 1 skipped, 1 flaky');
    expect(lines).toContain(
      '    flaky (passed only on retry): e2e/remotes/reminders.spec.ts:40: snoozes for a week [chromium]',
    );
  });

  it('fails the run on a skipped or flaky test that is not on the allowlist, and says so', () => {
    const skippedOnly = { ...e2e, flaky: 0, flakyNames: [] };
    const flakyOnly = { ...e2e, skipped: 0, skippedNames: [] };
    for (const result of [skippedOnly, flakyOnly]) {
      const { ok, lines } = summarize([result], { allowedSkips: [], allowedRetries: [] });
      expect(ok).toBe(false);
      expect(lines).toContain(
        '  1 skipped or retried test(s) fail this run: not on the allowlist (scripts/test-allowlist.mjs).',
      );
    }
  });

  it('lets a skipped or flaky test pass when the allowlist names it (by the start of its name)', () => {
    const allowed = summarize([e2e], {
      allowedSkips: [{ test: 'e2e/remotes/reminders.spec.ts:12:', why: 'a reason' }],
      allowedRetries: [{ test: 'e2e/remotes/reminders.spec.ts:40: snoozes', why: 'a reason' }],
    });
    expect(allowed.ok).toBe(true);
    expect(allowed.lines).toContain(
      '    skipped (allowed): e2e/remotes/reminders.spec.ts:12: the reminder mail arrives',
    );
  });

  it('refuses a count it cannot name (nothing to hold against the allowlist)', () => {
    const unnamed = { ...e2e, skipped: 1, skippedNames: [], flaky: 0, flakyNames: [] };
    expect(summarize([unnamed], { allowedSkips: [{ test: '', why: 'everything' }] }).ok).toBe(false);
  });

  it('keeps the allowlist short, each entry with its reason', () => {
    for (const entry of [...ALLOWED_SKIPS, ...ALLOWED_RETRIES]) {
      expect(entry.test.length).toBeGreaterThan(10);
      expect(entry.why.length).toBeGreaterThan(20);
    }
    expect(ALLOWED_SKIPS.length + ALLOWED_RETRIES.length).toBeLessThanOrEqual(5);
  });

  it('fails on any failure, and when no phase ran at all', () => {
    const clean = { ...e2e, flaky: 0, flakyNames: [] };
    const cleanOfSkips = { ...clean, skipped: 0, skippedNames: [] };
    expect(summarize([cleanOfSkips]).ok).toBe(true);
    expect(summarize([cleanOfSkips, couldNotRun('integration')]).ok).toBe(false);
    expect(summarize([]).ok).toBe(false);
  });
});

describe('withRetriesInside', () => {
  const base = { phase: 'integration', passed: 3, failed: 0, skipped: 0, flaky: 0, skippedNames: [], flakyNames: [] };
  const name = 'services/auth/test/x.integration-spec.ts: timing compares';

  it('moves a test that repeated a measurement from passed to flaky, once, naming every reason', () => {
    const counts = withRetriesInside(base, [
      { name, why: 'round 1 missed by 3 ms' },
      { name, why: 'round 2 missed by 4 ms' },
    ]);
    expect(counts).toMatchObject({ passed: 2, flaky: 1 });
    expect(counts.flakyNames).toEqual([`${name} (retried inside: round 1 missed by 3 ms; round 2 missed by 4 ms)`]);
    expect(summarize([{ ...counts }], { allowedRetries: [] }).ok).toBe(false);
    expect(summarize([{ ...counts }], { allowedRetries: [{ test: name, why: 'why' }] }).ok).toBe(true);
  });

  it('changes nothing without records', () => {
    expect(withRetriesInside(base, [])).toEqual(base);
  });
});
