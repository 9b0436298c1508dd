import { parseVCardFile } from './parse-vcard-file.js';
import { type VCardContact, writeVCard } from './write-vcard.js';

const contact = (overrides: Partial<VCardContact> = {}): VCardContact => ({
  id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
  firstName: 'Zoë',
  lastName: "O'Brien; Smith, Jr",
  email: 'zoe@example.test',
  phoneNumber: '+44 20 7946 0000',
  notes: 'Met at the café,\nlikes "tea"; long '.repeat(5),
  listName: 'Best, Friends',
  birthday: '1985-03-12',
  company: 'Acme; Research, Ltd',
  jobTitle: 'Chief Tinkerer',
  phones: [
    { label: 'mobile', value: '+44 7700 900123' },
    { label: 'my cabin', value: '555-0100' },
  ],
  emails: [{ label: 'work', value: 'zoe@acme.example' }],
  address: '1 Long Road\nFlat 2\nLondon SW1A 1AA\nUnited Kingdom',
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
              id: 'x',
              firstName: 'Ada',
              email: null,
              phoneNumber: null,
              phones: [],
              emails: [],
              notes: null,
              listName: null,
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
    const { id: _id, listName: _list, updatedAt: _updated, ...fields } = contact();
    expect(cards[0]).toEqual({ ...fields, notes: fields.notes!.trim(), isValid: true });
    expect(cards[1]).toMatchObject({ firstName: 'Ada', email: null, phoneNumber: null, notes: null, isValid: true });
  });

  it.each(['3.0', '4.0'] as const)('keeps a birthday without a year in %s', (version) => {
    const { cards } = parseVCardFile(Buffer.from(writeVCard(contact({ birthday: '--02-29' }), version)));
    expect(cards[0]!.birthday).toBe('--02-29');
  });

  it('writes the list as CATEGORIES with its comma escaped, and the 4.0 UID as a urn', () => {
    expect(writeVCard(contact(), '3.0')).toContain('CATEGORIES:Best\\, Friends\r\n');
    expect(writeVCard(contact(), '4.0')).toContain('UID:urn:uuid:3f2504e0-4f89-41d3-9a0c-0305e82c3301\r\n');
    expect(writeVCard(contact(), '4.0')).toContain('REV:20261123T101112Z\r\n');
    expect(writeVCard(contact(), '3.0')).toContain('REV:2026-11-23T10:11:12Z\r\n');
  });
});
