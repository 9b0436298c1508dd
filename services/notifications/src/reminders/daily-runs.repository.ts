import { Inject, Injectable } from '@nestjs/common';
import { PrismaService } from '../database/prisma.service.js';
import { Prisma } from '../generated/prisma/client.js';

export const RunTrigger = { CRON: 'CRON', MANUAL: 'MANUAL', RETRY: 'RETRY' } as const;
export type RunTrigger = (typeof RunTrigger)[keyof typeof RunTrigger];

const RunStatus = { RUNNING: 'RUNNING', SUCCEEDED: 'SUCCEEDED', FAILED: 'FAILED' } as const;

export interface RunTotals {
  usersProcessed: number;
  emailsQueued: number;
  alreadySentToday: number;
}

/** A run still RUNNING after this long died with its process; it counts as failed. */
export const STALE_RUN_MS = 15 * 60_000;

const asDate = (day: string) => new Date(`${day}T00:00:00.000Z`);

@Injectable()
export class DailyRunsRepository {
  constructor(@Inject(PrismaService) private readonly prisma: PrismaService) {}

  /**
   * Records a run for everyone as started; null when another one is under way (a unique index
   * lets one row be RUNNING). A run RUNNING for longer than STALE_RUN_MS died with its process:
   * it is marked failed first, so it never blocks the next.
   */
  async start(day: string, trigger: RunTrigger, now: Date = new Date()): Promise<string | null> {
    await this.prisma.dailyRun.updateMany({
      where: { status: RunStatus.RUNNING, startedAt: { lt: new Date(now.getTime() - STALE_RUN_MS) } },
      data: { status: RunStatus.FAILED, error: 'the process running it stopped', finishedAt: now },
    });
    try {
      const run = await this.prisma.dailyRun.create({
        data: { day: asDate(day), trigger, status: RunStatus.RUNNING },
        select: { id: true },
      });
      return run.id;
    } catch (error) {
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') return null;
      throw error;
    }
  }

  async finish(id: string, totals: RunTotals, error?: string): Promise<void> {
    await this.prisma.dailyRun.update({
      where: { id },
      data: {
        status: error === undefined ? RunStatus.SUCCEEDED : RunStatus.FAILED,
        usersProcessed: totals.usersProcessed,
        emailsQueued: totals.emailsQueued,
        alreadySent: totals.alreadySentToday,
        error: error ?? null,
        finishedAt: new Date(),
      },
    });
  }

  /**
   * Whether `day`'s reminders still need a run: its latest run failed, or died while running
   * (its process crashed), so they may be incomplete; or no run happened at all although the
   * day's scheduled time (`scheduledAt`, null when the schedule skips the day) has passed,
   * because the service was down then.
   */
  async isDue(day: string, now: Date, scheduledAt: Date | null): Promise<boolean> {
    const latest = await this.prisma.dailyRun.findFirst({
      where: { day: asDate(day) },
      orderBy: { startedAt: 'desc' },
      select: { status: true, startedAt: true },
    });
    if (!latest) return scheduledAt !== null && scheduledAt.getTime() <= now.getTime();
    if (latest.status === RunStatus.RUNNING) return now.getTime() - latest.startedAt.getTime() > STALE_RUN_MS;
    return latest.status === RunStatus.FAILED;
  }
}
