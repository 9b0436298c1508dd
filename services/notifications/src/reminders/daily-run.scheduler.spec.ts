import type { SchedulerRegistry } from '@nestjs/schedule';
import type { NotificationsConfig } from '../config/notifications.config.js';
import { DailyRunScheduler, scheduledTimeOn } from './daily-run.scheduler.js';
import type { DailyRunService } from './daily-run.service.js';
import type { DailyRunsRepository } from './daily-runs.repository.js';

describe('scheduledTimeOn', () => {
  it("gives the day's first firing of the UTC cron, whether it is past or still ahead", () => {
    expect(scheduledTimeOn('0 9 * * *', new Date('2026-11-21T10:30:00Z'))?.toISOString()).toBe(
      '2026-11-21T09:00:00.000Z',
    );
    expect(scheduledTimeOn('0 9 * * *', new Date('2026-11-21T03:00:00Z'))?.toISOString()).toBe(
      '2026-11-21T09:00:00.000Z',
    );
    expect(scheduledTimeOn('0 0 * * *', new Date('2026-11-21T00:00:00Z'))?.toISOString()).toBe(
      '2026-11-21T00:00:00.000Z',
    );
    expect(scheduledTimeOn('30 7,19 * * *', new Date('2026-11-21T23:00:00Z'))?.toISOString()).toBe(
      '2026-11-21T07:30:00.000Z',
    );
  });

  it('is null on a day the cron skips', () => {
    expect(scheduledTimeOn('0 0 1 1 *', new Date('2026-11-21T10:30:00Z'))).toBeNull();
    expect(scheduledTimeOn('0 9 * * 1', new Date('2026-11-21T10:30:00Z'))).toBeNull(); // a Saturday
    expect(scheduledTimeOn('0 9 * * 6', new Date('2026-11-21T10:30:00Z'))?.toISOString()).toBe(
      '2026-11-21T09:00:00.000Z',
    );
  });
});

describe('DailyRunScheduler.runIfDue', () => {
  it('starts one make-up run when a second due-check comes while the first is still asking the database', async () => {
    let answerIsDue: (due: boolean) => void = () => undefined;
    const isDue = new Promise<boolean>((resolve) => (answerIsDue = resolve));
    const started: string[] = [];
    const sut = new DailyRunScheduler(
      { DAILY_REMINDER_CRON: '0 0 * * *' } as NotificationsConfig,
      {} as SchedulerRegistry,
      { isRunning: false, run: async (trigger: string) => void started.push(trigger) } as unknown as DailyRunService,
      { isDue: () => isDue } as unknown as DailyRunsRepository,
    );

    const boot = sut.runIfDue();
    const poll = sut.runIfDue();
    answerIsDue(true);
    await Promise.all([boot, poll]);

    expect(started).toEqual(['RETRY']);
    await sut.runIfDue();
    expect(started).toEqual(['RETRY', 'RETRY']);
  });
});
