import {
  ErrorCode,
  type OverdueDigestEntry,
  type OverdueDigestRequest,
  type OverdueDigestResponse,
  type User,
} from '@kith/contracts';
import { AppError } from '@kith/nest-kit';
import type { NotificationsConfig } from '../config/notifications.config.js';
import type { OutboxDispatcher } from '../outbox/outbox-dispatcher.service.js';
import type { DailyReminderCandidate } from '../outbox/outbox.types.js';
import type { EmailActionsService } from '../email-actions/email-actions.service.js';
import type { PeersClient } from '../peers/peers.client.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { WebhooksService } from '../webhooks/webhooks.service.js';
import { DailyRunService } from './daily-run.service.js';
import type { DailyRunsRepository, RunTotals } from './daily-runs.repository.js';
import { ReminderComposer } from './reminder-composer.js';

const user = (id: string): User => ({
  _id: id,
  firstName: `First ${id}`,
  lastName: 'Last',
  email: `${id}@example.test`,
  createdAt: '2026-01-01T00:00:00.000Z',
  // 'unconfirmed' has not proven its address: it gets no reminder e-mail.
  emailVerified: id !== 'unconfirmed',
  isOperator: false,
});
const entry = (userId: string): OverdueDigestEntry => ({
  userId,
  totalOverdue: 1,
  contacts: [],
  scheduled: [],
  birthdays: [],
});

/** Fakes for the run's collaborators: a paged digest, an auth directory and an in-memory claim table. */
function setup({
  pages,
  failOnPage,
  paused,
  holdPage,
  runUnderWay,
}: {
  pages: string[][];
  /** Another run for everyone holds the one RUNNING row. */
  runUnderWay?: boolean;
  failOnPage?: number;
  paused?: string;
  /** The digest of this page waits for this promise. */
  holdPage?: { page: number; until: Promise<void> };
}) {
  const authCalls: string[][] = [];
  const claimed = new Set<string>();
  const finished: { totals: RunTotals; error?: string }[] = [];
  const peers = {
    async overdueDigest({ cursor }: OverdueDigestRequest): Promise<OverdueDigestResponse> {
      const page = cursor ? Number(cursor) : 0;
      if (page === holdPage?.page) await holdPage.until;
      if (page === failOnPage)
        throw new AppError(
          ErrorCode.SERVICE_UNAVAILABLE,
          'Service temporarily unavailable (contacts.overdue.digest: timed out)',
        );
      return { users: pages[page]!.map(entry), nextCursor: page + 1 < pages.length ? String(page + 1) : null };
    },
    async usersByIds(userIds: string[]): Promise<User[]> {
      authCalls.push(userIds);
      return userIds.filter((id) => id !== 'deleted').map(user);
    },
  };
  const dispatcher = {
    async enqueueDailyReminders(_day: string, candidates: DailyReminderCandidate[]): Promise<number> {
      const fresh = candidates.filter((candidate) => !claimed.has(candidate.userId));
      fresh.forEach((candidate) => claimed.add(candidate.userId));
      return fresh.length;
    },
  };
  const runs = {
    start: async () => (runUnderWay ? null : 'run-1'),
    finish: async (_id: string, totals: RunTotals, error?: string) =>
      void finished.push({ totals: { ...totals }, error }),
  };
  const config = { DIGEST_BATCH_SIZE: 2, APP_URL: 'http://localhost:8080' } as NotificationsConfig;
  const emailActions = {
    reminderExtras: async () => ({
      actionLinks: new Map(),
      pauseUrl: 'http://localhost:8080/email-action/t',
      headers: {},
    }),
  };
  const settings = {
    pausedAmong: async (ids: string[]) => new Set(ids.filter((id) => id === paused)),
    contactsPerEmailOf: async (ids: string[]) => new Map(ids.map((id) => [id, 10])),
  } as unknown as SettingsService;
  const sut = new DailyRunService(
    config,
    peers as unknown as PeersClient,
    runs as unknown as DailyRunsRepository,
    dispatcher as unknown as OutboxDispatcher,
    settings,
    new ReminderComposer(config, emailActions as unknown as EmailActionsService, settings),
    { among: async () => new Map() } as unknown as WebhooksService,
  );
  return { sut, authCalls, claimed, finished };
}

