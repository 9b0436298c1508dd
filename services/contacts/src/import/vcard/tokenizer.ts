/**
 * Tokenizer: a file (as a byte string, see decoding.ts) to cards of raw properties.
 * Unfolds continuation lines, joins QUOTED-PRINTABLE soft line breaks, groups lines into
 * BEGIN:VCARD … END:VCARD blocks, and reports what it had to leave out instead of throwing.
 */
import type { RawCard, RawProperty, VCardParam } from './types.js';

export interface TokenizeResult {
  cards: RawCard[];
  errors: string[];
}

export interface TokenizeOptions {
  /** Upper-case property names to keep; others (PHOTO, NOTE…) are skipped without being parsed. All when absent. */
  keep?: ReadonlySet<string>;
}

/** Any CRs before an LF belong to the line end (CRLF, LF, CR CR LF); a lone CR ends a line too. */
const LINE_BREAK = /\r*\n|\r/;
const BEGIN_CARD = /^begin:vcard\s*$/i;
const END_CARD = /^end:vcard\s*$/i;
const QUOTED_PRINTABLE = /quoted-printable/i;

/** A property line still being collected from its physical lines. */
interface PendingLine {
  pieces: string[];
  line: number;
  quotedPrintable: boolean;
}

export function tokenize(bytes: string, options: TokenizeOptions = {}): TokenizeResult {
  const cards: RawCard[] = [];
  const errors: string[] = [];
  let card: RawCard | null = null;
  let cardCount = 0;
  let strayTextReported = false;
  let pending: PendingLine | null = null;

  const closeUnfinishedCard = (reason: string) => {
    if (card) errors.push(`Card ${card.number} (line ${card.line}): ${reason}`);
    card = null;
  };

  const handleLine = ({ pieces, line }: PendingLine) => {
    const text = pieces.length === 1 ? pieces[0]! : pieces.join('');
    if (BEGIN_CARD.test(text)) {
      closeUnfinishedCard('missing END:VCARD');
      card = { number: ++cardCount, line, properties: [] };
      strayTextReported = false;
    } else if (END_CARD.test(text)) {
      if (card) cards.push(card);
      else errors.push(`Line ${line}: END:VCARD without BEGIN:VCARD was ignored`);
      card = null;
    } else if (card) {
      const property = parsePropertyLine(text, options.keep);
      if (property) card.properties.push(property);
    } else if (!strayTextReported) {
      errors.push(`Line ${line}: text outside a vCard was ignored`);
      strayTextReported = true;
    }
  };

  const lines = bytes.split(LINE_BREAK);
  for (let i = 0; i < lines.length; i++) {
    const physical = lines[i]!;
    const first = physical.charCodeAt(0);
    if (pending && (first === 0x20 || first === 0x09)) {
      pending.pieces.push(physical.slice(1));
      continue;
    }
    if (pending && pending.quotedPrintable && endsWithSoftBreak(pending) && !isCardBoundary(physical)) {
      const last = pending.pieces.length - 1;
      pending.pieces[last] = pending.pieces[last]!.trimEnd().slice(0, -1);
      pending.pieces.push(physical);
      continue;
    }
    if (pending) handleLine(pending);
    pending = null;
    const trimmed = physical.trim();
    if (trimmed === '') continue;
    pending = { pieces: [trimmed === physical ? physical : physical.trimStart()], line: i + 1, quotedPrintable: false };
    pending.quotedPrintable = QUOTED_PRINTABLE.test(headOf(physical));
  }
  if (pending) handleLine(pending);
  closeUnfinishedCard('missing END:VCARD');
  if (cardCount === 0) errors.push('No vCard found: the file has no BEGIN:VCARD line');
  return { cards, errors };
}

function endsWithSoftBreak(pending: PendingLine): boolean {
  return pending.pieces[pending.pieces.length - 1]!.trimEnd().endsWith('=');
}

function isCardBoundary(line: string): boolean {
  const trimmed = line.trim();
  return BEGIN_CARD.test(trimmed) || END_CARD.test(trimmed);
}

/** The name-and-parameters part of a line, cheaply: up to the first colon. */
function headOf(line: string): string {
  const colon = line.indexOf(':');
  return colon === -1 ? line : line.slice(0, colon);
}

/**
 * `[group.]NAME[;PARAM…]:value`. Lines without a colon (a bare `FN`, base64 lines of a 2.1
 * block that were not indented) carry nothing usable and give null.
 */
export function parsePropertyLine(line: string, keep?: ReadonlySet<string>): RawProperty | null {
  const nameEnd = line.search(/[;:]/);
  if (nameEnd <= 0) return null;
  const qualifiedName = line.slice(0, nameEnd).trim();
  const dot = qualifiedName.lastIndexOf('.');
  const name = qualifiedName.slice(dot + 1).toUpperCase();
  if (keep && !keep.has(name)) return null;
  const valueStart = line[nameEnd] === ':' ? nameEnd : findValueColon(line, nameEnd);
  if (valueStart === -1) return null;
  return {
    group: dot === -1 ? null : qualifiedName.slice(0, dot),
    name,
    params: parseParams(line.slice(nameEnd, valueStart)),
    value: line.slice(valueStart + 1),
  };
}

/** The colon that starts the value: the first one outside double-quoted parameter values. */
function findValueColon(line: string, from: number): number {
  let quoted = false;
  for (let i = from; i < line.length; i++) {
    const char = line[i];
    if (char === '"') quoted = !quoted;
    else if (char === ':' && !quoted) return i;
  }
  return line.indexOf(':', from);
}

/** Bare 2.1 parameters (`TEL;CELL;PREF`, `;QUOTED-PRINTABLE`) are types or encodings. */
const BARE_ENCODINGS = new Set(['QUOTED-PRINTABLE', 'BASE64', 'B', '8BIT', '7BIT']);

function parseParams(text: string): VCardParam[] {
  const params: VCardParam[] = [];
  for (const raw of splitOutsideQuotes(text, ';')) {
    const part = raw.trim();
    if (part === '') continue;
    const equals = part.indexOf('=');
    if (equals === -1) {
      const bare = part.toUpperCase();
      params.push({ name: BARE_ENCODINGS.has(bare) ? 'ENCODING' : 'TYPE', values: [bare] });
      continue;
    }
    const values = splitOutsideQuotes(part.slice(equals + 1), ',').map((value) => value.trim().replace(/^"|"$/g, ''));
    params.push({ name: part.slice(0, equals).trim().toUpperCase(), values });
  }
  return params;
}

function splitOutsideQuotes(text: string, separator: string): string[] {
  if (!text.includes('"')) return text.split(separator);
  const parts: string[] = [];
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '"') quoted = !quoted;
    else if (text[i] === separator && !quoted) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}
