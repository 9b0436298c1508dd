import { Inject, Injectable } from '@nestjs/common';
import { type ContactDetails, DEFAULT_LIST_COLOR, DEFAULT_LIST_REMINDER_DAYS } from '@kith/contracts';
import { sql } from 'kysely';
import { overdueAtSql, remindingDaysSql } from '../contacts/overdue-rule.sql.js';
import { Database, type Trx } from '../database/database.js';
import type { ContactIdentity, DuplicateLookupKeys } from './duplicates.js';

export interface ImportRow extends ContactIdentity, ContactDetails {
  notes: string | null;
  listId: string | null;
}

/** The transaction an import confirms in. */
export type ImportTransaction = Trx;

/** Rows per INSERT: large enough to be fast, small enough to keep each statement's arrays modest. */
const INSERT_CHUNK = 5000;

/** Bulk paths of the import (thousands of rows per statement); its INSERT is the import's write of the contacts table. */
@Injectable()
export class ImportRepository {
  constructor(@Inject(Database) private readonly database: Database) {}

  /** Only the caller's contacts that share a duplicate key with the import (indexed generated key columns). */
  findByKeys(userId: string, keys: DuplicateLookupKeys, trx?: ImportTransaction): Promise<ContactIdentity[]> {
    if (!keys.emails.length && !keys.phones.length && !keys.names.length) return Promise.resolve([]);
    return this.database.prepared(
      sql<ContactIdentity>`
        SELECT first_name AS "firstName", last_name AS "lastName", email, phone_number AS "phoneNumber"
        FROM contacts
        WHERE user_id = ${userId}::uuid AND (
          email_key = ANY(${keys.emails}::text[]) OR phone_key = ANY(${keys.phones}::text[]) OR name_key = ANY(${keys.names}::text[]))`,
      trx,
    );
  }

  /** How many of `listIds` are the caller's lists. */
  async countOwnedLists(userId: string, listIds: string[], trx: ImportTransaction): Promise<number> {
    const [{ count }] = await this.database.prepared(
      sql<{
        count: number;
      }>`SELECT count(*)::int AS count FROM contact_lists WHERE user_id = ${userId}::uuid AND id = ANY(${listIds}::uuid[])`,
      trx,
    );
    return count;
  }

  /** The caller's lists with these names (lower-cased keys → id); of equal names, the oldest. */
  async findListsByName(userId: string, keys: string[], trx: ImportTransaction): Promise<Map<string, string>> {
    const rows = await this.database.prepared(
      sql<{ key: string; id: string }>`
        SELECT DISTINCT ON (lower(name)) lower(name) AS key, id FROM contact_lists
        WHERE user_id = ${userId}::uuid AND lower(name) = ANY(${keys}::text[])
        ORDER BY lower(name), created_at, id`,
      trx,
    );
    return new Map(rows.map((row) => [row.key, row.id]));
  }

  /** New lists named after cards' categories, with the defaults of a list made by name alone. */
  async createLists(userId: string, names: string[], trx: ImportTransaction): Promise<Map<string, string>> {
    if (names.length === 0) return new Map();
    const rows = await this.database.prepared(
      sql<{ key: string; id: string }>`
        INSERT INTO contact_lists (user_id, name, color, reminder_days)
        SELECT ${userId}::uuid, name, ${DEFAULT_LIST_COLOR}, ${DEFAULT_LIST_REMINDER_DAYS}::int FROM unnest(${names}::text[]) AS name
        RETURNING lower(name) AS key, id`,
      trx,
    );
    return new Map(rows.map((row) => [row.key, row.id]));
  }

  /** Serialises imports of one user so two concurrent confirms cannot both store the same person. */
  async lockUserImports(userId: string, trx: ImportTransaction): Promise<void> {
    await this.database.prepared(
      sql`SELECT pg_advisory_xact_lock(hashtextextended(${`contacts-import:${userId}`}, 0))`,
      trx,
    );
  }

  /**
   * Batched INSERT ... SELECT FROM unnest(...). New contacts are never contacted, hence overdue,
   * unless `lastContactDate` is given ('Start their reminder timers today'): then their timers
   * count from it, with the due date of the overdue rule (their list's interval, else the default).
   * With `keepInTouch` false ('Don't remind me about them yet') they have no due date at all.
   */
  async insertMany(
    userId: string,
    rows: ImportRow[],
    trx: ImportTransaction,
    { lastContactDate = null, keepInTouch = true }: { lastContactDate?: Date | null; keepInTouch?: boolean } = {},
  ): Promise<number> {
    let inserted = 0;
    for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
      const chunk = rows.slice(start, start + INSERT_CHUNK);
      const [{ count }] = await this.database.prepared(
        sql<{ count: number }>`
          WITH inserted AS (
            INSERT INTO contacts (user_id, first_name, last_name, email, phone_number, list_id, notes, birthday, company,
                                  job_title, phones, emails, address, website, address_city, address_region,
                                  address_postal_code, address_country, name_prefix, last_contact_date, status_contact_date, keep_in_touch, overdue_at)
            SELECT ${userId}::uuid, r.first_name, r.last_name, r.email, r.phone_number, r.list_id, r.notes, r.birthday, r.company,
                   r.job_title, r.phones, r.emails, r.address, r.website, r.city, r.region, r.postal_code, r.country, r.name_prefix,
                   ${lastContactDate}::timestamptz, ${lastContactDate}::timestamptz, ${keepInTouch}::boolean,
                   ${overdueAtSql(
                     sql`${lastContactDate}::timestamptz`,
                     remindingDaysSql(
                       sql`NULL::int`,
                       sql`l.reminder_days`,
                       sql`${keepInTouch}::boolean`,
                       sql`l.keep_in_touch`,
                     ),
                   )}
            FROM unnest(
              ${chunk.map((row) => row.firstName)}::text[], ${chunk.map((row) => row.lastName)}::text[],
              ${chunk.map((row) => row.email)}::text[], ${chunk.map((row) => row.phoneNumber)}::text[],
              ${chunk.map((row) => row.listId)}::uuid[], ${chunk.map((row) => row.notes)}::text[],
              ${chunk.map((row) => row.birthday)}::text[], ${chunk.map((row) => row.company)}::text[],
              ${chunk.map((row) => row.jobTitle)}::text[], ${chunk.map((row) => JSON.stringify(row.phones))}::jsonb[],
              ${chunk.map((row) => JSON.stringify(row.emails))}::jsonb[], ${chunk.map((row) => row.address)}::text[],
              ${chunk.map((row) => row.website)}::text[], ${chunk.map((row) => row.city)}::text[],
              ${chunk.map((row) => row.region)}::text[], ${chunk.map((row) => row.postalCode)}::text[],
              ${chunk.map((row) => row.country)}::text[], ${chunk.map((row) => row.namePrefix)}::text[]
            ) AS r(first_name, last_name, email, phone_number, list_id, notes, birthday, company, job_title, phones, emails,
                   address, website, city, region, postal_code, country, name_prefix)
            LEFT JOIN contact_lists l ON l.id = r.list_id
            RETURNING 1)
          SELECT count(*)::int AS count FROM inserted`,
        trx,
      );
      inserted += count;
    }
    return inserted;
  }

  transaction<T>(work: (trx: ImportTransaction) => Promise<T>): Promise<T> {
    return this.database.transaction(work);
  }
}
