import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { DEMO_USER_ID, effectiveReminderDays, MS_PER_DAY, overdueAt } from '@kith/contracts';
import { CONTACTS_CONFIG, type ContactsConfig } from '../config/contacts.config.js';
import { PrismaService } from '../database/prisma.service.js';
import { DEMO_CONTACTS, DEMO_LISTS } from './demo-data.js';

/** Gives the demo account its sample lists, contacts and interactions once (when it has no contacts). */
@Injectable()
export class DemoDataSeeder implements OnApplicationBootstrap {
  private readonly logger = new Logger(DemoDataSeeder.name);

  constructor(
    @Inject(CONTACTS_CONFIG) private readonly config: ContactsConfig,
    @Inject(PrismaService) private readonly prisma: PrismaService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.SEED_DEMO && (await this.seed(new Date()))) this.logger.log('Demo contacts seeded');
  }

  /** Returns false when the demo user already has contacts (replicas starting together seed once). */
  seed(now: Date): Promise<boolean> {
    return this.prisma.$transaction(async (db) => {
      await db.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended('contacts-demo-seed', 0))`;
      if ((await db.contact.count({ where: { userId: DEMO_USER_ID } })) > 0) return false;

      const listIds = new Map<string, { id: string; reminderDays: number }>();
      for (const { key, ...list } of DEMO_LISTS) {
        const created = await db.contactList.create({ data: { ...list, userId: DEMO_USER_ID } });
        listIds.set(key, { id: created.id, reminderDays: created.reminderDays });
      }
      for (const { list, interactions, customReminderDays = null, ...fields } of DEMO_CONTACTS) {
        const listOf = list ? listIds.get(list)! : null;
        const lastContactDate = interactions.length
          ? new Date(now.getTime() - interactions[0].daysAgo * MS_PER_DAY)
          : null;
        await db.contact.create({
          data: {
            ...fields,
            userId: DEMO_USER_ID,
            listId: listOf?.id ?? null,
            customReminderDays,
            lastContactDate,
            overdueAt: overdueAt(
              lastContactDate,
              effectiveReminderDays(customReminderDays, listOf?.reminderDays ?? null),
            ),
            communications: {
              create: interactions.map(({ daysAgo, type, notes }) => ({
                userId: DEMO_USER_ID,
                type,
                notes: notes ?? null,
                timestamp: new Date(now.getTime() - daysAgo * MS_PER_DAY),
              })),
            },
          },
        });
      }
      return true;
    });
  }
}
