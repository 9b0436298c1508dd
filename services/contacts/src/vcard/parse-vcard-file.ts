import { isGroupCard, mapCard, MAPPED_PROPERTIES } from './card-mapper.js';
import { readFileBytes } from './decoding.js';
import { tokenize } from './tokenizer.js';
import type { ParsedCard, VCardParseOutcome } from './types.js';

/**
 * Reads every person card of a .vcf file (vCard 2.1, 3.0 or 4.0, any exporter's quirks).
 * Never throws on bad input: what could not be read is described in `errors`, and the
 * other cards are still returned.
 */
/** More problems than this are summarised in one line: a broken file must not yield a huge answer. */
export const MAX_REPORTED_ERRORS = 100;

export function parseVCardFile(data: Buffer): VCardParseOutcome {
  const file = readFileBytes(data);
  const cards: ParsedCard[] = [];
  const cleaned: string[] = [];
  const errors = tokenize(
    file.bytes,
    (card) => {
      if (isGroupCard(card)) return;
      cards.push(
        mapCard(card, file.wasUtf16, (names) =>
          cleaned.push(`Card ${card.number} (line ${card.line}): control characters removed from ${names.join(', ')}`),
        ),
      );
    },
    { keep: MAPPED_PROPERTIES },
  );
  errors.push(...cleaned);
  if (errors.length <= MAX_REPORTED_ERRORS) return { cards, errors };
  const hidden = errors.length - MAX_REPORTED_ERRORS;
  return {
    cards,
    errors: [
      ...errors.slice(0, MAX_REPORTED_ERRORS),
      `…and ${hidden} more problem${hidden === 1 ? '' : 's'} in this file`,
    ],
  };
}
