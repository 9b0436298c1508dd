import { type DynamicModule, Module } from '@nestjs/common';
import { ServicePlatformModule } from '@kith/nest-kit';
import { sql } from 'kysely';
import { AccountModule } from './account/account.module.js';
import { CalendarModule } from './calendar/calendar.module.js';
import { CommunicationsModule } from './communications/communications.module.js';
import { CardDavModule } from './carddav/carddav.module.js';
import { CONTACTS_CONFIG, type ContactsConfig } from './config/contacts.config.js';
import { ContactsModule } from './contacts/contacts.module.js';
import { Database } from './database/database.js';
import { DemoModule } from './demo/demo.module.js';
import { VCardExportModule } from './export/vcard-export.module.js';
import { ImportModule } from './import/import.module.js';
import { ListsModule } from './lists/lists.module.js';
import { OverdueModule } from './overdue/overdue.module.js';
import { ReminderActionsModule } from './reminder-actions/reminder-actions.module.js';

@Module({})
export class AppModule {
  static forRoot(config: ContactsConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServicePlatformModule.forRoot({
          name: 'contacts',
          config,
          configToken: CONTACTS_CONFIG,
          databaseProviders: [Database],
          databaseCheck: { inject: Database, check: (database: Database) => sql`SELECT 1`.execute(database.db) },
        }),
        ImportModule,
        VCardExportModule,
        ContactsModule,
        CommunicationsModule,
        ListsModule,
        OverdueModule,
        ReminderActionsModule,
        DemoModule,
        AccountModule,
        CalendarModule,
        CardDavModule,
      ],
    };
  }
}
