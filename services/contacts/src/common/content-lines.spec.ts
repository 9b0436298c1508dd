import { escapeText, foldLine } from './content-lines.js';

describe('content lines', () => {
  it('escapes TEXT values', () => {
    expect(escapeText('a;b,c\\d\ne')).toBe('a\\;b\\,c\\\\d\\ne');
  });

  it('folds long lines at 75 octets without splitting a character', () => {
    const line = `SUMMARY:${'é'.repeat(60)}`;
    const folded = foldLine(line);
    const physical = folded.split('\r\n').filter(Boolean);
    expect(physical.length).toBeGreaterThan(1);
    for (const part of physical) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
    expect(physical.slice(1).every((part) => part.startsWith(' '))).toBe(true);
    expect(physical.map((part, index) => (index === 0 ? part : part.slice(1))).join('')).toBe(line);
  });
});
