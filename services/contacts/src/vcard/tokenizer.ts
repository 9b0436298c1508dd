/**
 * Tokenizer: a file (as a byte string, see decoding.ts) to cards of raw properties.
 * Unfolds continuation lines, joins QUOTED-PRINTABLE soft line breaks, groups lines into
 * BEGIN:VCARD … END:VCARD blocks, and reports what it had to leave out instead of throwing.
 */
import type { RawCard, RawProperty, VCardParam } from './types.js';

export interface TokenizeOptions {
  /** Upper-case property names to keep; others (PHOTO, NOTE…) are skipped without being parsed. All when absent. */
  keep?: ReadonlySet<string>;
  /** Keep each property's physical lines in `source`, for a writer that must return them verbatim. */
  withSource?: boolean;
}

const BEGIN_CARD = /^begin:vcard\s*$/i;
const END_CARD = /^end:vcard\s*$/i;
const QUOTED_PRINTABLE = /quoted-printable/i;
const EMPTY_AGENT = /^([^:;]*\.)?agent(;[^:]*)?:\s*$/i;

/** A logical line being collected from its physical lines. */
interface PendingLine {
  /** Its text so far, in pieces: joining once at the end keeps very long values linear. */
  pieces: string[];
  line: number;
  quotedPrintable: boolean;
  /** A property the caller does not want (a 40 KB PHOTO…): its continuation lines are read but not kept. */
  skipped: boolean;
  softBreak: boolean;
  /** The physical lines as read, when the caller asked for them. */
  raw: string[] | null;
}

/**
 * Hands each complete card to `onCard` as soon as its END:VCARD is read, so a caller that maps
 * cards right away holds only one raw card at a time. Returns the problems met, in file order.
 */
export function tokenize(bytes: string, onCard: (card: RawCard) => void, options: TokenizeOptions = {}): string[] {
  const { keep, withSource = false } = options;
  const errors: string[] = [];
  let card: RawCard | null = null;
  let cardCount = 0;
  let strayTextReported = false;
  let pending: PendingLine | null = null;

  const closeUnfinishedCard = () => {
    if (card) errors.push(`Card ${card.number} (line ${card.line}): missing END:VCARD`);
    card = null;
  };

  // vCard 2.1 may embed a whole card after an empty `AGENT:` (an assistant); it is skipped.
  let agentValuePending = false;
  let embeddedDepth = 0;

  const handleLine = ({ pieces, line, skipped, raw }: PendingLine) => {
    const text = pieces.length === 1 ? pieces[0]! : pieces.join('');
    const begins = BEGIN_CARD.test(text);
    const ends = !begins && END_CARD.test(text);
    if (embeddedDepth > 0) {
      embeddedDepth += begins ? 1 : ends ? -1 : 0;
      return;
    }
    if (begins && card && agentValuePending) {
      embeddedDepth = 1;
    } else if (begins) {
      closeUnfinishedCard();
      card = { number: ++cardCount, line, properties: [] };
      strayTextReported = false;
    } else if (ends) {
      if (card) onCard(card);
      else errors.push(`Line ${line}: END:VCARD without BEGIN:VCARD was ignored`);
      card = null;
    } else if (card) {
      const property = skipped ? null : parsePropertyLine(text);
      if (property && raw) property.source = raw.join('\r\n');
      if (property) card.properties.push(property);
    } else if (!strayTextReported) {
      errors.push(`Line ${line}: text outside a vCard was ignored`);
      strayTextReported = true;
    }
    agentValuePending = card !== null && EMPTY_AGENT.test(text);
  };

  let lineNumber = 0;
  for (const physical of physicalLines(bytes)) {
    lineNumber++;
    // A QUOTED-PRINTABLE line ending in `=` goes on in the next line whatever it starts with
    // (a literal `=` would be written `=3D`), so a leading space there is text, not folding.
    if (pending?.softBreak && !isCardBoundary(physical)) {
      const { pieces } = pending;
      pending.raw?.push(physical);
      if (!pending.skipped) pieces.push(pieces.pop()!.trimEnd().slice(0, -1), physical);
      pending.softBreak = endsWithEquals(physical);
      continue;
    }
    const first = physical.charCodeAt(0);
    if (pending && (first === 0x20 || first === 0x09)) {
      const piece = physical.slice(1);
      pending.raw?.push(physical);
      if (!pending.skipped) pending.pieces.push(piece);
      pending.softBreak = pending.quotedPrintable && endsWithEquals(piece);
      continue;
    }
    if (pending) handleLine(pending);
    pending = null;
    if (physical.trim() === '') continue;
    const text = physical.trimStart();
    const head = headOf(text);
    const quotedPrintable = QUOTED_PRINTABLE.test(head);
    pending = {
      pieces: [text],
      line: lineNumber,
      quotedPrintable,
      skipped: keep !== undefined && isUnwanted(text, keep),
      softBreak: quotedPrintable && endsWithEquals(text),
      raw: withSource ? [physical] : null,
    };
  }
  if (pending) handleLine(pending);
  closeUnfinishedCard();
  if (cardCount === 0) errors.push('No vCard found: the file has no BEGIN:VCARD line');
  return errors;
}

