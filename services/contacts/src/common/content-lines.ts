/**
 * Content lines shared by iCalendar (RFC 5545 §3.1, §3.3.11) and vCard (RFC 6350 §3.2, §3.4;
 * RFC 2426 for 3.0): the same TEXT escaping and the same folding at 75 octets.
 */

export const CRLF = '\r\n';
/** Content lines are at most 75 octets, excluding the line break. */
const MAX_LINE_OCTETS = 75;

/** TEXT value escaping: backslash, semicolon, comma and newlines. */
export function escapeText(value: string): string {
  return value.replace(/[\\;,]/g, (character) => `\\${character}`).replace(/\r\n|\r|\n/g, '\\n');
}

/** Folds one content line at 75 octets without splitting a UTF-8 character; ends with CRLF. */
export function foldLine(line: string): string {
  if (Buffer.byteLength(line) <= MAX_LINE_OCTETS) return line + CRLF;
  const parts: string[] = [];
  let current = '';
  let currentOctets = 0;
  // The first line holds 75 octets; continuation lines start with a space, so they hold 74 more.
  let limit = MAX_LINE_OCTETS;
  for (const character of line) {
    const octets = Buffer.byteLength(character);
    if (currentOctets + octets > limit) {
      parts.push(current);
      current = '';
      currentOctets = 0;
      limit = MAX_LINE_OCTETS - 1;
    }
    current += character;
    currentOctets += octets;
  }
  parts.push(current);
  return parts.join(`${CRLF} `) + CRLF;
}
