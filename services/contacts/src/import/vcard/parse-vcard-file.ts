import { isGroupCard, mapCard, MAPPED_PROPERTIES } from './card-mapper.js';
import { readFileBytes } from './decoding.js';
import { tokenize } from './tokenizer.js';
import type { VCardParseOutcome } from './types.js';

/**
 * Reads every person card of a .vcf file (vCard 2.1, 3.0 or 4.0, any exporter's quirks).
 * Never throws on bad input: what could not be read is described in `errors`, and the
 * other cards are still returned.
 */
export function parseVCardFile(data: Buffer): VCardParseOutcome {
  const file = readFileBytes(data);
  const { cards, errors } = tokenize(file.bytes, { keep: MAPPED_PROPERTIES });
  return {
    cards: cards.filter((card) => !isGroupCard(card)).map((card) => mapCard(card, file.wasUtf16)),
    errors,
  };
}