/** True for a property the caller does not keep; card boundaries are always kept. */
function isUnwanted(line: string, keep: ReadonlySet<string>): boolean {
  const nameEnd = line.search(/[;:]/);
  if (nameEnd === -1) return false; // the name may go on after a fold: decide once the line is whole
  const name = propertyName(line.slice(0, nameEnd));
  return name !== 'BEGIN' && name !== 'END' && !keep.has(name);
}

/** `item1.EMAIL` → `EMAIL`: the group prefix is irrelevant to the importer. */
function propertyName(qualifiedName: string): string {
  const trimmed = qualifiedName.trim();
  return trimmed.slice(trimmed.lastIndexOf('.') + 1).toUpperCase();
}

/**
 * The file's lines, one at a time so the file is not held twice. A line ends at LF, CR or CRLF;
 * a run of CRs before an LF (CR CR LF, written by some Apple exports) is one line end.
 */
export function* physicalLines(bytes: string): Generator<string> {
  let nextLf = bytes.indexOf('\n');
  let nextCr = bytes.indexOf('\r');
  let start = 0;
  while (start <= bytes.length) {
    if (nextLf !== -1 && nextLf < start) nextLf = bytes.indexOf('\n', start);
    if (nextCr !== -1 && nextCr < start) nextCr = bytes.indexOf('\r', start);
    const end = Math.min(nextLf === -1 ? bytes.length : nextLf, nextCr === -1 ? bytes.length : nextCr);
    yield bytes.slice(start, end);
    start = end + 1;
    if (end === nextCr) {
      while (bytes.charCodeAt(start) === 0x0d) start++;
      if (bytes.charCodeAt(start) === 0x0a) start++;
    }
  }
}

function endsWithEquals(text: string): boolean {
  return text.trimEnd().endsWith('=');
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
export function parsePropertyLine(line: string): RawProperty | null {
  const nameEnd = line.search(/[;:]/);
  if (nameEnd <= 0) return null;
  const qualifiedName = line.slice(0, nameEnd).trim();
  const dot = qualifiedName.lastIndexOf('.');
  const valueStart = line[nameEnd] === ':' ? nameEnd : findValueColon(line, nameEnd);
  if (valueStart === -1) return null;
  return {
    group: dot === -1 ? null : qualifiedName.slice(0, dot),
    name: propertyName(qualifiedName),
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
    const values = splitOutsideQuotes(part.slice(equals + 1), ',').map(unquote);
    params.push({ name: part.slice(0, equals).trim().toUpperCase(), values });
  }
  return params;
}

function unquote(value: string): string {
  const trimmed = value.trim();
  return trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"') ? trimmed.slice(1, -1) : trimmed;
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
