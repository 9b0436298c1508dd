import {
  bytesToText,
  cachedCharsetCount,
  decodeQuotedPrintable,
  decodeValue,
  readFileBytes,
  splitComponents,
  MAX_CACHED_CHARSETS,
  unescapeText,
} from './decoding.js';
import type { RawProperty } from './types.js';

const latin1 = (buffer: Buffer) => buffer.toString('latin1');
const property = (value: string, params: RawProperty['params'] = []): RawProperty => ({
  group: null,
  name: 'N',
  params,
  value,
});

describe('readFileBytes', () => {
  const text = 'BEGIN:VCARD\r\nFN:Zoë\r\n';

  it('keeps UTF-8 as bytes and drops a UTF-8 BOM', () => {
    expect(readFileBytes(Buffer.from(`\uFEFF${text}`))).toEqual({ bytes: latin1(Buffer.from(text)), wasUtf16: false });
  });

  it.each([
    ['UTF-16LE with BOM', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')])],
    ['UTF-16BE with BOM', Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()])],
    ['UTF-16LE without BOM', Buffer.from(text, 'utf16le')],
    ['UTF-16BE without BOM', Buffer.from(text, 'utf16le').swap16()],
  ])('re-encodes %s as UTF-8', (_, data) => {
    expect(readFileBytes(data)).toEqual({ bytes: latin1(Buffer.from(text)), wasUtf16: true });
  });

  it('recognises UTF-16 without BOM when CJK text comes early', () => {
    const cjk = 'BEGIN:VCARD\r\nFN:一二三四五六七八九十一二三四五六七八九十\r\n';
    expect(readFileBytes(Buffer.from(cjk, 'utf16le').swap16())).toEqual({
      bytes: latin1(Buffer.from(cjk)),
      wasUtf16: true,
    });
    expect(readFileBytes(Buffer.from(cjk, 'utf16le'))).toEqual({ bytes: latin1(Buffer.from(cjk)), wasUtf16: true });
  });

  it('does not take UTF-8 or binary-looking Latin-1 for UTF-16', () => {
    expect(readFileBytes(Buffer.from('BEGIN:VCARD\r\nFN:一二三\r\n')).wasUtf16).toBe(false);
    expect(readFileBytes(Buffer.from('BEGIN:VCARD\nN:M\xfcller;J\xfcrgen\nEND:VCARD\n', 'latin1')).wasUtf16).toBe(
      false,
    );
  });
});

describe('decodeQuotedPrintable', () => {
  it('turns =XX into bytes, in either case, and keeps malformed escapes', () => {
    expect(decodeQuotedPrintable('a=3D=c3=a9 =ZZ =4')).toBe('a=\xc3\xa9 =ZZ =4');
  });
});

describe('bytesToText', () => {
  it('applies the charset', () => {
    expect(bytesToText(latin1(Buffer.from([0x8b, 0x9e, 0x8e, 0x71])), 'Shift_JIS')).toBe('京子');
    expect(bytesToText('\xfc', 'ISO-8859-1')).toBe('ü');
  });

  it('decodes 0x80-0x9F of Windows-1252 (and its WHATWG aliases) as letters, not control codes', () => {
    expect(bytesToText('\x8aime\x9e \x80', 'windows-1252')).toBe('Šimež €');
    expect(bytesToText('\x93hi\x94', 'iso-8859-1')).toBe('“hi”');
  });

  it('without a charset reads valid UTF-8 as UTF-8, anything else as Windows-1252', () => {
    expect(bytesToText('\xc3\xa9', undefined)).toBe('é');
    expect(bytesToText('Pe\xf1a \x80', undefined)).toBe('Peña €');
  });

  it('falls back the same way for an unknown charset, and replaces invalid bytes instead of failing', () => {
    expect(bytesToText('\xc3\xa9', 'x-unknown-charset')).toBe('é');
    expect(bytesToText('ok \x80', 'UTF-8')).toBe('ok \uFFFD');
  });
});

describe('decodeValue', () => {
  it('undoes quoted-printable before the charset', () => {
    const qp = property('=C3=91=20=C3=91', [
      { name: 'CHARSET', values: ['UTF-8'] },
      { name: 'ENCODING', values: ['QUOTED-PRINTABLE'] },
    ]);
    expect(decodeValue(qp, false)).toBe('Ñ Ñ');
  });

  it('ignores a CHARSET in a UTF-16 file, whose text is already Unicode', () => {
    const value = latin1(Buffer.from('Élodie'));
    expect(decodeValue(property(value, [{ name: 'CHARSET', values: ['ISO-8859-1'] }]), true)).toBe('Élodie');
  });
});

describe('splitComponents and unescapeText', () => {
  it('splits on unescaped semicolons only', () => {
    expect(splitComponents('Doe\\;Smith;John\\\\;;')).toEqual(['Doe\\;Smith', 'John\\\\', '', '']);
  });

  it('undoes \\, \\; \\: \\\\ and \\n, and keeps unknown escapes', () => {
    expect(unescapeText('a\\,b\\;c\\:d\\\\e\\nf\\Ng\\x')).toBe('a,b;c:d\\e\nf\ng\\x');
  });
});

describe('the charset decoder cache', () => {
  const qp = (charset: string): RawProperty['params'] => [
    { name: 'ENCODING', values: ['QUOTED-PRINTABLE'] },
    { name: 'CHARSET', values: [charset] },
  ];

  it('does not grow past its cap with the charset names of uploaded files', () => {
    const before = cachedCharsetCount();
    for (let i = 0; i < 10_000; i++) {
      expect(decodeValue(property('Z=C3=BC', qp(`x-made-up-${i}`)), false)).toBe('Zü');
    }
    expect(cachedCharsetCount()).toBe(before);
    for (const label of ['ISO-8859-2', ' shift_jis ', 'UTF-8', 'utf-8', 'latin1', 'windows-1250'])
      decodeValue(property('Z=FC', qp(label)), false);
    expect(cachedCharsetCount()).toBeGreaterThan(before);
    expect(cachedCharsetCount()).toBeLessThanOrEqual(MAX_CACHED_CHARSETS);
  });
});
