import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { CronJob } from 'cron';
import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from '../config/notifications.config.js';
import { DailyRunsRepository, RunTrigger } from './daily-runs.repository.js';
import { DailyRunService } from './daily-run.service.js';
import { utcDay } from './reminder-content.js';

/**
 * Fires the daily run on DAILY_REMINDER_CRON (UTC) and, every DAILY_RUN_RETRY_MS, retries the
 * day's run while it has failed and not yet succeeded. Every replica does both; the per-user
 * daily claim makes the overlap harmless.
 */
@Injectable()
export class DailyRunScheduler implements OnApplicationBootstrap {
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
    this.registry.addInterval('daily-reminders-retry', setInterval(() => void this.retryIfFailed(), this.config.DAILY_RUN_RETRY_MS));
  }

  async retryIfFailed(now: Date = new Date()): Promise<void> {
    try {
      if (this.dailyRun.isRunning || !(await this.runs.needsRetry(utcDay(now), now))) return;
    } catch (error) {
      this.logger.error(`Cannot check for failed runs: ${(error as Error).message}`);
      return;
    }
    await this.runQuietly(RunTrigger.RETRY);
  }

  /** Scheduled runs have no caller to report to: a failure is recorded (and logged) by the run itself. */
  private async runQuietly(trigger: RunTrigger): Promise<void> {
    await this.dailyRun.run(trigger).catch(() => undefined);
  }
}
