import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DEMO_USER_ID, effectiveReminderDays, MS_PER_DAY, overdueAt } from '@kith/contracts';
import { CONTACTS_CONFIG, type ContactsConfig } from '../config/contacts.config.js';
import { PrismaService } from '../database/prisma.service.js';
import { DEMO_CONTACTS, DEMO_LISTS } from './demo-data.js';

/** "--MM-DD" (or "YYYY-MM-DD" with a year) of the UTC day `days` after `now`. */
function birthdayInDays(now: Date, days: number, year?: number): string {
  const monthDay = new Date(now.getTime() + days * MS_PER_DAY).toISOString().slice(4, 10);
  return `${year ?? '-'}${monthDay}`;
}

/** Seeding ~40 contacts with their interactions in one transaction. */
const DEMO_SEED_TIMEOUT_MS = 120_000;

/**
 * The demo account is shared by every visitor: its sample lists, contacts and interactions are
 * restored (visitors' edits undone) when the service starts and then every
 * DEMO_RESET_INTERVAL_MS, so the next visitor finds the demo as described.
 */
@Injectable()
export class DemoDataSeeder implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(DemoDataSeeder.name);
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(
    @Inject(CONTACTS_CONFIG) private readonly config: ContactsConfig,
    @Inject(PrismaService) private readonly prisma: PrismaService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.SEED_DEMO) return;
    await this.restore(new Date());
    this.logger.log('Demo contacts restored');
    this.timer = setInterval(() => {
      this.restore(new Date()).catch((error: unknown) =>
        this.logger.error(`Demo data restore failed: ${String(error)}`),
      );
    }, this.config.DEMO_RESET_INTERVAL_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  /** Replaces whatever the demo user has with the sample data, in one transaction. */
  restore(now: Date): Promise<void> {
    return this.prisma.$transaction(
      async (db) => {
        // Replicas restoring at the same moment take turns instead of interleaving.
        await db.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended('contacts-demo-seed', 0))`;
        // Communications go with their contacts (ON DELETE CASCADE).
        await db.contact.deleteMany({ where: { userId: DEMO_USER_ID } });
        await db.contactList.deleteMany({ where: { userId: DEMO_USER_ID } });

        const listIds = new Map<string, { id: string; reminderDays: number }>();
        for (const { key, ...list } of DEMO_LISTS) {
          const created = await db.contactList.create({ data: { ...list, userId: DEMO_USER_ID } });
          listIds.set(key, { id: created.id, reminderDays: created.reminderDays });
        }
        for (const { list, interactions, customReminderDays = null, birthday, ...fields } of DEMO_CONTACTS) {
          const listOf = list ? listIds.get(list)! : null;
          const lastContactDate = interactions.length
            ? new Date(now.getTime() - interactions[0].daysAgo * MS_PER_DAY)
            : null;
          const { id } = await db.contact.create({
            data: {
              ...fields,
              userId: DEMO_USER_ID,
              listId: listOf?.id ?? null,
              customReminderDays,
              birthday: birthday ? birthdayInDays(now, birthday.inDays, birthday.year) : null,
              lastContactDate,
              overdueAt: overdueAt(
                lastContactDate,
                effectiveReminderDays(customReminderDays, listOf?.reminderDays ?? null),
              ),
            },
            select: { id: true },
          });
          if (interactions.length === 0) continue;
          await db.communication.createMany({
            data: interactions.map(({ daysAgo, type, notes }) => ({
              userId: DEMO_USER_ID,
              contactId: id,
              type,
              notes: notes ?? null,
              timestamp: new Date(now.getTime() - daysAgo * MS_PER_DAY),
            })),
          });
        }
        // Prisma's 5 s default is too short on a busy machine: it rolled back mid-seed, and the rest of
        // the nested writes then ran outside the transaction (a communications FK error at boot).
      },
      { timeout: DEMO_SEED_TIMEOUT_MS, maxWait: DEMO_SEED_TIMEOUT_MS },
    );
  }
}
