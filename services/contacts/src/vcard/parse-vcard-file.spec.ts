import { readFileSync } from 'node:fs';
import { IMPORT_MAX_FILE_BYTES } from '@kith/contracts';
import { MAX_REPORTED_ERRORS, parseVCardFile } from './parse-vcard-file.js';
import type { ParsedCard } from './types.js';

const fixture = (name: string) => readFileSync(new URL(`../../test/fixtures/vcards/${name}`, import.meta.url));
const sut = (name: string) => parseVCardFile(fixture(name));

const person = (
  firstName: string,
  lastName: string,
  email: string | null = null,
  phoneNumber: string | null = null,
): Partial<ParsedCard> => ({ firstName, lastName, email, phoneNumber, isValid: true });

describe('parseVCardFile', () => {
  it('reads vCard 2.1 quoted-printable values with their charsets, soft line breaks and bad bytes', () => {
    const { cards, errors } = sut('v21-quoted-printable.vcf');

    expect(cards).toMatchObject([
      person('María José', 'Nuñez', 'maria.nunez@example.org', '555-0101'),
      person('Sigrún', 'Østergaard-Bjørnsdóttir', null, '+45 20 11 22 33'),
      person('Jürgen', 'Müller', 'juergen@example.net'),
      person('Lucía', 'Peña'),
    ]);
    expect(errors).toEqual([]);
  });

  it('reads vCard 3.0 cards', () => {
    expect(sut('v30-basic.vcf')).toMatchObject({
      cards: [
        person('Chidinma', 'Okafor', 'chidinma@example.com', '+234 803 555 0199'),
        person('Henrik', 'Lindqvist', 'henrik@example.se'),
      ],
      errors: [],
    });
  });

  it('reads vCard 4.0: PREF=n, tel: URIs, and skips KIND:group cards', () => {
    expect(sut('v40.vcf').cards).toMatchObject([
      person('Amara', 'Tanaka-Reyes', 'amara@example.com', '+1-555-555-0142'),
      person('Pádraig', 'Ó Súilleabháin', null, '+353 1 555 0123'),
    ]);
  });

  it('unfolds space and tab continuations, even inside parameters and UTF-8 characters', () => {
    expect(sut('folded.vcf').cards).toMatchObject([
      person('Zoë', 'Kowalczyk-Brandt', 'zoe.kowalczyk-brandt@example.org', '+48 600 555 0177'),
    ]);
  });

  it('drops a UTF-8 byte order mark', () => {
    expect(sut('utf8-bom.vcf')).toMatchObject({
      cards: [person('Linnéa', 'Åberg', 'linnea.aberg@example.se')],
      errors: [],
    });
  });

  it.each(['utf16le-bom.vcf', 'utf16be-bom.vcf', 'utf16be-no-bom.vcf'])('decodes the UTF-16 file %s', (file) => {
    expect(sut(file)).toMatchObject({
      cards: [person('Ren', 'Nakamura', 'ren.nakamura@example.jp', '090-5555-0123'), person('Élodie', 'Dubois')],
      errors: [],
    });
  });

  it.each(['line-endings-crlf.vcf', 'line-endings-lf.vcf', 'line-endings-crcrlf.vcf'])(
    'reads %s with no stray carriage return in values',
    (file) => {
      expect(sut(file)).toMatchObject({
        cards: [person('Karim', 'Haddad', 'karim@example.com', '+961 1 555 010')],
        errors: [],
      });
    },
  );

  it('takes names from N, falling back to FN only when N is absent or empty', () => {
    const { cards } = sut('name-fallback.vcf');

    expect(cards.map(({ firstName, lastName, namePrefix }) => [namePrefix, firstName, lastName])).toEqual([
      ['Mme', 'Margaux', 'Fontaine'],
      [null, 'Tobias', 'van der Berg'],
      // The FN of a company's card is its company, not a person's name.
      [null, '', ''],
      [null, '', 'Sato'],
      [null, '', ''],
      [null, 'Cher', ''],
    ]);
    expect(cards[2]).toMatchObject({ company: 'Northwind Bakery Ltd', isValid: true });
  });

  it('refuses a card with nothing to call them by (no name, company or number), with the reason', () => {
    expect(sut('name-fallback.vcf').cards[4]).toMatchObject({
      firstName: '',
      lastName: '',
      email: 'nobody@example.com',
      phoneNumber: null,
      isValid: false,
      reason: 'Nothing to know them by: the card has no name, company or phone number',
    });
    const { cards } = sut('names-as-cards-mean-them.vcf');
    expect(cards[7]).toMatchObject({
      firstName: '',
      lastName: '',
      notes: 'Someone I met once',
      isValid: false,
      reason: 'Nothing to know them by: the card has no name, company or phone number',
    });
  });

  it('never takes a number for a name: a card with only a number keeps it, with no name', () => {
    const { cards } = sut('names-as-cards-mean-them.vcf');
    expect(cards[0]).toMatchObject({ firstName: '', lastName: '', phoneNumber: '+33 6 11 22 33 44', isValid: true });
    expect(cards[1]).toMatchObject({ firstName: '', lastName: '', phoneNumber: '06 11 22 33 45', isValid: true });
  });

  it("makes a company's card that company, with no person's name invented", () => {
    const { cards } = sut('names-as-cards-mean-them.vcf');
    expect(cards[2]).toMatchObject({
      firstName: '',
      lastName: '',
      company: 'Atelier Lumière',
      phoneNumber: '+33 1 45 67 89 10',
      isValid: true,
    });
    expect(cards[3]).toMatchObject({ firstName: '', lastName: '', company: 'Acme, Research', isValid: true });
  });

  it("puts honorifics in the prefix: N's own, and one written before the name in FN or the given name", () => {
    const { cards } = sut('names-as-cards-mean-them.vcf');
    expect(cards.slice(4, 7).map(({ namePrefix, firstName, lastName }) => [namePrefix, firstName, lastName])).toEqual([
      ['Dr.', 'Amara', 'Okafor'],
      ['Dr.', 'Chidi', 'Okafor'],
      ['Prof.', 'Zoé', 'Lefèvre'],
    ]);
  });

  it("keeps ADR's parts: street lines (PO box, extended, street), city, region, postal code and country", () => {
    const { cards } = sut('names-as-cards-mean-them.vcf');
    expect(cards[6]).toMatchObject({
      address: "BP 12\nBâtiment B\n12 rue de l'Église\nAppartement 4",
      city: 'Besançon',
      region: 'Bourgogne-Franche-Comté',
      postalCode: '25000',
      country: 'France',
    });
  });

  it('keeps cards with only a family or only a given name (a usable name)', () => {
    const { cards } = sut('name-fallback.vcf');

    expect(cards[3]).toMatchObject({ firstName: '', isValid: true });
    expect(cards[3]!.lastName).not.toBe('');
    expect(cards[5]).toMatchObject({ lastName: '', isValid: true });
    expect(cards[5]!.firstName).not.toBe('');
  });

  it('keeps the preferred TEL and EMAIL (2.1 PREF, TYPE=pref, PREF=n), else the first non-empty one', () => {
    expect(sut('several-tel-email.vcf').cards).toMatchObject([
      person('Inès', 'Moreau', 'ines.moreau@work.example', '+33 1 55 55 01 01'),
      person('Kwame', 'Osei', 'kwame@home.example', '+233 24 555 0102'),
      person('Petra', 'Novak', 'petra.novak@example.cz', '555-0202'),
      person('Mila', 'Ivanova', 'mila.one@example.bg', '+359 88 555 0101'),
    ]);
  });

  it('reads grouped item1. properties', () => {
    expect(sut('grouped-items.vcf').cards).toMatchObject([
      person('Beatriz', 'Costa', 'beatriz@example.pt', '+351 21 555 0101'),
    ]);
  });

  it('ignores PHOTO, LOGO and KEY blocks, folded or ended by a blank line', () => {
    expect(sut('photo-blocks.vcf')).toMatchObject({
      cards: [
        person('Solveig', 'Eriksen', 'solveig@example.no'),
        person('Tendai', 'Moyo', 'tendai.moyo@example.zw', '+263 77 555 0101'),
      ],
      errors: [],
    });
  });

  it('skips Apple group cards', () => {
    expect(sut('apple-group.vcf')).toMatchObject({
      cards: [person('Giulia', 'Rossi', 'giulia@example.it'), person('Marco', 'Bianchi', null, '+39 333 555 0101')],
      errors: [],
    });
  });

  it('reports malformed cards and stray text without losing the other cards', () => {
    expect(sut('malformed.vcf')).toMatchObject({
      cards: [
        person('Tunde', 'Adeyemi', 'tunde@example.ng'),
        person('Hanna', 'Schmidt', null, '+49 30 555 0101'),
        person('Lucas', 'Garcia', 'lucas@example.es'),
      ],
      errors: [
        'Line 6: text outside a vCard was ignored',
        'Card 2 (line 8): missing END:VCARD',
        'Line 17: END:VCARD without BEGIN:VCARD was ignored',
        'Card 5 (line 23): missing END:VCARD',
      ],
    });
  });

  it('undoes escaped commas, semicolons and backslashes', () => {
    expect(sut('escaped-chars.vcf').cards).toMatchObject([
      person('Seán;Patrick', "O'Brien, Jr.", 'sean,obrien@example.ie', '+353 87 555 0101'),
      person('Anne-Sophie,', 'the elder Laurent'),
    ]);
  });

  it('decodes Shift_JIS, raw and quoted-printable, whose trail bytes look like a backslash', () => {
    expect(sut('shift-jis.vcf')).toMatchObject({
      cards: [person('ソウタ', '八十', null, '090-5555-0188'), person('美咲', '高橋', 'misaki.t@example.jp')],
      errors: [],
    });
  });

  it('reads 8-bit text without a CHARSET as Windows-1252 when it is not UTF-8', () => {
    expect(sut('latin1-no-charset.vcf').cards).toMatchObject([person('Renée', 'Grünewald')]);
  });

  it('reports a file with no vCard in it', () => {
    expect(parseVCardFile(Buffer.from('Name,Email\nAda,ada@example.com\n'))).toMatchObject({
      cards: [],
      errors: ['Line 1: text outside a vCard was ignored', 'No vCard found: the file has no BEGIN:VCARD line'],
    });
  });

  it('returns nothing and no error for an empty file but says there was no card', () => {
    expect(parseVCardFile(Buffer.alloc(0))).toMatchObject({
      cards: [],
      errors: ['No vCard found: the file has no BEGIN:VCARD line'],
    });
  });

  it('parses a 5 MB file of about 15 000 cards', () => {
    const card = (i: number) =>
      [
        'BEGIN:VCARD',
        'VERSION:3.0',
        `N:Family${i};Given${i};;;`,
        `FN:Given${i} Family${i}`,
        `EMAIL;TYPE=INTERNET;TYPE=pref:person${i}@example.com`,
        `TEL;TYPE=CELL:+1 555 ${String(i).padStart(7, '0')}`,
        `ADR;TYPE=HOME:;;${i} Long Street Name;Some City;Some Region;12345;Country`,
        'NOTE:Met at work.',
        'PHOTO;ENCODING=b;TYPE=JPEG:/9j/4AAQSkZJRgABAQ',
        ' AAAQABAAD/2wBDAAgGBgcGBQgH',
        'END:VCARD',
      ].join('\r\n');
    const data = Buffer.from(Array.from({ length: 15_000 }, (_, i) => card(i)).join('\r\n'));

    const { cards, errors } = parseVCardFile(data);

    expect(data.length).toBeGreaterThan(IMPORT_MAX_FILE_BYTES * 0.95);
    expect(data.length).toBeLessThanOrEqual(IMPORT_MAX_FILE_BYTES);
    expect(errors).toEqual([]);
    expect(cards).toHaveLength(15_000);
    expect(cards[14_999]).toMatchObject(
      person('Given14999', 'Family14999', 'person14999@example.com', '+1 555 0014999'),
    );
  });
});

