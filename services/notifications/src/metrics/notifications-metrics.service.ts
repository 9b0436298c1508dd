import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { defineMetric } from '@kith/nest-kit';
import { PrismaService } from '../database/prisma.service.js';

/** Deliveries by channel (email, webhook) and outcome (SENT, PENDING = will retry, FAILED, EXPIRED). */
export const deliveries = defineMetric.counter({
  name: 'kith_deliveries_total',
  help: 'Delivery attempts of the outbox, by channel and outcome',
  labelNames: ['channel', 'outcome'] as const,
});

const logger = new Logger('NotificationsMetrics');
let database: PrismaService | undefined;

/** One row of a scrape-time query, or nothing when the database cannot answer (the scrape still succeeds). */
async function firstRow<Row>(text: string): Promise<Row | undefined> {
  if (!database) return undefined;
  try {
    return (await database.pool.query(text)).rows[0] as Row;
  } catch (error) {
    logger.warn(`metrics query failed: ${(error as Error).message}`);
    return undefined;
  }
}

// Outbox depth and the daily run are read from the database at scrape time: every replica reports
// the same shared truth, so an operator sees a stuck outbox, or a run that never happened (its
// time stops moving), whichever replica Prometheus asks.
defineMetric.gauge({
  name: 'kith_outbox_pending',
  help: 'Messages waiting in the outbox (e-mails and webhooks)',
  async collect() {
    const row = await firstRow<{ pending: number }>(
      "SELECT count(*)::int AS pending FROM outbox WHERE status = 'PENDING'",
    );
    if (row) this.set(row.pending);
  },
});
defineMetric.gauge({
  name: 'kith_outbox_oldest_pending_age_seconds',
  help: 'Age of the oldest message still waiting in the outbox (0 when empty)',
  async collect() {
    const row = await firstRow<{ age: number | null }>(
      "SELECT extract(epoch FROM now() - min(created_at))::float8 AS age FROM outbox WHERE status = 'PENDING'",
    );
    if (row) this.set(row.age ?? 0);
  },
});
defineMetric.gauge({
  name: 'kith_daily_run_last_finished_timestamp_seconds',
  help: 'When the last daily reminder run finished (Unix time), labelled with its result',
  labelNames: ['status'] as const,
  async collect() {
    const row = await firstRow<{ finished: number; status: string }>(
      `SELECT extract(epoch FROM finished_at)::float8 AS finished, status FROM daily_runs
        WHERE finished_at IS NOT NULL ORDER BY finished_at DESC LIMIT 1`,
    );
    this.reset();
    if (row) this.set({ status: row.status }, row.finished);
  },
});

/** Hands the scrape-time queries the service's database pool. */
@Injectable()
export class NotificationsMetrics implements OnModuleInit {
  constructor(@Inject(PrismaService) private readonly prisma: PrismaService) {}

  onModuleInit(): void {
    database = this.prisma;
  }
}
