import { Inject, Injectable } from '@nestjs/common';
import {
  IMPORT_MAX_NEW_LISTS,
  type ImportConfirmResult,
  type importConfirmSchema,
  type ImportParseResult,
} from '@kith/contracts';
import { AppError, defineMetric } from '@kith/nest-kit';
import type { z } from 'zod';
import { ImportRepository, type ImportRow, type ImportTransaction } from './import.repository.js';
import { parseVCardFile } from '../vcard/index.js';
import { buildDuplicateIndex, duplicateLookupKeys, markDuplicates } from './duplicates.js';

/** How big the address books people bring are: cards per parsed file and per confirmed import. */
const importSizes = defineMetric.histogram({
  name: 'kith_import_cards',
  help: 'vCard imports by step (parse, confirm): cards read from the file, contacts stored',
  labelNames: ['step'] as const,
  buckets: [1, 10, 100, 500, 1000, 2500, 5000, 10_000, 20_000],
});
const importFileBytes = defineMetric.histogram({
  name: 'kith_import_file_bytes',
  help: 'Size of uploaded vCard files',
  buckets: [1024, 16_384, 131_072, 524_288, 1_048_576, 2_097_152, 5_242_880],
});

@Injectable()
export class ImportService {
  constructor(@Inject(ImportRepository) private readonly imports: ImportRepository) {}

  /** Reads the file and flags invalid cards and duplicates; stores nothing. */
  async parse(userId: string, file: Buffer): Promise<ImportParseResult> {
    const { cards, errors } = parseVCardFile(file);
    importFileBytes.observe(file.length);
    importSizes.observe({ step: 'parse' }, cards.length);
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
   * A row goes to the list it was given (its own `listId`, else the request's); without one, to the
   * list its card's category names (`listName`, compared without case, the oldest of equal names),
   * which is created — in the same transaction, for rows actually stored — when there is none.
   */
  async confirm(userId: string, request: z.output<typeof importConfirmSchema>): Promise<ImportConfirmResult> {
    const rows = request.contacts.map(({ listId, listName, ...contact }) => {
      const chosenList = listId ?? request.listId;
      return { ...contact, listId: chosenList ? chosenList : null, listName: chosenList ? null : listName };
    });
    const result = await this.imports.transaction(async (trx) => {
      await this.imports.lockUserImports(userId, trx);
      const listIds = [...new Set(rows.flatMap((row) => (row.listId ? [row.listId] : [])))];
      if (listIds.length && (await this.imports.countOwnedLists(userId, listIds, trx)) !== listIds.length)
        throw AppError.notFound('List');
      const existing = buildDuplicateIndex(await this.imports.findByKeys(userId, duplicateLookupKeys(rows), trx));
      const fresh = markDuplicates(rows, existing).filter((row) => !row.isDuplicate);
      const named = await this.listsNamed(userId, fresh, trx);
      const stored: ImportRow[] = fresh.map(({ listName, ...row }) => ({
        ...row,
        listId: row.listId ?? (listName ? named.get(listName.toLowerCase())! : null),
      }));
      const remind = request.remind ?? (request.startTimersToday ? 'from-today' : 'from-history');
      const imported = await this.imports.insertMany(userId, stored, trx, {
        lastContactDate: remind === 'from-today' ? new Date() : null,
        keepInTouch: remind !== 'later',
      });
      return { imported, skipped: rows.length - imported };
    });
    importSizes.observe({ step: 'confirm' }, result.imported);
    return result;
  }

  /** The ids of the lists the rows' categories name (lower-cased name → id), creating the missing ones. */
  private async listsNamed(
    userId: string,
    rows: { listId: string | null; listName: string | null }[],
    trx: ImportTransaction,
  ): Promise<Map<string, string>> {
    const names = new Map<string, string>();
    for (const { listId, listName } of rows)
      if (!listId && listName && !names.has(listName.toLowerCase())) names.set(listName.toLowerCase(), listName);
    if (names.size === 0) return new Map();
    const found = await this.imports.findListsByName(userId, [...names.keys()], trx);
    const missing = [...names].filter(([key]) => !found.has(key)).map(([, name]) => name);
    if (missing.length > IMPORT_MAX_NEW_LISTS)
      throw AppError.validation([
        {
          field: 'contacts',
          message: `The cards name ${missing.length} lists that do not exist yet; one import may create at most ${IMPORT_MAX_NEW_LISTS}`,
        },
      ]);
    for (const [key, id] of await this.imports.createLists(userId, missing, trx)) found.set(key, id);
    return found;
  }
}
