import { writeVCard } from './write-vcard.js';
import { CardRejectedError, type ContactCardValues, readCard, unfold, writeCard } from './synced-card.js';

const card = (...lines: string[]) => ['BEGIN:VCARD', 'VERSION:3.0', ...lines, 'END:VCARD', ''].join('\r\n');
const contact = (overrides: Partial<ContactCardValues> = {}): ContactCardValues => ({
  id: 'c1',
  uid: 'c1',
  firstName: 'Ann',
  lastName: 'Lee',
  email: null,
  phoneNumber: null,
  notes: null,
  birthday: null,
  company: null,
  jobTitle: null,
  phones: [],
  emails: [],
  address: null,
  website: null,
  city: null,
  region: null,
  postalCode: null,
  country: null,
  namePrefix: null,
  listName: null,
  storedCard: null,
  ...overrides,
});

/** A phone's card with every field Kith models and several it does not. */
const phoneCard = card(
  'PRODID:-//Apple Inc.//iPhone OS 17.0//EN',
  'UID:u-1',
  'N:Lee;Ann;Mary;Dr.;',
  'FN:Dr. Ann Mary Lee',
  'ORG:Acme;Research',
  'TITLE:Engineer',
  'item1.TEL;TYPE=CELL;TYPE=pref:+1 555 0100',
  'TEL;TYPE=WORK:+1 555 0199',
  'item2.EMAIL;TYPE=INTERNET;TYPE=pref:ann@acme.example',
  'item2.X-ABLabel:_$!<Work>!$_',
  'item3.EMAIL;TYPE=INTERNET:ann@home.example',
  'item3.X-ABLabel:home',
  'item4.ADR;TYPE=HOME;TYPE=pref:;;1 Main St;Springfield;IL;62701;USA',
  'item4.X-ABADR:us',
  'ADR;TYPE=WORK:;;9 Office Park;Springfield;;;',
  'URL:https://ann.example',
  'BDAY;VALUE=date:1990-05-17',
  'NOTE:Tea\\, please',
  'IMPP;X-SERVICE-TYPE=Skype:skype:ann.lee',
  'PHOTO;ENCODING=b;TYPE=JPEG:/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGCQgKCgkICQkKDA8MCgsOCwkJDRENDg8QEBEQCgwSExIQEw8QEBD/',
  'X-SOCIALPROFILE;TYPE=twitter:https://twitter.com/ann',
  'CATEGORIES:Family,Climbing',
  'REV:2025-01-01T00:00:00Z',
);
const phoneFields = {
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@acme.example',
  phoneNumber: '+1 555 0100',
  notes: 'Tea, please',
  birthday: '1990-05-17',
  company: 'Acme, Research',
  jobTitle: 'Engineer',
  phones: [{ label: 'work', value: '+1 555 0199' }],
  emails: [{ label: 'home', value: 'ann@home.example' }],
  address: '1 Main St',
  city: 'Springfield',
  region: 'IL',
  postalCode: '62701',
  country: 'USA',
  website: 'https://ann.example',
  namePrefix: 'Dr.',
};
const lists = new Set(['Family', 'Work']);
const asStored = contact({ ...phoneFields, uid: 'u-1', listName: 'Family', storedCard: phoneCard });
const {
  uid: _uid,
  categories: _categories,
  ...fieldsOf
} = {
  ...readCard(phoneCard),
};

describe('readCard', () => {
  it('reads every field the import reads: names, all phones and e-mails with labels, ORG, TITLE, ADR, URL, BDAY, NOTE', () => {
    expect(readCard(phoneCard)).toEqual({ ...phoneFields, uid: 'u-1', categories: ['Family', 'Climbing'] });
    expect(fieldsOf).toEqual(phoneFields);
  });

  it('reads a birthday without a year (vCard 4.0 --MMDD and Apple’s omitted year)', () => {
    expect(readCard(card('FN:A B', 'BDAY:--0229')).birthday).toBe('--02-29');
    expect(readCard(card('FN:A B', 'BDAY;X-APPLE-OMIT-YEAR=1604:1604-03-12')).birthday).toBe('--03-12');
  });

  it('refuses a card with no usable name, several cards, or no card, saying why', () => {
    expect(() => readCard(card('UID:u', 'NOTE:who?'))).toThrow(
      new CardRejectedError('firstName: A card needs a name, a company or a phone number'),
    );
    expect(() => readCard(card('UID:u', 'EMAIL:a@b.c'))).toThrow(CardRejectedError);
    expect(readCard(card('UID:u', 'TEL:+33 6 11 22 33 44'))).toMatchObject({ firstName: '', lastName: '' });
    expect(() => readCard(card('FN:A') + card('FN:B'))).toThrow(/One vCard per resource/);
    expect(() => readCard('hello')).toThrow(/not a vCard/);
    expect(() => readCard(card('N:Group;;;;', 'X-ADDRESSBOOKSERVER-KIND:group'))).toThrow(/Group cards/);
  });
});

