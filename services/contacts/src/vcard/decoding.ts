/**
 * Decoder: bytes to text. vCards mix encodings inside one file (a CHARSET per property,
 * QUOTED-PRINTABLE in 2.1), so the file is kept as a "byte string" (latin1: one char per byte,
 * lossless) while lines are unfolded, and each value is turned into real text on its own.
 */
import { TextDecoder } from 'node:util';
import type { RawProperty } from './types.js';

export interface FileText {
  /** The file as a byte string (see above). */
  bytes: string;
  /** True when the file was UTF-16: its text is re-encoded as UTF-8 and per-value CHARSETs no longer apply. */
  wasUtf16: boolean;
}

const UTF8_BOM = [0xef, 0xbb, 0xbf];

export function readFileBytes(data: Buffer): FileText {
  if (data[0] === 0xff && data[1] === 0xfe) return fromUtf16(data.subarray(2), 'utf-16le');
  if (data[0] === 0xfe && data[1] === 0xff) return fromUtf16(data.subarray(2), 'utf-16be');
  const bomless = UTF8_BOM.every((byte, i) => data[i] === byte) ? data.subarray(3) : data;
  const utf16 = sniffUtf16WithoutBom(bomless);
  if (utf16) return fromUtf16(bomless, utf16);
  return { bytes: bomless.toString('latin1'), wasUtf16: false };
}

function fromUtf16(data: Buffer, encoding: 'utf-16le' | 'utf-16be'): FileText {
  const text = new TextDecoder(encoding).decode(data);
  return { bytes: Buffer.from(text, 'utf8').toString('latin1'), wasUtf16: true };
}

/** Text starting with ASCII ("BEGIN:") shows UTF-16 as a NUL byte in every other position. */
function sniffUtf16WithoutBom(data: Buffer): 'utf-16le' | 'utf-16be' | null {
  const sample = Math.min(data.length, 64) & ~1;
  if (sample < 8) return null;
  let evenNuls = 0;
  let oddNuls = 0;
  for (let i = 0; i < sample; i += 2) {
    if (data[i] === 0) evenNuls++;
    if (data[i + 1] === 0) oddNuls++;
  }
  // Mostly ASCII on one side; a few NULs on the other side come from characters like U+4E00.
  const pairs = sample / 2;
  if (evenNuls >= pairs / 2 && oddNuls * 4 <= evenNuls) return 'utf-16be';
  if (oddNuls >= pairs / 2 && evenNuls * 4 <= oddNuls) return 'utf-16le';
  return null;
}

/** The property's value as text: QUOTED-PRINTABLE undone, then its CHARSET applied. Escapes are kept. */
export function decodeValue(property: RawProperty, fileWasUtf16: boolean): string {
  const quotedPrintable = isQuotedPrintable(property);
  const bytes = quotedPrintable ? decodeQuotedPrintable(property.value) : property.value;
  if (fileWasUtf16 && !quotedPrintable) return bytesToText(bytes, 'utf-8');
  return bytesToText(bytes, paramValue(property, 'CHARSET'));
}

export function isQuotedPrintable(property: RawProperty): boolean {
  return paramValue(property, 'ENCODING')?.toUpperCase() === 'QUOTED-PRINTABLE';
}

export function paramValue(property: RawProperty, name: string): string | undefined {
  return property.params.find((param) => param.name === name)?.values[0];
}

/** `=XX` hex pairs become bytes; a malformed `=` is kept as written rather than failing. */
export function decodeQuotedPrintable(bytes: string): string {
  return bytes.replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

const NON_ASCII = /[^\x00-\x7f]/;

type Decode = (bytes: Buffer) => string;

/**
 * Bytes to text with the given charset; with none (or an unknown one), UTF-8 when the bytes
 * are valid UTF-8, else Windows-1252 (the superset of ISO-8859-1 that old exporters meant).
 * Invalid bytes become U+FFFD instead of failing.
 */
export function bytesToText(bytes: string, charset: string | undefined): string {
  if (!NON_ASCII.test(bytes)) return bytes;
  const buffer = Buffer.from(bytes, 'latin1');
  const decode = charset ? decoderFor(charset) : null;
  if (decode) return decode(buffer);
  try {
    return strictUtf8.decode(buffer);
  } catch {
    return decodeWindows1252(buffer);
  }
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Decoders by charset label. Only labels the WHATWG Encoding Standard knows are kept (about 220
 * exist), so the names in uploaded files cannot grow it; the cap holds even if that list grows.
 */
export const MAX_CACHED_CHARSETS = 256;
const decoders = new Map<string, Decode>();

/** How many charset labels have a cached decoder (for tests). */
export const cachedCharsetCount = () => decoders.size;

function decoderFor(charset: string): Decode | null {
  const label = charset.trim().toLowerCase();
  const cached = decoders.get(label);
  if (cached) return cached;
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(label);
  } catch {
    // An unknown charset name: fall back to the charset-less rule.
    return null;
  }
  // WHATWG maps latin1, iso-8859-1 and ascii to windows-1252 too.
  const decode: Decode = decoder.encoding === 'windows-1252' ? decodeWindows1252 : (buffer) => decoder.decode(buffer);
  if (decoders.size < MAX_CACHED_CHARSETS) decoders.set(label, decode);
  return decode;
}

/** 0x80-0x9F of Windows-1252 (€, Š, Ž, “…”); Node 20's TextDecoder wrongly decodes them as ISO-8859-1 controls. */
const WINDOWS_1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

function decodeWindows1252(buffer: Buffer): string {
  return buffer.toString('latin1').replace(/[\x80-\x9f]/g, (char) => WINDOWS_1252_HIGH[char.charCodeAt(0) - 0x80]!);
}

/** Splits a structured value (N, ADR) on `;` that are not escaped. Escapes stay for `unescapeText`. */
export function splitComponents(text: string): string[] {
  const components: string[] = [];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === ';') {
      components.push(text.slice(start, i));
      start = i + 1;
    }
  }
  components.push(text.slice(start));
  return components;
}

/** Undoes vCard text escapes: `\,` `\;` `\:` `\\` and `\n`/`\N` (newline), and `\"` (Apple escapes quotes). Unknown escapes stay as written. */
export function unescapeText(text: string): string {
  if (!text.includes('\\')) return text;
  return text.replace(/\\([,;:\\nN"])/g, (_, char: string) => (char === 'n' || char === 'N' ? '\n' : char));
}
