import { parsePropertyLine, physicalLines, tokenize } from './tokenizer.js';
import type { RawCard } from './types.js';

const cardsOf = (text: string, keep?: ReadonlySet<string>) => {
  const cards: RawCard[] = [];
  const errors = tokenize(text, (card) => cards.push(card), { keep });
  return { cards, errors };
};

describe('physicalLines', () => {
  it('ends lines at LF, CRLF, CR CR LF and a lone CR', () => {
    expect([...physicalLines('a\nb\r\nc\r\r\nd\re')]).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('gives a last empty line after a final line break, like split', () => {
    expect([...physicalLines('a\r\n')]).toEqual(['a', '']);
    expect([...physicalLines('')]).toEqual(['']);
  });
});

describe('parsePropertyLine', () => {
  it('reads group, upper-cased name, parameters and the raw value', () => {
    expect(parsePropertyLine('item1.email;type=INTERNET;type=pref:a@example.com')).toEqual({
      group: 'item1',
      name: 'EMAIL',
      params: [
        { name: 'TYPE', values: ['INTERNET'] },
        { name: 'TYPE', values: ['pref'] },
      ],
      value: 'a@example.com',
    });
  });

  it('treats bare 2.1 parameters as types, or as the encoding', () => {
    expect(parsePropertyLine('TEL;CELL;PREF:555')?.params).toEqual([
      { name: 'TYPE', values: ['CELL'] },
      { name: 'TYPE', values: ['PREF'] },
    ]);
    expect(parsePropertyLine('NOTE;QUOTED-PRINTABLE:a=20b')?.params).toEqual([
      { name: 'ENCODING', values: ['QUOTED-PRINTABLE'] },
    ]);
  });

  it('finds the value after quoted parameter values that hold colons and semicolons', () => {
    expect(parsePropertyLine('ADR;LABEL="1 Main St;Suite: 4";TYPE="home,pref":;;1 Main St')).toEqual({
      group: null,
      name: 'ADR',
      params: [
        { name: 'LABEL', values: ['1 Main St;Suite: 4'] },
        { name: 'TYPE', values: ['home,pref'] },
      ],
      value: ';;1 Main St',
    });
  });

  it('gives null for a line without a colon', () => {
    expect(parsePropertyLine('FN')).toBeNull();
    expect(parsePropertyLine('/9j/4AAQSkZJRgABAQAAAQABAAD')).toBeNull();
  });
});

describe('tokenize', () => {
  it('unfolds continuation lines by dropping the line break and one whitespace character', () => {
    const { cards } = cardsOf('BEGIN:VCARD\r\nNOTE:one\r\n  two\r\n\tthree\r\nEND:VCARD\r\n');

    expect(cards[0]!.properties[0]!.value).toBe('one twothree');
  });

  it('joins quoted-printable soft line breaks but not across END:VCARD', () => {
    const { cards, errors } = cardsOf(
      'BEGIN:VCARD\nN;ENCODING=QUOTED-PRINTABLE:Jo=\n=C3=ABl;;;\nNOTE;QUOTED-PRINTABLE:cut=\nEND:VCARD\n',
    );

    expect(cards[0]!.properties.map((property) => property.value)).toEqual(['Jo=C3=ABl;;;', 'cut=']);
    expect(errors).toEqual([]);
  });

  it('keeps a leading space after a quoted-printable soft line break as text', () => {
    const { cards } = cardsOf('BEGIN:VCARD\r\nNOTE;ENCODING=QUOTED-PRINTABLE:see=\r\n you=\r\n\tsoon\r\nEND:VCARD\r\n');

    expect(cards[0]!.properties[0]!.value).toBe('see you\tsoon');
  });

  it('skips unwanted properties and their continuation lines', () => {
    const { cards } = cardsOf(
      'BEGIN:VCARD\nPHOTO;ENCODING=b:AAAA\n BBBB\n CCCC\nitem1.EMAIL:a@example.com\nEND:VCARD\n',
      new Set(['EMAIL']),
    );

    expect(cards[0]!.properties.map((property) => property.name)).toEqual(['EMAIL']);
  });

  it('accepts any case and trailing whitespace on BEGIN and END lines', () => {
    const { cards, errors } = cardsOf('begin:vCard\nFN:A\nEnd:VCARD \t\n \t \n');

    expect(cards).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  it('skips a vCard 2.1 card embedded after an empty AGENT property, keeping the outer card', () => {
    const { cards, errors } = cardsOf(
      'BEGIN:VCARD\nN:Boss;Big\nAGENT:\nBEGIN:VCARD\nN:Helper;Kind\nEND:VCARD\nTEL:555\nEND:VCARD\nBEGIN:VCARD\nN:Next;One\nEND:VCARD\n',
    );

    expect(cards.map((card) => card.properties.map((property) => property.value))).toEqual([
      ['Boss;Big', '', '555'],
      ['Next;One'],
    ]);
    expect(errors).toEqual([]);
  });

  it('numbers cards and lines in its errors', () => {
    const { cards, errors } = cardsOf('BEGIN:VCARD\nFN:A\n\nBEGIN:VCARD\nFN:B\nEND:VCARD\ngarbage\nmore garbage\n');

    expect(cards.map((card) => [card.number, card.line])).toEqual([[2, 4]]);
    expect(errors).toEqual(['Card 1 (line 1): missing END:VCARD', 'Line 7: text outside a vCard was ignored']);
  });

  it('stays linear on values spread over a hundred thousand lines', () => {
    const softBreaks = `BEGIN:VCARD\nN;QUOTED-PRINTABLE:${'=41=\n'.repeat(100_000)};B\nEND:VCARD\n`;
    const folds = `BEGIN:VCARD\nN:${'ab\n '.repeat(100_000)};B\nEND:VCARD\n`;

    expect(cardsOf(softBreaks).cards[0]!.properties[0]!.value).toHaveLength(300_000 + 2);
    expect(cardsOf(folds).cards[0]!.properties[0]!.value).toHaveLength(200_000 + 2);
  });

  it('keeps each property’s physical lines as written when asked (folds and soft breaks included), and only then', () => {
    const text = 'BEGIN:VCARD\r\nNOTE:a long\r\n  note\r\nN;ENCODING=QUOTED-PRINTABLE:L=\r\nee;A\r\nEND:VCARD\r\n';
    const cards: RawCard[] = [];
    tokenize(text, (card) => cards.push(card), { withSource: true });
    expect(cards[0]!.properties.map((property) => property.source)).toEqual([
      'NOTE:a long\r\n  note',
      'N;ENCODING=QUOTED-PRINTABLE:L=\r\nee;A',
    ]);
    expect(cardsOf(text).cards[0]!.properties[0]!.source).toBeUndefined();
  });
});
