import { Inject, Injectable } from '@nestjs/common';
import { type Executor, KyselyDatabase } from '@kith/nest-kit';
import type { Transaction } from 'kysely';
import { CONTACTS_CONFIG, type ContactsConfig } from '../config/contacts.config.js';
import type { DB } from './tables.generated.js';

/**
 * The service's PostgreSQL: one pool and Kysely over it, typed by the tables the migrations make
 * (tables.generated.ts). Hand-tuned reads are `sql` templates; the hot ones run as named
 * prepared statements (`prepared`), which spares PostgreSQL re-planning them on every request.
 */
@Injectable()
export class Database extends KyselyDatabase<DB> {
  constructor(@Inject(CONTACTS_CONFIG) config: ContactsConfig) {
    super({ connectionString: config.DATABASE_URL, max: config.DATABASE_POOL_SIZE });
  }
}

/** What a repository reads and writes through: the database, or the transaction it is part of. */
export type Db = Executor<DB>;

/** An open transaction of the contacts database. */
export type Trx = Transaction<DB>;