describe('writeCard', () => {
  it('serves a contact made in Kith as the export writes it (vCard 3.0, no REV), and reads it back field for field', () => {
    const made = contact({ ...phoneFields, listName: 'Family' });
    const written = writeCard(made, lists);
    expect(written).toBe(writeVCard({ ...made, categories: ['Family'], updatedAt: null }, '3.0'));
    expect(written).not.toContain('REV:');
    expect(readCard(written)).toEqual({ ...phoneFields, uid: 'c1', categories: ['Family'] });
  });

  it('returns the stored card byte for byte when Kith changed nothing', () => {
    expect(writeCard(asStored, lists)).toBe(phoneCard);
    const folded = phoneCard.replace('NOTE:Tea\\, please', 'NOTE:Tea\\, ple\r\n ase');
    expect(writeCard({ ...asStored, storedCard: folded }, lists)).toBe(folded);
  });

  it("patches only the changed fields' properties, keeping their TYPE and groups, and every other line as written", () => {
    const written = writeCard(
      {
        ...asStored,
        firstName: 'Anne',
        phoneNumber: '+1 555 0111',
        notes: 'New\nline',
        listName: 'Work',
        company: 'Globex',
        address: '2 Elm St\nUnit 4',
        city: 'Shelbyville',
        namePrefix: 'Prof.',
      },
      lists,
    );
    const lines = unfold(written);
    expect(lines).toContain('N:Lee;Anne;Mary;Prof.;');
    expect(lines).toContain('FN:Anne Lee');
    expect(lines).toContain('item1.TEL;TYPE=CELL;TYPE=pref:+1 555 0111');
    expect(lines).toContain('ORG:Globex');
    expect(lines).toContain('item4.ADR;TYPE=HOME;TYPE=pref:;;2 Elm St\\nUnit 4;Shelbyville;IL;62701;USA');
    expect(lines).toContain('NOTE:New\\nline');
    expect(lines).toContain('CATEGORIES:Work,Climbing');
    for (const unchanged of [
      'TITLE:Engineer',
      'TEL;TYPE=WORK:+1 555 0199',
      'item2.EMAIL;TYPE=INTERNET;TYPE=pref:ann@acme.example',
      'item2.X-ABLabel:_$!<Work>!$_',
      'item3.X-ABLabel:home',
      'item4.X-ABADR:us',
      'ADR;TYPE=WORK:;;9 Office Park;Springfield;;;',
      'BDAY;VALUE=date:1990-05-17',
      'IMPP;X-SERVICE-TYPE=Skype:skype:ann.lee',
      'X-SOCIALPROFILE;TYPE=twitter:https://twitter.com/ann',
      'PRODID:-//Apple Inc.//iPhone OS 17.0//EN',
    ])
      expect(lines).toContain(unchanged);
    expect(written).toContain(
      'PHOTO;ENCODING=b;TYPE=JPEG:/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgG',
    );
    expect(written).not.toContain('REV:');
    expect(written.startsWith('BEGIN:VCARD\r\nVERSION:3.0\r\n')).toBe(true);
    expect(written.endsWith('END:VCARD\r\n')).toBe(true);
    // New lines are folded; the client's own lines (its unfolded PHOTO here) stay exactly as it wrote them.
    for (const line of written.split('\r\n').filter((line) => !line.startsWith('PHOTO')))
      expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const { uid: _u, categories, ...fields } = readCard(written);
    expect(fields).toEqual({
      ...phoneFields,
      firstName: 'Anne',
      phoneNumber: '+1 555 0111',
      notes: 'New\nline',
      company: 'Globex',
      address: '2 Elm St\nUnit 4',
      city: 'Shelbyville',
      namePrefix: 'Prof.',
    });
    expect(categories).toEqual(['Work', 'Climbing']);
  });

  it('adds, relabels and removes additional phones and e-mails without disturbing the ones that stay', () => {
    const edited = {
      ...asStored,
      phones: [
        { label: 'work', value: '+1 555 0199' },
        { label: 'cabin', value: '+1 555 0777' },
      ],
      emails: [{ label: 'personal', value: 'ann@home.example' }],
    };
    const written = writeCard(edited, lists);
    const lines = unfold(written);
    expect(lines).toContain('TEL;TYPE=WORK:+1 555 0199');
    expect(lines).toContain('item1.TEL;TYPE=CELL;TYPE=pref:+1 555 0100');
    // The relabelled address leaves with its old label; new items take group names the card does not use.
    expect(lines).not.toContain('item3.X-ABLabel:home');
    expect(lines).not.toContain('item3.EMAIL;TYPE=INTERNET:ann@home.example');
    expect(lines).toContain('item5.EMAIL;TYPE=INTERNET:ann@home.example');
    expect(lines).toContain('item5.X-ABLabel:personal');
    expect(lines).toContain('item6.TEL:+1 555 0777');
    expect(lines).toContain('item6.X-ABLabel:cabin');
    expect(readCard(written)).toMatchObject({ phones: edited.phones, emails: edited.emails });

    const cleared = writeCard({ ...asStored, phoneNumber: null, phones: [], birthday: null, website: null }, lists);
    expect(cleared).not.toContain('TEL');
    expect(cleared).not.toContain('BDAY');
    expect(cleared).not.toContain('URL:');
    expect(cleared).toContain('X-SOCIALPROFILE;TYPE=twitter:https://twitter.com/ann');
  });

  it('writes a new birthday whole (no stale omitted year), and fields the card lacked before END', () => {
    const sparse = card('UID:s-1', 'FN:Ann Lee', 'X-KEEP:me');
    const written = writeCard(
      contact({
        uid: 's-1',
        storedCard: sparse,
        jobTitle: 'Pilot',
        website: 'https://a.example',
        birthday: '--12-24',
        emails: [{ label: 'work', value: 'a@w.example' }],
      }),
      lists,
    );
    expect(unfold(written)).toEqual([
      'BEGIN:VCARD',
      'VERSION:3.0',
      'UID:s-1',
      'FN:Ann Lee',
      'X-KEEP:me',
      'item1.EMAIL;TYPE=INTERNET:a@w.example',
      'item1.X-ABLabel:work',
      'TITLE:Pilot',
      'URL:https://a.example',
      'BDAY;X-APPLE-OMIT-YEAR=1604:1604-12-24',
      'END:VCARD',
    ]);
    const omitted = card('UID:s-2', 'FN:Ann Lee', 'BDAY;X-APPLE-OMIT-YEAR=1604:1604-12-24');
    expect(unfold(writeCard(contact({ uid: 's-2', storedCard: omitted, birthday: '1980-12-24' }), lists))).toContain(
      'BDAY:1980-12-24',
    );
  });

  it('writes vCard 4.0 values into a 4.0 card', () => {
    const v4 = [
      'BEGIN:VCARD',
      'VERSION:4.0',
      'UID:urn:uuid:v4',
      'FN:Ann Lee',
      'TEL;VALUE=uri;TYPE=cell:tel:+1-555-0100',
      'END:VCARD',
      '',
    ].join('\r\n');
    const written = writeCard(
      contact({ uid: 'urn:uuid:v4', storedCard: v4, phoneNumber: '+1 555 0222', birthday: '--02-29' }),
      lists,
    );
    expect(unfold(written)).toContain('TEL;TYPE=cell;VALUE=text:+1 555 0222');
    expect(unfold(written)).toContain('BDAY:--0229');
    expect(readCard(written)).toMatchObject({ phoneNumber: '+1 555 0222', birthday: '--02-29' });
  });
});
