import { readFileSync } from 'node:fs';
import { propertyRoles } from './card-mapper.js';
import { parseVCardFile } from './parse-vcard-file.js';
import { tokenize } from './tokenizer.js';
import type { RawCard } from './types.js';

const fixture = (name: string) => readFileSync(new URL(`../../test/fixtures/vcards/${name}`, import.meta.url));
const cardsOf = (text: string) => parseVCardFile(Buffer.from(text.replace(/\n/g, '\r\n'), 'utf8')).cards;
const card = (lines: string) => cardsOf(`BEGIN:VCARD\nVERSION:3.0\nN:Lee;Ann;;;\n${lines}\nEND:VCARD\n`)[0]!;

describe('vCard details beyond the name and primary email/phone', () => {
  it('keeps every other TEL and EMAIL, labelled by TYPE, the primary left out', () => {
    const [ines, kwame, petra] = parseVCardFile(fixture('several-tel-email.vcf')).cards;
    expect(ines).toMatchObject({
      phoneNumber: '+33 1 55 55 01 01',
      phones: [{ label: 'mobile', value: '+33 6 55 55 01 02' }],
      email: 'ines.moreau@work.example',
      emails: [{ label: 'home', value: 'ines@home.example' }],
    });
    expect(kwame).toMatchObject({
      phones: [{ label: 'work', value: '+233 30 555 0101' }],
      emails: [{ label: 'work', value: 'kwame@work.example' }],
    });
    // vCard 2.1 bare types; the empty EMAIL is not kept.
    expect(petra).toMatchObject({
      phoneNumber: '555-0202',
      phones: [
        { label: 'work', value: '555-0201' },
        { label: 'home', value: '555-0203' },
      ],
      emails: [],
    });
  });

  it("takes Apple's X-ABLabel of the same item group as the label, and the grouped ADR", () => {
    const [beatriz] = parseVCardFile(fixture('grouped-items.vcf')).cards;
    expect(beatriz).toMatchObject({
      phoneNumber: '+351 21 555 0101',
      address: 'Rua das Flores 7',
      city: 'Porto',
      postalCode: '4050',
      country: 'Portugal',
    });
    const withTwo = card('item1.TEL:+1 555 0100\nitem2.TEL:+1 555 0101\nitem2.X-ABLabel:_$!<HomeFAX>!$_');
    expect(withTwo.phones).toEqual([{ label: 'homefax', value: '+1 555 0101' }]);
  });

  it('reads the printed LABEL as the address only when the card has no ADR', () => {
    expect(card('LABEL;TYPE=work:401 Park Drive\\n3 West\\nBoston\\, MA 02215').address).toBe(
      '401 Park Drive\n3 West\nBoston, MA 02215',
    );
    expect(card('LABEL:Printed Street 1\nADR:;;7 Elm Rd;Shelbyville;;;')).toMatchObject({
      address: '7 Elm Rd',
      city: 'Shelbyville',
    });
  });

  it('keeps NOTE, ORG with its units, TITLE, ADR lines and URL', () => {
    expect(
      card(
        'NOTE:Met at the climbing gym\\, likes tea\\nSecond line\nORG:Acme\\, Inc.;Research\nTITLE:Chief Engineer\n' +
          'ADR;TYPE=work:;Suite 5;1 Main St;Springfield;IL;62701;USA\nADR;TYPE=home,pref:;;7 Elm Rd;Shelbyville;;;\nURL:https://ann.example',
      ),
    ).toMatchObject({
      notes: 'Met at the climbing gym, likes tea\nSecond line',
      company: 'Acme, Inc., Research',
      jobTitle: 'Chief Engineer',
      address: '7 Elm Rd',
      city: 'Shelbyville',
      region: null,
      website: 'https://ann.example',
      isValid: true,
    });
  });

  it.each([
    ['1985-03-12', '1985-03-12'],
    ['19850312', '1985-03-12'],
    ['1985-03-12T00:00:00Z', '1985-03-12'],
    ['--03-12', '--03-12'],
    ['--0312', '--03-12'],
    ['0000-03-12', '--03-12'],
    ['--02-29', '--02-29'],
  ])('reads BDAY %s as %s', (written, stored) => {
    expect(card(`BDAY:${written}`).birthday).toBe(stored);
  });

  it("reads Apple's placeholder year as no year, and leaves out what is not a calendar day", () => {
    expect(card('BDAY;X-APPLE-OMIT-YEAR=1604:1604-07-04').birthday).toBe('--07-04');
    expect(card('BDAY;VALUE=text:circa 1800').birthday).toBeNull();
    expect(card('BDAY:1985-02-30').birthday).toBeNull();
    expect(card('BDAY:1985-02-30').isValid).toBe(true);
  });

  it('reads vCard 2.1 quoted-printable notes and BDAY', () => {
    const [contact] = cardsOf(
      'BEGIN:VCARD\nVERSION:2.1\nN:Ng;Bo;;;\nBDAY:19900102\nNOTE;ENCODING=QUOTED-PRINTABLE;CHARSET=UTF-8:Caf=C3=A9 friend\nEND:VCARD\n',
    );
    expect(contact).toMatchObject({ birthday: '1990-01-02', notes: 'Café friend' });
  });

  it("turns Outlook's quoted-printable CR LF line ends into plain new lines", () => {
    const [contact] = cardsOf(
      'BEGIN:VCARD\nVERSION:2.1\nN:Ng;Bo;;;\nNOTE;ENCODING=QUOTED-PRINTABLE:First line=0D=0ASecond line =0D=0A=0D=0AFourth\nEND:VCARD\n',
    );
    expect(contact!.notes).toBe('First line\nSecond line\n\nFourth');
  });

  it('clips over-long values instead of refusing the card', () => {
    const contact = card(`NOTE:${'x'.repeat(6000)}\nORG:${'y'.repeat(300)}`);
    expect(contact.notes).toHaveLength(5000);
    expect(contact.company).toHaveLength(200);
    expect(contact.isValid).toBe(true);
  });

  it('takes the list from CATEGORIES: the first category, escaped commas kept, Google system groups left out', () => {
    expect(card('CATEGORIES:Family,Climbing').listName).toBe('Family');
    expect(card('CATEGORIES:Best\\, Friends').listName).toBe('Best, Friends');
    expect(card('CATEGORIES:My Contacts,starred\nCATEGORIES:Work').listName).toBe('Work');
    expect(card('CATEGORIES:myContacts').listName).toBeNull();
    expect(card('NOTE:x').listName).toBeNull();
    expect(card(`CATEGORIES:${'z'.repeat(150)}`).listName).toHaveLength(100);
  });
});

