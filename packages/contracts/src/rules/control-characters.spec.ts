import { hasControlCharacters, stripControlCharacters } from './control-characters.js';

describe('control characters', () => {
  const c0 = Array.from({ length: 32 }, (_, code) => String.fromCharCode(code));

  it('refuses every C0 control and DEL in one-line text', () => {
    for (const character of [...c0, '\u007f']) expect(hasControlCharacters(`a${character}b`, 'singleLine')).toBe(true);
    expect(hasControlCharacters('Zoë O’Brien-Łukasz 😀 \u0085', 'singleLine')).toBe(false);
  });

  it('lets multi-line text keep tab, line feed and carriage return only', () => {
    const kept = ['\t', '\n', '\r'];
    for (const character of [...c0, '\u007f'])
      expect(hasControlCharacters(`a${character}b`, 'multiLine')).toBe(!kept.includes(character));
  });

  it('strips what the kind refuses and nothing else', () => {
    expect(stripControlCharacters('a\u0000b\tc\u001bd\u007f', 'singleLine')).toBe('abcd');
    expect(stripControlCharacters('line 1\r\n\tline\u00002', 'multiLine')).toBe('line 1\r\n\tline2');
    expect(stripControlCharacters('clean', 'singleLine')).toBe('clean');
  });
});
