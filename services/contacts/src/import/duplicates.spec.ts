import {
  buildDuplicateIndex,
  duplicateLookupKeys,
  emailKey,
  markDuplicates,
  nameKey,
  phoneKey,
  type DuplicateCandidate,
} from './duplicates.js';

const row = (
  firstName: string,
  lastName: string,
  email: string | null = null,
  phoneNumber: string | null = null,
  isValid = true,
): DuplicateCandidate => ({ firstName, lastName, email, phoneNumber, isValid });

const noExisting = buildDuplicateIndex([]);

describe('normalisers', () => {
  it('emailKey trims and lower-cases, and gives null for nothing', () => {
    expect(emailKey('  Ada.Lovelace@Example.COM ')).toBe('ada.lovelace@example.com');
    expect(emailKey('   ')).toBeNull();
    expect(emailKey(null)).toBeNull();
  });

  it('phoneKey keeps digits and a leading +, reading 00 as +', () => {
    expect(phoneKey('+1 (905) 555-1234')).toBe('+19055551234');
    expect(phoneKey(' 0044 20 7946 0018')).toBe('+442079460018');
    expect(phoneKey('020 7946 0018')).toBe('02079460018');
    expect(phoneKey('555.0101 ext')).toBe('5550101');
    expect(phoneKey('BusinessPhone')).toBeNull();
    expect(phoneKey(undefined)).toBeNull();
  });

  it('nameKey joins, collapses spaces, lower-cases and normalises Unicode', () => {
    expect(nameKey('  Mary  Ann', 'Van   Dyke ')).toBe('mary ann van dyke');
    expect(nameKey('Zoe\u0308', 'Brandt')).toBe(nameKey('Zoë', 'BRANDT'));
    expect(nameKey('', '')).toBeNull();
  });
});

describe('duplicateLookupKeys', () => {
  it('asks only for the keys of valid rows, and for names only of rows with neither email nor phone', () => {
    const keys = duplicateLookupKeys([
      row('Ada', 'Lovelace', 'ADA@example.com', '+44 20 7946 0018'),
      row('Ada', 'Lovelace', 'ada@example.com'),
      row('Grace', 'Hopper'),
      row('', '', 'nameless@example.com', null, false),
    ]);

    expect(keys).toEqual({ emails: ['ada@example.com'], phones: ['+442079460018'], names: ['grace hopper'] });
  });
});

describe('markDuplicates', () => {
  it('flags rows whose email, phone or (without both) name matches an existing contact', () => {
    const existing = buildDuplicateIndex([
      { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phoneNumber: null },
      { firstName: 'Alan', lastName: 'Turing', email: null, phoneNumber: '+44 161 555 0100' },
      { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com', phoneNumber: null },
    ]);

    const rows = markDuplicates(
      [
        row('Augusta', 'King', ' ADA@Example.com '),
        row('A.', 'Turing', null, '0044 161 555 0100'),
        row('Grace', 'Hopper'),
        row('Grace', 'Hopper', 'grace.h@example.org'),
        row('Katherine', 'Johnson'),
      ],
      existing,
    );

    expect(rows.map(({ isDuplicate, reason }) => [isDuplicate, reason])).toEqual([
      [true, 'Duplicate: a contact with this email already exists'],
      [true, 'Duplicate: a contact with this phone number already exists'],
      [true, 'Duplicate: a contact with this name already exists'],
      [false, undefined],
      [false, undefined],
    ]);
  });

  it('flags rows that repeat an earlier row of the same file', () => {
    const rows = markDuplicates(
      [
        row('Lin', 'Wei', 'lin@example.cn', '138 0013 8000'),
        row('Wei', 'Lin', 'LIN@example.cn'),
        row('Someone', 'Else', null, '13800138000'),
        row('Lin', 'Wei'),
        row('Mei', 'Chen'),
        row('mei', ' chen'),
      ],
      noExisting,
    );

    expect(rows.map(({ isDuplicate, reason }) => [isDuplicate, reason])).toEqual([
      [false, undefined],
      [true, 'Duplicate: an earlier contact in this file has the same email'],
      [true, 'Duplicate: an earlier contact in this file has the same phone number'],
      [true, 'Duplicate: an earlier contact in this file has the same name'],
      [false, undefined],
      [true, 'Duplicate: an earlier contact in this file has the same name'],
    ]);
  });

  it('does not compare names when the row has an email or a phone', () => {
    const existing = buildDuplicateIndex([{ firstName: 'John', lastName: 'Smith', email: null, phoneNumber: null }]);

    const [first, second] = markDuplicates(
      [row('John', 'Smith', 'john.smith@example.com'), row('John', 'Smith', null, '555 0101')],
      existing,
    );

    expect(first!.isDuplicate).toBe(false);
    expect(second!.isDuplicate).toBe(false);
  });

  it('leaves invalid rows alone: never flagged, never shadowing a later valid row', () => {
    const rows = markDuplicates(
      [row('', '', 'shared@example.com', null, false), row('Valid', 'Person', 'shared@example.com')],
      buildDuplicateIndex([{ firstName: '', lastName: '', email: 'shared@example.com', phoneNumber: null }]),
    );

    expect(rows[0]).toEqual({ ...row('', '', 'shared@example.com', null, false), isDuplicate: false });
    expect(rows[1]).toMatchObject({ isDuplicate: true, reason: 'Duplicate: a contact with this email already exists' });
  });

  it('keeps each row’s fields and does not let a duplicate shadow later rows', () => {
    const rows = markDuplicates(
      [
        row('A', 'One', 'a@example.com'),
        row('B', 'Two', 'a@example.com', '555 0102'),
        row('C', 'Three', null, '5550102'),
      ],
      noExisting,
    );

    expect(rows[1]).toEqual({
      ...row('B', 'Two', 'a@example.com', '555 0102'),
      isDuplicate: true,
      reason: 'Duplicate: an earlier contact in this file has the same email',
    });
    expect(rows[2]!.isDuplicate).toBe(false);
  });
});