describe('propertyRoles', () => {
  const rawCard = (lines: string) => {
    const cards: RawCard[] = [];
    tokenize(`BEGIN:VCARD\r\nVERSION:3.0\r\n${lines.replace(/\n/g, '\r\n')}\r\nEND:VCARD\r\n`, (raw) =>
      cards.push(raw),
    );
    return cards[0]!;
  };

  it('names the field (and for TEL and EMAIL the value and label) each property carries; the rest has none', () => {
    const raw = rawCard(
      [
        'N:Lee;Ann;;;',
        'FN:Ann Lee',
        'TEL;TYPE=WORK:+1 555 0199',
        'TEL;TYPE=CELL,pref:+1 555 0100',
        'TEL:+1 555 0100',
        'EMAIL:not an address',
        'ADR;TYPE=work:;;1 Main St;;;;',
        'ADR;TYPE=home,pref:;;7 Elm Rd;;;;',
        'URL:https://a.example',
        'URL:https://b.example',
        'NOTE:hi',
        'PHOTO:abc',
        'CATEGORIES:Family',
      ].join('\n'),
    );
    const roles = propertyRoles(raw);
    const roleOf = (index: number) => roles.get(raw.properties[index]!) ?? null;
    expect(raw.properties.map((property) => property.name)[0]).toBe('VERSION');
    expect(roleOf(0)).toBeNull();
    expect(roleOf(1)).toEqual({ field: 'name' });
    expect(roleOf(2)).toEqual({ field: 'name' });
    expect(roleOf(3)).toEqual({ field: 'phones', value: '+1 555 0199', label: 'work' });
    expect(roleOf(4)).toEqual({ field: 'phones', value: '+1 555 0100', label: null });
    expect(roleOf(5)).toEqual({ field: 'phones', value: '+1 555 0100', label: null }); // a repeat goes with its value
    expect(roleOf(6)).toEqual({ field: 'emails', value: 'not an address', label: null }); // the primary is not checked
    expect(roleOf(7)).toBeNull(); // a second address is not modelled
    expect(roleOf(8)).toEqual({ field: 'address' });
    expect(roleOf(9)).toEqual({ field: 'website' });
    expect(roleOf(10)).toBeNull();
    expect(roleOf(11)).toEqual({ field: 'notes' });
    expect(roleOf(12)).toBeNull();
    expect(roleOf(13)).toEqual({ field: 'categories' });
  });
});
