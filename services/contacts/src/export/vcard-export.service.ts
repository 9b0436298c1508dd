import { once } from 'node:events';
import { AppError } from '@kith/nest-kit';
import { Inject, Injectable } from '@nestjs/common';
import type { Response } from 'express';
import type { VCardVersion } from '@kith/contracts';
import { VCARD_MEDIA_TYPE, writeVCard } from '../vcard/index.js';
import { VCardExportRepository, type VCardExportRow } from './vcard-export.repository.js';

/** Cards read per query while the file streams. */
const EXPORT_PAGE_SIZE = 500;

/** A file-name-safe form of a list name: "Best Friends!" → "best-friends". */
export function fileSlug(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return slug || 'list';
}

/** The vCard export: every contact (or one list's), streamed page by page, never all in memory. */
@Injectable()
export class VCardExportService {
  constructor(@Inject(VCardExportRepository) private readonly contacts: VCardExportRepository) {}

  async streamTo(
    userId: string,
    query: { listId: string | null; version: VCardVersion },
    response: Response,
  ): Promise<void> {
    let fileName = 'kith-contacts.vcf';
    if (query.listId) {
      const listName = await this.contacts.listName(userId, query.listId);
      if (listName === null) throw AppError.notFound('List');
      fileName = `kith-${fileSlug(listName)}.vcf`;
    }
    response.status(200);
    response.setHeader('Content-Type', VCARD_MEDIA_TYPE);
    response.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
    response.setHeader('Cache-Control', 'no-store');
    let after: { createdAt: Date; id: string } | null = null;
    try {
      for (;;) {
        const rows = await this.contacts.page(userId, query.listId, after, EXPORT_PAGE_SIZE);
        if (rows.length > 0) await write(response, rows.map((row) => cardOf(row, query.version)).join(''));
        if (rows.length < EXPORT_PAGE_SIZE) break;
        after = rows[rows.length - 1]!;
      }
      response.end();
    } catch (error) {
      // Headers are gone: abort rather than hand out a file that looks complete but is not.
      response.destroy(error as Error);
    }
  }
}

/** The contact's list is its category; the UID is the one phones know it by (CardDAV's). */
function cardOf({ listName, ...row }: VCardExportRow, version: VCardVersion): string {
  return writeVCard({ ...row, categories: listName ? [listName] : [] }, version);
}

async function write(response: Response, chunk: string): Promise<void> {
  if (response.destroyed) throw new Error('the client went away');
  if (!response.write(chunk)) await Promise.race([once(response, 'drain'), once(response, 'close')]);
}
