import { parseVCardFile } from './parse-vcard-file.js';
import { cardProperties, type VCardContact, writeVCard } from './write-vcard.js';

const contact = (overrides: Partial<VCardContact> = {}): VCardContact => ({
  uid: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
  firstName: 'Zoë',
  lastName: "O'Brien; Smith, Jr",
  email: 'zoe@example.test',
  phoneNumber: '+44 20 7946 0000',
  notes: 'Met at the café,\nlikes "tea"; long '.repeat(5),
  categories: ['Best, Friends'],
  birthday: '1985-03-12',
  company: 'Acme; Research, Ltd',
  jobTitle: 'Chief Tinkerer',
  phones: [
    { label: 'mobile', value: '+44 7700 900123' },
    { label: 'my cabin', value: '555-0100' },
  ],
  emails: [{ label: 'work', value: 'zoe@acme.example' }],
  address: '1 Long Road\nFlat 2',
  city: 'London',
  region: 'Greater London',
  postalCode: 'SW1A 1AA',
  country: 'United Kingdom',
  namePrefix: 'Dr.',
  website: 'https://zoe.example/~me?a=1',
  updatedAt: new Date('2026-11-23T10:11:12.345Z'),
  ...overrides,
});

describe('writeVCard', () => {
  it.each(['3.0', '4.0'] as const)('writes a %s card the import parser reads back field for field', (version) => {
    const text = writeVCard(contact(), version);
    expect(text).toMatch(new RegExp(`^BEGIN:VCARD\r\nVERSION:${version.replace('.', '\\.')}\r\n`));
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const { cards, errors } = parseVCardFile(
      Buffer.from(
        text +
          writeVCard(
            contact({
              uid: 'x',
              firstName: 'Ada',
              email: null,
              phoneNumber: null,
              phones: [],
              emails: [],
              notes: null,
              categories: [],
              birthday: null,
              company: null,
              jobTitle: null,
              address: null,
              website: null,
            }),
            version,
          ),
      ),
    );
    expect(errors).toEqual([]);
    const { uid: _uid, categories: _categories, updatedAt: _updated, ...fields } = contact();
    expect(cards[0]).toEqual({ ...fields, notes: fields.notes!.trim(), listName: 'Best, Friends', isValid: true });
    expect(cards[1]).toMatchObject({ firstName: 'Ada', email: null, phoneNumber: null, notes: null, isValid: true });
  });

  it.each(['3.0', '4.0'] as const)('keeps a birthday without a year in %s', (version) => {
    const { cards } = parseVCardFile(Buffer.from(writeVCard(contact({ birthday: '--02-29' }), version)));
    expect(cards[0]!.birthday).toBe('--02-29');
  });

  it('writes the list as CATEGORIES with its comma escaped, the same UID in both versions, and REV only when given', () => {
    expect(writeVCard(contact(), '3.0')).toContain('CATEGORIES:Best\\, Friends\r\n');
    expect(writeVCard(contact(), '3.0')).toContain('UID:3f2504e0-4f89-41d3-9a0c-0305e82c3301\r\n');
    // 4.0's UID is a URI by default: a bare id is marked as text, never rewritten.
    expect(writeVCard(contact(), '4.0')).toContain('UID;VALUE=text:3f2504e0-4f89-41d3-9a0c-0305e82c3301\r\n');
    expect(writeVCard(contact({ uid: 'urn:uuid:3f2504e0' }), '4.0')).toContain('UID:urn:uuid:3f2504e0\r\n');
    expect(writeVCard(contact(), '4.0')).toContain('REV:20261123T101112Z\r\n');
    expect(writeVCard(contact(), '3.0')).toContain('REV:2026-11-23T10:11:12Z\r\n');
    expect(writeVCard(contact({ updatedAt: null }), '3.0')).not.toContain('REV');
  });

  it('tags every property with the field it writes, the primary values with a null label', () => {
    const written = cardProperties(contact(), '3.0');
    expect(written.map((property) => property.field)).toEqual([
      'uid',
      'name',
      'emails',
      'phones',
      'phones',
      'phones',
      'emails',
      'company',
      'jobTitle',
      'address',
      'website',
      'birthday',
      'notes',
      'categories',
    ]);
    expect(written.filter((property) => property.field === 'phones')).toEqual([
      { field: 'phones', value: '+44 20 7946 0000', label: null, lines: ['TEL;TYPE=VOICE,PREF:+44 20 7946 0000'] },
      {
        field: 'phones',
        value: '+44 7700 900123',
        label: 'mobile',
        lines: ['item1.TEL:+44 7700 900123', 'item1.X-ABLabel:mobile'],
      },
      {
        field: 'phones',
        value: '555-0100',
        label: 'my cabin',
        lines: ['item2.TEL:555-0100', 'item2.X-ABLabel:my cabin'],
      },
    ]);
  });
});
