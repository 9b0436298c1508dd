import type { ContactBasics, ContactDetails } from '@kith/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { Database, type Trx } from '../database/database.js';

/** A contact as a card: what the writer needs, its resource name and change number. */
export interface CardRow extends ContactBasics, ContactDetails {
  id: string;
  listId: string | null;
  listName: string | null;
  uid: string;
  href: string;
  storedCard: string | null;
  revision: string;
}

/** One change since a sync token: a card that is there now, or the tombstone of a deleted one. */
export interface ChangeRow {
  href: string;
  revision: string;
  deleted: boolean;
}

const CARD_COLUMNS = sql`
  c.id, c.first_name AS "firstName", c.last_name AS "lastName", c.email, c.phone_number AS "phoneNumber", c.notes,
  c.birthday, c.company, c.job_title AS "jobTitle", c.phones, c.emails, c.address, c.website,
  c.address_city AS "city", c.address_region AS "region", c.address_postal_code AS "postalCode", c.address_country AS "country", c.name_prefix AS "namePrefix",
  c.list_id AS "listId", l.name AS "listName", c.dav_uid AS uid, c.dav_href AS href, c.dav_card AS "storedCard",
  c.sync_revision::text AS revision`;
const CARDS = sql`contacts c LEFT JOIN contact_lists l ON l.id = c.list_id`;

/**
 * The address book's reads: cards, their change numbers and tombstones. Contacts themselves
 * are written by ContactsRepository; the sync columns are kept by triggers (migration 0006).
 * Listings page by id so no request holds a whole large address book at once.
 */
@Injectable()
export class AddressBookRepository {
  constructor(@Inject(Database) private readonly database: Database) {}

  /** The user's latest change number (0 before their first contact). */
  async revision(userId: string): Promise<string> {
    const [row] = await this.database.prepared(
      sql<{ revision: string }>`SELECT revision::text AS revision FROM dav_sync_state WHERE user_id = ${userId}::uuid`,
    );
    return row?.revision ?? '0';
  }

  /**
   * Whether a change number falls in a span a restore made untrustworthy (numbers handed out
   * between the backup and the restore, see migration 0015): a sync token there must be refused.
   */
  async isForgotten(userId: string, revision: string): Promise<boolean> {
    const [row] = await this.database.prepared(
      sql<{ forgotten: boolean }>`SELECT EXISTS (SELECT 1 FROM dav_sync_gaps WHERE user_id = ${userId}::uuid
                 AND ${revision}::bigint > after_revision AND ${revision}::bigint < resumes_at) AS forgotten`,
    );
    return row?.forgotten ?? false;
  }

  /** Resource names and change numbers, a page at a time in id order. */
  listing(
    userId: string,
    afterId: string | null,
    limit: number,
  ): Promise<{ id: string; href: string; revision: string }[]> {
    return this.database.prepared(sql`
      SELECT id, dav_href AS href, sync_revision::text AS revision FROM contacts
      WHERE user_id = ${userId}::uuid AND id > ${afterId ?? '00000000-0000-0000-0000-000000000000'}::uuid
      ORDER BY id LIMIT ${limit}`);
  }

  /** Whole cards, a page at a time in id order. */
  cards(userId: string, afterId: string | null, limit: number): Promise<CardRow[]> {
    return this.database.prepared(sql`
      SELECT ${CARD_COLUMNS} FROM ${CARDS}
      WHERE c.user_id = ${userId}::uuid AND c.id > ${afterId ?? '00000000-0000-0000-0000-000000000000'}::uuid
      ORDER BY c.id LIMIT ${limit}`);
  }

  cardsByHref(userId: string, hrefs: string[]): Promise<CardRow[]> {
    if (hrefs.length === 0) return Promise.resolve([]);
    return this.database.prepared(sql`
      SELECT ${CARD_COLUMNS} FROM ${CARDS} WHERE c.user_id = ${userId}::uuid AND c.dav_href = ANY(${hrefs}::text[])`);
  }

  /** Changes after `revision`, oldest first, at most `limit` (the caller asks one more to see truncation). */
  changesSince(userId: string, revision: string, limit: number): Promise<ChangeRow[]> {
    return this.database.prepared(sql`
      SELECT href, revision::text AS revision, deleted FROM (
        SELECT dav_href AS href, sync_revision AS revision, false AS deleted FROM contacts
        WHERE user_id = ${userId}::uuid AND sync_revision > ${revision}::bigint
        UNION ALL
        SELECT href, revision, true FROM dav_tombstones WHERE user_id = ${userId}::uuid AND revision > ${revision}::bigint
      ) changes ORDER BY revision LIMIT ${limit}`);
  }

  /** The user's lists by name, for CATEGORIES (a user has tens of lists, not thousands). */
  lists(userId: string): Promise<{ id: string; name: string }[]> {
    return this.database.prepared(
      sql`SELECT id, name FROM contact_lists WHERE user_id = ${userId}::uuid ORDER BY created_at, id`,
    );
  }

  /** The card at this resource name, locked for the rest of the write. */
  async lockByHref(
    trx: Trx,
    userId: string,
    href: string,
  ): Promise<{ id: string; uid: string; revision: string } | null> {
    const [row] = await this.database.run(
      sql<{ id: string; uid: string; revision: string }>`
        SELECT id, dav_uid AS uid, sync_revision::text AS revision FROM contacts
        WHERE user_id = ${userId}::uuid AND dav_href = ${href} FOR UPDATE`,
      trx,
    );
    return row ?? null;
  }

  /** The resource name of the user's card with this UID, if any. */
  async hrefOfUid(trx: Trx, userId: string, uid: string): Promise<string | null> {
    const [row] = await this.database.run(
      sql<{ href: string }>`SELECT dav_href AS href FROM contacts WHERE user_id = ${userId}::uuid AND dav_uid = ${uid}`,
      trx,
    );
    return row?.href ?? null;
  }
}