describe('parseVCardFile error report', () => {
  it('reports at most MAX_REPORTED_ERRORS problems, then one summary line', () => {
    const broken = Buffer.from(Array.from({ length: 250 }, (_, i) => `BEGIN:VCARD\nFN:Person ${i}\n`).join(''));
    const { errors } = parseVCardFile(broken);
    expect(errors).toHaveLength(MAX_REPORTED_ERRORS + 1);
    expect(errors.at(-1)).toMatch(/^…and \d+ more problems in this file$/);
  });
});

describe('parseVCardFile and control characters', () => {
  it('removes a raw NUL and quoted-printable =00 from the values, and says so', () => {
    const data = Buffer.from(
      [
        'BEGIN:VCARD',
        'VERSION:3.0',
        'FN:a\u0000b',
        'N:b\u0000;a\u0001;;;',
        'NOTE:line one\\nline\u0000 two\ttabbed',
        'END:VCARD',
        'BEGIN:VCARD',
        'VERSION:2.1',
        'N;ENCODING=QUOTED-PRINTABLE:Sm=00ith;Jo=1Bhn=0D=0A',
        'ORG;ENCODING=QUOTED-PRINTABLE:Acme=09Inc',
        'EMAIL;TYPE=INTERNET;ENCODING=QUOTED-PRINTABLE:jo=00hn@example.com',
        'END:VCARD',
      ].join('\r\n'),
      'latin1',
    );

    const { cards, errors } = parseVCardFile(data);

    expect(cards).toMatchObject([
      { firstName: 'a', lastName: 'b', notes: 'line one\nline two\ttabbed', isValid: true },
      { firstName: 'John', lastName: 'Smith', company: 'Acme Inc', email: 'john@example.com', isValid: true },
    ]);
    expect(errors).toEqual([
      'Card 1 (line 1): control characters removed from N, NOTE',
      'Card 2 (line 7): control characters removed from N, EMAIL',
    ]);
  });
});
