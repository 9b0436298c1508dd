import { eventually, sleep, sql } from '@kith/stack/testing';

export const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

/**
 * Longer than any wait between two attempts in the notifications test stacks: the outbox backoff cap
 * (800 ms), the daily-run retry (500 ms), the outbox poll (200 ms) and one firing of a replica's
 * per-second cron. Stacks that use these helpers set those env values (or faster ones).
 */
const RETRY_WINDOW_MS = 1_500;

/**
 * Resolves once the outbox has settled: nothing pending and no daily run running or due for a retry,
 * still so after a full retry window, with no mail queued during it. Only then can "exactly once"
 * (or "no mail") be checked: a retry that would send a second mail has had its chance.
 */
export async function outboxSettled(notificationsDb: string): Promise<void> {
  const unfinished = async () => {
    const [row] = await sql<{ pending: number; rows: number }>(
      notificationsDb,
      `SELECT (SELECT count(*) FROM outbox WHERE status = 'PENDING')::int
            + (SELECT count(*) FROM daily_runs WHERE status = 'RUNNING')::int
            + (SELECT count(*) FROM (SELECT status FROM daily_runs WHERE day = (now() AT TIME ZONE 'UTC')::date ORDER BY started_at DESC LIMIT 1) latest WHERE status = 'FAILED')::int AS pending,
              (SELECT count(*) FROM outbox)::int AS rows`,
    );
    return row!;
  };
  const deadline = Date.now() + 30_000;
  for (;;) {
    const before = await eventually(async () => ((await unfinished()).pending === 0 ? unfinished() : null), {
      what: 'nothing pending in the outbox',
    });
    await sleep(RETRY_WINDOW_MS);
    const after = await unfinished();
    if (after.pending === 0 && after.rows === before.rows) return;
    if (Date.now() > deadline)
      throw new Error(
        `The outbox did not settle within 30 s (${after.pending} pending, ${after.rows - before.rows} new rows)`,
      );
  }
}
