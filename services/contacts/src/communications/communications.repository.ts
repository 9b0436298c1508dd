import { Inject, Injectable } from '@nestjs/common';
import type { CommunicationType } from '@kith/contracts';
import { sql } from 'kysely';
import { Database, type Db } from '../database/database.js';
import type { PageRequest } from '../common/paging.js';
import type { CommunicationRecord } from './communication.record.js';

export interface NewCommunication {
  type: CommunicationType;
  timestamp: Date;
  notes: string | null;
  duration: number | null;
}

/** The columns of a CommunicationRecord. */
const COMMUNICATION_COLUMNS = [
  'id',
  'user_id as userId',
  'contact_id as contactId',
  'type',
  'timestamp',
  'notes',
  'duration',
  'created_at as createdAt',
] as const;

/** The only code that reads and writes the communications table (a contact's interactions). */
@Injectable()
export class CommunicationsRepository {
  constructor(@Inject(Database) private readonly database: Database) {}

  create(db: Db, userId: string, contactId: string, entry: NewCommunication): Promise<CommunicationRecord> {
    return db
      .insertInto('communications')
      .values({ ...entry, user_id: userId, contact_id: contactId })
      .returning(COMMUNICATION_COLUMNS)
      .executeTakeFirstOrThrow();
  }

  /** The caller's interaction; null for another user's or no such id. */
  async findOwned(userId: string, id: string, db: Db = this.database.db): Promise<CommunicationRecord | null> {
    const row = await db
      .selectFrom('communications')
      .select(COMMUNICATION_COLUMNS)
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row ?? null;
  }

  /** Sets the given fields (an edit may give none: the entry then stays as it is). */
  update(db: Db, id: string, changes: Partial<NewCommunication>): Promise<CommunicationRecord> {
    if (Object.values(changes).every((value) => value === undefined))
      return db
        .selectFrom('communications')
        .select(COMMUNICATION_COLUMNS)
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    return db
      .updateTable('communications')
      .set(changes)
      .where('id', '=', id)
      .returning(COMMUNICATION_COLUMNS)
      .executeTakeFirstOrThrow();
  }

  async delete(db: Db, userId: string, id: string): Promise<boolean> {
    const { numDeletedRows } = await db
      .deleteFrom('communications')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return numDeletedRows === 1n;
  }

  /** Newest first (communications_contact_timestamp_idx). */
  async findForContact(
    userId: string,
    contactId: string,
    page: PageRequest,
  ): Promise<{ rows: CommunicationRecord[]; total: number }> {
    const ofContact = this.database.db
      .selectFrom('communications')
      .where('user_id', '=', userId)
      .where('contact_id', '=', contactId);
    const [rows, { total }] = await Promise.all([
      ofContact
        .select(COMMUNICATION_COLUMNS)
        .orderBy('timestamp', 'desc')
        .orderBy('id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      ofContact.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total };
  }
}
