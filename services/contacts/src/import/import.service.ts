import { Inject, Injectable } from '@nestjs/common';
import { type ImportConfirmResult, type importConfirmSchema, type ImportParseResult } from '@kith/contracts';
import { AppError } from '@kith/nest-kit';
import type { z } from 'zod';
import { ImportRepository, type ImportRow } from './import.repository.js';
import { buildDuplicateIndex, duplicateLookupKeys, markDuplicates, parseVCardFile } from './vcard/index.js';

@Injectable()
export class ImportService {
  constructor(@Inject(ImportRepository) private readonly imports: ImportRepository) {}

  /** Reads the file and flags invalid cards and duplicates; stores nothing. */
  async parse(userId: string, file: Buffer): Promise<ImportParseResult> {
    const { cards, errors } = parseVCardFile(file);
    const existing = buildDuplicateIndex(await this.imports.findByKeys(userId, duplicateLookupKeys(cards)));
    const contacts = markDuplicates(cards, existing).map(({ reason, ...contact }) => ({
      ...contact,
      ...(reason ? { reason } : {}),
    }));
    return {
      contacts,
      totalParsed: contacts.length,
      validContacts: contacts.filter((contact) => contact.isValid).length,
      duplicatesFound: contacts.filter((contact) => contact.isDuplicate).length,
      invalidContacts: contacts.filter((contact) => !contact.isValid).length,
      errors,
    };
  }

  /**
   * Stores the chosen contacts in one transaction. Duplicates are checked again here — against
   * the user's contacts and earlier rows of this request — and skipped, so nothing is stored twice.
   */
  async confirm(userId: string, request: z.output<typeof importConfirmSchema>): Promise<ImportConfirmResult> {
    const rows: ImportRow[] = request.contacts.map(({ listId, ...contact }) => {
      const chosenList = listId ?? request.listId;
      return { ...contact, listId: chosenList ? chosenList : null };
    });
    return this.imports.transaction(async (client) => {
      await this.imports.lockUserImports(userId, client);
      const listIds = [...new Set(rows.flatMap((row) => (row.listId ? [row.listId] : [])))];
      if (listIds.length && (await this.imports.countOwnedLists(userId, listIds, client)) !== listIds.length)
        throw AppError.notFound('List');
      const existing = buildDuplicateIndex(await this.imports.findByKeys(userId, duplicateLookupKeys(rows), client));
      const fresh = markDuplicates(rows, existing).filter((row) => !row.isDuplicate);
      const imported = await this.imports.insertMany(
        userId,
        fresh,
        client,
        request.startTimersToday ? new Date() : null,
      );
      return { imported, skipped: rows.length - imported };
    });
  }
}