describe('DailyRunService', () => {
  it('walks the digest batch by batch, one auth lookup per batch, and queues each user once', async () => {
    const { sut, authCalls, claimed, finished } = setup({ pages: [['a', 'b'], ['c', 'deleted'], ['e']] });

    const result = await sut.run('MANUAL');

    expect(authCalls).toEqual([['a', 'b'], ['c', 'deleted'], ['e']]);
    expect([...claimed]).toEqual(['a', 'b', 'c', 'e']);
    expect(result).toMatchObject({ usersProcessed: 4, emailsQueued: 4, alreadySentToday: 0 });
    expect(result.message).toContain('4 emails queued');
    expect(finished).toEqual([
      { totals: { usersProcessed: 4, emailsQueued: 4, alreadySentToday: 0 }, error: undefined },
    ]);
  });

  it('counts users already reminded today instead of queueing them again', async () => {
    const { sut } = setup({ pages: [['a', 'b']] });
    await sut.run('CRON');
    await expect(sut.run('MANUAL')).resolves.toMatchObject({ usersProcessed: 2, emailsQueued: 0, alreadySentToday: 2 });
  });

  it('sends no reminder e-mail to an address that was never confirmed', async () => {
    const { sut, claimed } = setup({ pages: [['a', 'unconfirmed', 'c']] });
    const result = await sut.run('MANUAL');
    expect([...claimed]).toEqual(['a', 'c']);
    expect(result).toMatchObject({ usersProcessed: 2, emailsQueued: 2 });
  });

  it("runs one user's reminders alone, without recording a run for everyone", async () => {
    const { sut, claimed, finished } = setup({ pages: [['own']] });
    const result = await sut.run('MANUAL', new Date(), 'own');
    expect([...claimed]).toEqual(['own']);
    expect(result).toMatchObject({ usersProcessed: 1, emailsQueued: 1, alreadySentToday: 0 });
    expect(finished).toEqual([]);
  });

  it('refuses a second run for everyone while one is under way (409)', async () => {
    const { sut } = setup({ pages: [['a']], runUnderWay: true });
    await expect(sut.run('MANUAL')).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('skips users who paused reminder e-mails', async () => {
    const { sut, claimed } = setup({ pages: [['a', 'b', 'c']], paused: 'b' });
    await expect(sut.run('CRON')).resolves.toMatchObject({ usersProcessed: 2, emailsQueued: 2 });
    expect([...claimed]).toEqual(['a', 'c']);
  });

  it('records a failed run and rethrows when a peer is unavailable, keeping only complete batches', async () => {
    const { sut, claimed, finished } = setup({ pages: [['a', 'b'], ['c']], failOnPage: 1 });

    await expect(sut.run('CRON')).rejects.toMatchObject({ code: ErrorCode.SERVICE_UNAVAILABLE });

    expect([...claimed]).toEqual(['a', 'b']);
    expect(finished).toHaveLength(1);
    expect(finished[0]!.error).toContain('contacts.overdue.digest');
    expect(sut.isRunning).toBe(false);
  });

  it('at shutdown ends a run after its current batch, recorded as failed, and starts no other', async () => {
    let release = () => undefined as void;
    const until = new Promise<void>((resolve) => (release = resolve));
    const { sut, claimed, finished } = setup({ pages: [['a', 'b'], ['c']], holdPage: { page: 0, until } });

    const run = sut.run('CRON');
    await new Promise((resolve) => setImmediate(resolve));
    const stopped = sut.stop();
    let stopDone = false;
    void stopped.then(() => (stopDone = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopDone).toBe(false); // waits for the batch under way

    release();
    await expect(run).rejects.toMatchObject({ code: ErrorCode.SERVICE_UNAVAILABLE });
    await stopped;
    expect([...claimed]).toEqual(['a', 'b']);
    expect(finished).toHaveLength(1);
    expect(finished[0]!.error).toContain('the service is stopping');
    expect(sut.isRunning).toBe(false);

    await expect(sut.run('MANUAL')).rejects.toMatchObject({ code: ErrorCode.SERVICE_UNAVAILABLE });
    expect(finished).toHaveLength(1);
  });
});
