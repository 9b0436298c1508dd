import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { Database } from '../database/database.js';
import type { VCardContact } from '../vcard/index.js';

/** A card to write, with its list's name and the keyset (created_at, id) it is paged by. */
export type VCardExportRow = Omit<VCardContact, 'categories' | 'updatedAt'> & {
  id: string;
  listName: string | null;
  createdAt: Date;
  updatedAt: Date;
};

@Injectable()
export class VCardExportRepository {
  constructor(@Inject(Database) private readonly database: Database) {}

  async listName(userId: string, listId: string): Promise<string | null> {
    const [row] = await this.database.prepared(sql<{ name: string }>`
      SELECT name FROM contact_lists WHERE id = ${listId}::uuid AND user_id = ${userId}::uuid`);
    return row?.name ?? null;
  }

  /** One page of cards in a stable order: keyset on (created_at, id), served by an index. */
  page(
    userId: string,
    listId: string | null,
    after: { createdAt: Date; id: string } | null,
    limit: number,
  ): Promise<VCardExportRow[]> {
    const inList = listId ? sql`AND c.list_id = ${listId}::uuid` : sql``;
    const keyset = after ? sql`AND (c.created_at, c.id) > (${after.createdAt}, ${after.id}::uuid)` : sql``;
    return this.database.prepared(sql<VCardExportRow>`
      SELECT c.id, c.dav_uid AS uid, c.first_name AS "firstName", c.last_name AS "lastName", c.email, c.phone_number AS "phoneNumber",
             c.notes, c.birthday, c.company, c.job_title AS "jobTitle", c.phones, c.emails, c.address, c.website,
             c.address_city AS "city", c.address_region AS "region", c.address_postal_code AS "postalCode", c.address_country AS "country", c.name_prefix AS "namePrefix",
             l.name AS "listName", c.created_at AS "createdAt", c.updated_at AS "updatedAt"
      FROM contacts c LEFT JOIN contact_lists l ON l.id = c.list_id
      WHERE c.user_id = ${userId}::uuid ${inList} ${keyset}
      ORDER BY c.created_at, c.id LIMIT ${limit}`);
  }
}
