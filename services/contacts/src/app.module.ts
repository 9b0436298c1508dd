import { type DynamicModule, Global, Module } from '@nestjs/common';
import { AccessTokenModule, HealthModule, NatsClient, NatsModule } from '@kith/nest-kit';
import { CONTACTS_CONFIG, type ContactsConfig } from './config/contacts.config.js';
import { ContactsModule } from './contacts/contacts.module.js';
import { DemoModule } from './demo/demo.module.js';
import { ImportModule } from './import/import.module.js';
import { ListsModule } from './lists/lists.module.js';
import { OverdueModule } from './overdue/overdue.module.js';
import { Database } from './database/database.js';
import { PrismaService } from './database/prisma.service.js';

/** The validated config and the database client, available to every module. */
@Global()
@Module({})
class CoreModule {
  static forRoot(config: ContactsConfig): DynamicModule {
    return {
      module: CoreModule,
      providers: [{ provide: CONTACTS_CONFIG, useValue: config }, Database, PrismaService],
      exports: [CONTACTS_CONFIG, Database, PrismaService],
    };
  }
}

@Module({})
export class AppModule {
  static forRoot(config: ContactsConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.forRoot(config),
        AccessTokenModule.forRoot(config.JWT_PUBLIC_KEY),
        NatsModule.forRoot({ url: config.NATS_URL, timeoutMs: config.NATS_TIMEOUT_MS, name: 'contacts' }),
        HealthModule.forRoot({
          inject: [Database, NatsClient],
          useFactory: (database: Database, nats: NatsClient) => [
            { name: 'database', check: async () => void (await database.pool.query('SELECT 1')) },
            { name: 'nats', check: () => nats.ping() },
          ],
        }),
        ImportModule,
        ContactsModule,
        ListsModule,
        OverdueModule,
        DemoModule,
      ],
    };
  }
}
