import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from '../generated/prisma/client.js';
import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from '../config/notifications.config.js';

/** Pool size: outbox workers each hold a connection while their SMTP send is in flight. */
const POOL_HEADROOM = 6;

@Injectable()
export class PrismaService extends PrismaClient implements OnApplicationShutdown {
  /** The connection pool Prisma runs on, shared with the outbox's hot-path transaction. */
  readonly pool: pg.Pool;

  constructor(@Inject(NOTIFICATIONS_CONFIG) config: NotificationsConfig) {
    const pool = new pg.Pool({ connectionString: config.DATABASE_URL, max: config.OUTBOX_CONCURRENCY + POOL_HEADROOM });
    super({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
    this.pool = pool;
  }

  /** At application shutdown, i.e. after the outbox workers stopped in onModuleDestroy. */
  async onApplicationShutdown(): Promise<void> {
    await this.$disconnect();
  }
}
