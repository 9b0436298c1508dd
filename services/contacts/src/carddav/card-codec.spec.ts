import { CardRejectedError, type ContactCardValues, foldCard, readCard, unfold, writeCard } from './card-codec.js';

const card = (...lines: string[]) => ['BEGIN:VCARD', 'VERSION:3.0', ...lines, 'END:VCARD', ''].join('\r\n');
const contact = (overrides: Partial<ContactCardValues> = {}): ContactCardValues => ({
  id: 'c1',
  uid: 'c1',
  firstName: 'Ann',
  lastName: 'Lee',
  email: null,
  phoneNumber: null,
  notes: null,
  listName: null,
  storedCard: null,
  ...overrides,
});

describe('readCard', () => {
  it('reads the modelled fields, the UID and the categories of a card', () => {
    expect(
      readCard(
        card(
          'UID:u-1',
          'N:Lee;Ann;;;',
          'FN:Ann Lee',
          'EMAIL:ann@x.org',
          'TEL:+1 555',
          'NOTE:Tea\\, please',
          'CATEGORIES:Family,Work\\, old',
        ),
      ),
    ).toEqual({
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann@x.org',
      phoneNumber: '+1 555',
      notes: 'Tea, please',
      uid: 'u-1',
      categories: ['Family', 'Work, old'],
    });
  });

  it('refuses a card with no usable name, several cards, or no card, saying why', () => {
    expect(() => readCard(card('UID:u', 'EMAIL:a@b.c'))).toThrow(
      new CardRejectedError('firstName: A first or a last name is required'),
    );
    expect(() => readCard(card('FN:A') + card('FN:B'))).toThrow(/One vCard per resource/);
    expect(() => readCard('hello')).toThrow(/not a vCard/);
    expect(() => readCard(card('N:Group;;;;', 'X-ADDRESSBOOKSERVER-KIND:group'))).toThrow(/Group cards/);
  });
});

describe('writeCard', () => {
  const stored = card(
    'UID:u-1',
    'N:Lee;Ann;Mary;Dr.;',
    'FN:Dr. Ann Mary Lee',
    'item1.TEL;TYPE=CELL:+1 555',
    'ADR:;;1 Main St;Town;;;',
    'X-FOO:bar',
    'CATEGORIES:Family,Climbing',
  );
  const lists = new Set(['Family', 'Work']);
  const asStored = contact({ uid: 'u-1', phoneNumber: '+1 555', listName: 'Family', storedCard: stored });

  it('returns the stored card byte for byte when Kith changed nothing', () => {
    expect(writeCard(asStored, lists)).toBe(stored);
  });

  it("patches Kith's values in and keeps every other line as written", () => {
    const written = writeCard(
      { ...asStored, firstName: 'Anne', phoneNumber: '+1 999', notes: 'New\nline', listName: 'Work' },
      lists,
    );
    const lines = unfold(written);
    expect(lines).toContain('N:Lee;Anne;Mary;Dr.;');
    expect(lines).toContain('FN:Anne Lee');
    expect(lines).toContain('item1.TEL;TYPE=CELL:+1 999');
    expect(lines).toContain('ADR:;;1 Main St;Town;;;');
    expect(lines).toContain('X-FOO:bar');
    expect(lines).toContain('CATEGORIES:Work,Climbing');
    expect(lines).toContain('NOTE:New\\nline');
    expect(written.endsWith('END:VCARD\r\n')).toBe(true);
  });

  it('drops a value Kith cleared and writes a fresh vCard 3.0 for a contact made in Kith', () => {
    expect(writeCard({ ...asStored, phoneNumber: null }, lists)).not.toContain('TEL');
    expect(writeCard(contact({ email: 'a@b.c', notes: 'x;y', listName: 'Family' }), lists)).toBe(
      card(
        'PRODID:-//Kith//CardDAV//EN',
        'UID:c1',
        'FN:Ann Lee',
        'N:Lee;Ann;;;',
        'EMAIL;TYPE=INTERNET:a@b.c',
        'NOTE:x\\;y',
        'CATEGORIES:Family',
      ),
    );
  });
});

describe('folding', () => {
  it('folds at 75 octets without splitting a character, and unfolds back', () => {
    const long = `NOTE:${'é'.repeat(80)}`;
    const folded = foldCard([long]);
    for (const line of folded.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(unfold(folded)).toEqual([long]);
  });
});
