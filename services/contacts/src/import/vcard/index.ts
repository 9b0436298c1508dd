/**
 * vCard import: read a .vcf upload into contacts, then flag duplicates; and the writer of the
 * export (write-vcard.ts), the same mapping the other way.
 *
 *   const { cards, errors } = parseVCardFile(file.buffer);
 *   const keys = duplicateLookupKeys(cards);            // only these keys need loading from the DB
 *   const existing = buildDuplicateIndex(await repo.findByKeys(userId, keys));
 *   const rows = markDuplicates(cards, existing);       // ParsedCard & { isDuplicate }
 *
 * Store `emailKey` / `phoneKey` / `nameKey` of each contact in indexed columns (or compute them
 * the same way in SQL) so the lookup never loads the whole address book.
 */
export { parseVCardFile } from './parse-vcard-file.js';
export { VCARD_MEDIA_TYPE, writeVCard } from './write-vcard.js';
export type { VCardContact } from './write-vcard.js';
export type { ParsedCard, VCardParseOutcome } from './types.js';
export { buildDuplicateIndex, duplicateLookupKeys, emailKey, markDuplicates, nameKey, phoneKey } from './duplicates.js';
export type {
  ContactIdentity,
  DuplicateCandidate,
  DuplicateIndex,
  DuplicateLookupKeys,
  DuplicateMatch,
} from './duplicates.js';
