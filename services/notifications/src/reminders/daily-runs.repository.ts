import { Inject, Injectable } from '@nestjs/common';
import { PrismaService } from '../prisma/prisma.service.js';

export const RunTrigger = { CRON: 'CRON', MANUAL: 'MANUAL', RETRY: 'RETRY' } as const;
export type RunTrigger = (typeof RunTrigger)[keyof typeof RunTrigger];

export const RunStatus = { RUNNING: 'RUNNING', SUCCEEDED: 'SUCCEEDED', FAILED: 'FAILED' } as const;

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

  async start(day: string, trigger: RunTrigger): Promise<string> {
    const run = await this.prisma.dailyRun.create({ data: { day: asDate(day), trigger, status: RunStatus.RUNNING }, select: { id: true } });
    return run.id;
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

  /** A run of `day` failed (or died) and none has succeeded or is under way since. */
  async needsRetry(day: string, now: Date = new Date()): Promise<boolean> {
    const staleBefore = new Date(now.getTime() - STALE_RUN_MS);
    const runs = await this.prisma.dailyRun.groupBy({
      by: ['status'],
      where: { day: asDate(day) },
      _max: { startedAt: true },
    });
    const latest = (status: string) => runs.find((run) => run.status === status)?._max.startedAt ?? null;
    const running = latest(RunStatus.RUNNING);
    const failed = latest(RunStatus.FAILED) !== null || (running !== null && running < staleBefore);
    const settled = latest(RunStatus.SUCCEEDED) !== null || (running !== null && running >= staleBefore);
    return failed && !settled;
  }
}
