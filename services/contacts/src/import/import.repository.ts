import { Inject, Injectable } from '@nestjs/common';
import type { Prisma } from '../generated/prisma/client.js';
import { PrismaService } from '../database/prisma.service.js';
import type { ContactIdentity, DuplicateLookupKeys } from './vcard/index.js';

export interface ImportRow extends ContactIdentity {
  listId: string | null;
}

/** Rows per INSERT: large enough to be fast, small enough to keep each statement's arrays modest. */
const INSERT_CHUNK = 5000;

@Injectable()
export class ImportRepository {
  constructor(@Inject(PrismaService) private readonly prisma: PrismaService) {}

  /** Only the caller's contacts that share a duplicate key with the import (indexed key columns). */
  findByKeys(userId: string, keys: DuplicateLookupKeys, db: Prisma.TransactionClient | PrismaService = this.prisma): Promise<ContactIdentity[]> {
    if (!keys.emails.length && !keys.phones.length && !keys.names.length) return Promise.resolve([]);
    return db.$queryRaw<ContactIdentity[]>`
      SELECT first_name AS "firstName", last_name AS "lastName", email, phone_number AS "phoneNumber"
      FROM contacts
      WHERE user_id = ${userId}::uuid
        AND (email_key = ANY(${keys.emails}::text[]) OR phone_key = ANY(${keys.phones}::text[]) OR name_key = ANY(${keys.names}::text[]))`;
  }

  /** How many of `listIds` are the caller's lists. */
  async countOwnedLists(userId: string, listIds: string[], db: Prisma.TransactionClient): Promise<number> {
    const [{ count }] = await db.$queryRaw<{ count: number }[]>`
      SELECT count(*)::int AS count FROM contact_lists WHERE user_id = ${userId}::uuid AND id = ANY(${listIds}::uuid[])`;
    return count;
  }

  /** Serialises imports of one user so two concurrent confirms cannot both store the same person. */
  async lockUserImports(userId: string, db: Prisma.TransactionClient): Promise<void> {
    await db.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`contacts-import:${userId}`}, 0))`;
  }

  /** Batched INSERT ... SELECT FROM unnest(...); new contacts are never contacted, hence overdue. */
  async insertMany(userId: string, rows: ImportRow[], db: Prisma.TransactionClient): Promise<number> {
    let inserted = 0;
    for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
      const chunk = rows.slice(start, start + INSERT_CHUNK);
      inserted += await db.$executeRaw`
        INSERT INTO contacts (user_id, first_name, last_name, email, phone_number, list_id)
        SELECT ${userId}::uuid, r.first_name, r.last_name, r.email, r.phone_number, r.list_id
        FROM unnest(
          ${chunk.map((row) => row.firstName)}::text[], ${chunk.map((row) => row.lastName)}::text[],
          ${chunk.map((row) => row.email)}::text[], ${chunk.map((row) => row.phoneNumber)}::text[],
          ${chunk.map((row) => row.listId)}::uuid[]
        ) AS r(first_name, last_name, email, phone_number, list_id)`;
    }
    return inserted;
  }

  transaction<T>(work: (db: Prisma.TransactionClient) => Promise<T>, timeoutMs: number): Promise<T> {
    return this.prisma.$transaction(work, { timeout: timeoutMs, maxWait: timeoutMs });
  }
}
