import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DEMO_USER_ID, effectiveReminderDays, MS_PER_DAY, overdueAt } from '@kith/contracts';
import { sql } from 'kysely';
import { CONTACTS_CONFIG, type ContactsConfig } from '../config/contacts.config.js';
import { newContactRow } from '../contacts/contacts.repository.js';
import { Database } from '../database/database.js';
import { DEMO_CONTACTS, DEMO_LISTS } from './demo-data.js';

/** "--MM-DD" (or "YYYY-MM-DD" with a year) of the UTC day `days` after `now`. */
function birthdayInDays(now: Date, days: number, year?: number): string {
  const monthDay = new Date(now.getTime() + days * MS_PER_DAY).toISOString().slice(4, 10);
  return `${year ?? '-'}${monthDay}`;
}

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
    @Inject(Database) private readonly database: Database,
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
    return this.database.transaction(async (trx) => {
      // Replicas restoring at the same moment take turns instead of interleaving.
      await sql`SELECT pg_advisory_xact_lock(hashtextextended('contacts-demo-seed', 0))`.execute(trx);
      // Communications go with their contacts (ON DELETE CASCADE).
      await trx.deleteFrom('contacts').where('user_id', '=', DEMO_USER_ID).execute();
      await trx.deleteFrom('contact_lists').where('user_id', '=', DEMO_USER_ID).execute();

      const listIds = new Map<string, { id: string; reminderDays: number }>();
      for (const { key, reminderDays, ...list } of DEMO_LISTS) {
        const created = await trx
          .insertInto('contact_lists')
          .values({ ...list, reminder_days: reminderDays, user_id: DEMO_USER_ID })
          .returning('id')
          .executeTakeFirstOrThrow();
        listIds.set(key, { id: created.id, reminderDays });
      }
      for (const { list, interactions, customReminderDays = null, birthday, ...fields } of DEMO_CONTACTS) {
        const listOf = list ? listIds.get(list)! : null;
        const lastContactDate = interactions.length
          ? new Date(now.getTime() - interactions[0].daysAgo * MS_PER_DAY)
          : null;
        const { id } = await trx
          .insertInto('contacts')
          .values(
            newContactRow(DEMO_USER_ID, {
              ...fields,
              listId: listOf?.id ?? null,
              customReminderDays,
              birthday: birthday ? birthdayInDays(now, birthday.inDays, birthday.year) : null,
              lastContactDate,
              overdueAt: overdueAt(
                lastContactDate,
                effectiveReminderDays(customReminderDays, listOf?.reminderDays ?? null),
              ),
            }),
          )
          .returning('id')
          .executeTakeFirstOrThrow();
        if (interactions.length === 0) continue;
        await trx
          .insertInto('communications')
          .values(
            interactions.map(({ daysAgo, type, notes }) => ({
              user_id: DEMO_USER_ID,
              contact_id: id,
              type,
              notes: notes ?? null,
              timestamp: new Date(now.getTime() - daysAgo * MS_PER_DAY),
            })),
          )
          .execute();
      }
    });
  }
}
