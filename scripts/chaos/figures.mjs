// Pure arithmetic of the chaos run's report: percentiles, per-second p95 windows, recovery after a kill.

/** The p-th percentile (0..100) of `values` (nearest rank), or 0 for none. */
export function percentile(values, p) {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** p95 of the requests that started within [from, to) (ms timestamps). */
export function p95Between(samples, from, to) {
  return percentile(
    samples.filter((sample) => sample.at >= from && sample.at < to).map((sample) => sample.ms),
    95,
  );
}

/**
 * How long after `killAt` the p95 of one-second windows is back at its pre-kill level (the p95 of
 * the `baselineMs` before the kill, with `slack` for noise): the start of the first window at or
 * under it, in ms after the kill, or null if none within `horizonMs`.
 */
export function recoveryAfter(
  samples,
  killAt,
  { baselineMs = 5_000, horizonMs = 15_000, slack = (p) => p * 1.5 + 25 } = {},
) {
  const before = p95Between(samples, killAt - baselineMs, killAt);
  const limit = slack(before);
  const windows = [];
  for (let start = killAt; start < killAt + horizonMs; start += 1_000) {
    const inWindow = samples.filter((sample) => sample.at >= start && sample.at < start + 1_000);
    if (inWindow.length === 0) continue;
    const p95 = percentile(
      inWindow.map((sample) => sample.ms),
      95,
    );
    windows.push(p95);
    if (p95 <= limit) return { before, limit, recoveredAfterMs: start - killAt, windows };
  }
  return { before, limit, recoveredAfterMs: null, windows };
}
