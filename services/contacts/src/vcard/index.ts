/**
 * The vCard codec: one mapping between Kith's contact fields and vCards (2.1, 3.0, 4.0), shared
 * by the import (a whole file), the export (whole cards) and CardDAV (one card a client wrote,
 * served back verbatim with only Kith's changed fields replaced). docs/vcard-mapping.md is the
 * mapping in prose. Import, export and CardDAV use this index, never the files behind it.
 *
 *   const { cards, errors } = parseVCardFile(file.buffer);   // import
 *   const text = writeVCard(contact, '4.0');                 // export
 *   const fields = readCard(body);                           // CardDAV PUT
 *   const served = writeCard(contactWithStoredCard, lists);  // CardDAV GET / REPORT
 */
export { parseVCardFile } from './parse-vcard-file.js';
export type { ParsedCard, VCardParseOutcome } from './types.js';
export { VCARD_MEDIA_TYPE, writeVCard } from './write-vcard.js';
export type { VCardContact } from './write-vcard.js';
export { CardRejectedError, newCardUid, readCard, unfold, writeCard } from './synced-card.js';
export type { CardFields, ContactCardValues } from './synced-card.js';
// The content-line readers, for CardDAV's text-match filters over a served card's properties.
export { parsePropertyLine } from './tokenizer.js';
export { unescapeText } from './decoding.js';
