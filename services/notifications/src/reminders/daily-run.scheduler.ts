import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { CronJob, CronTime } from 'cron';
import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from '../config/notifications.config.js';
import { DailyRunsRepository, RunTrigger } from './daily-runs.repository.js';
import { DailyRunService } from './daily-run.service.js';
import { utcDay } from './reminder-content.js';

/** When `cron` (UTC) fires on `now`'s UTC day, or null when it does not fire that day. */
export function scheduledTimeOn(cron: string, now: Date): Date | null {
  const day = utcDay(now);
  const justBeforeMidnight = new Date(Date.parse(`${day}T00:00:00.000Z`) - 1);
  const first = new CronTime(cron, 'UTC').getNextDateFrom(justBeforeMidnight).toJSDate();
  return utcDay(first) === day ? first : null;
}

/**
 * Fires the daily run on DAILY_REMINDER_CRON (UTC). At boot and every DAILY_RUN_RETRY_MS it also
 * runs the day's reminders when they are due but not done: the day's run failed, or the service
 * was down when the cron should have fired (a server rebooted at 09:05 still mails that morning).
 * Every replica does all of it; the per-user daily claim makes the overlap harmless.
 */
@Injectable()
export class DailyRunScheduler implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(DailyRunScheduler.name);

  constructor(
    @Inject(NOTIFICATIONS_CONFIG) private readonly config: NotificationsConfig,
    @Inject(SchedulerRegistry) private readonly registry: SchedulerRegistry,
    @Inject(DailyRunService) private readonly dailyRun: DailyRunService,
    @Inject(DailyRunsRepository) private readonly runs: DailyRunsRepository,
  ) {}

  onApplicationBootstrap(): void {
    const job = CronJob.from({
      cronTime: this.config.DAILY_REMINDER_CRON,
      timeZone: 'UTC',
      onTick: () => this.runQuietly(RunTrigger.CRON),
      start: true,
    });
    this.registry.addCronJob('daily-reminders', job);
    this.registry.addInterval(
      'daily-reminders-retry',
      setInterval(() => void this.runIfDue(), this.config.DAILY_RUN_RETRY_MS),
    );
    void this.runIfDue();
  }

  /** No run starts once the service is stopping, and the one under way is let finish its batch. */
  async onModuleDestroy(): Promise<void> {
    this.registry.deleteCronJob('daily-reminders');
    this.registry.deleteInterval('daily-reminders-retry');
    await this.dailyRun.stop();
  }

  /** The due-check under way, if any (see runIfDue). */
  private dueCheck: Promise<void> | null = null;

  /**
   * A missed or failed run is made up as a RETRY run. One check at a time: on a slow database the
   * next retry poll (or the boot check) would otherwise also find the day due and start a second run.
   */
  runIfDue(now: Date = new Date()): Promise<void> {
    this.dueCheck ??= this.runIfDueNow(now).finally(() => (this.dueCheck = null));
    return this.dueCheck;
  }

  private async runIfDueNow(now: Date): Promise<void> {
    try {
      const scheduledAt = scheduledTimeOn(this.config.DAILY_REMINDER_CRON, now);
      if (this.dailyRun.isRunning || !(await this.runs.isDue(utcDay(now), now, scheduledAt))) return;
    } catch (error) {
      this.logger.error(`Cannot check whether the daily run is due: ${(error as Error).message}`);
      return;
    }
    await this.runQuietly(RunTrigger.RETRY);
  }

  /** Scheduled runs have no caller to report to: a failure is recorded (and logged) by the run itself. */
  private async runQuietly(trigger: RunTrigger): Promise<void> {
    await this.dailyRun.run(trigger).catch(() => undefined);
  }
}
