import {
  contactSearchTerms,
  contactSearchText,
  foldForSearch,
  matchesContactSearch,
  type SearchableContact,
} from './search.js';

const ada: SearchableContact = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phoneNumber: '+44 20 7946 0000',
  notes: 'Met at the Analytical Society',
  company: 'Babbage & Co',
  phones: [{ label: 'home', value: '+44 1632 960000' }],
  emails: [{ label: 'work', value: 'countess@example.org' }],
  namePrefix: null,
  jobTitle: null,
  address: null,
  city: null,
  region: null,
  postalCode: null,
  country: null,
};

describe('contacts search', () => {
  it('looks in the full name, e-mail, phone, notes, company and every additional phone and e-mail, any case', () => {
    for (const term of [
      'ada lovelace',
      'LOVELACE',
      'example.com',
      '7946',
      'analytical',
      'babbage',
      '960000',
      'countess',
    ])
      expect({ term, found: matchesContactSearch(ada, term) }).toEqual({ term, found: true });
    expect(matchesContactSearch(ada, '  lovelace  ')).toBe(true);
    expect(matchesContactSearch(ada, '')).toBe(true);
  });

  it('never matches across two fields, nor a field it does not search', () => {
    expect(matchesContactSearch(ada, 'lovelace ada')).toBe(false);
    expect(matchesContactSearch(ada, 'lovelaceada')).toBe(false);
    expect(matchesContactSearch(ada, 'home')).toBe(false);
    expect(matchesContactSearch(ada, 'work')).toBe(false);
  });

  it('keeps empty fields in their place', () => {
    const bare = { ...ada, email: null, phoneNumber: null, notes: null, company: null, phones: [], emails: [] };
    expect(contactSearchText(bare)).toBe(`ada lovelace${'\u001f'.repeat(15)}`);
  });

  const zoe: SearchableContact = {
    ...ada,
    firstName: 'Zoé',
    lastName: 'Lefèvre',
    email: 'Émilie.Roux@Exemple.fr',
    phoneNumber: '+33 6 11 22 33 44',
    phones: [{ label: 'work', value: '01.45.67.89.10' }],
    emails: [],
    notes: 'Rencontrée à Montréal',
    company: 'Société Générale',
    jobTitle: 'Directrice Financière',
    namePrefix: 'Mme',
    address: '12 rue de l’Église',
    city: 'Besançon',
    region: 'Île-de-France',
    postalCode: '25000',
    country: 'France',
  };

  it('ignores accents and case in every field, the job title and each part of the address included', () => {
    for (const term of [
      'zoe lefevre',
      'ZOÉ LEFÈVRE',
      'emilie',
      'societe generale',
      'directrice financiere',
      'montreal',
      'eglise',
      'besancon',
      'ile-de-france',
      '25000',
      'france',
      'mme',
    ])
      expect({ term, found: matchesContactSearch(zoe, term) }).toEqual({ term, found: true });
  });

  it('finds a phone by its digits whatever the spacing or prefix', () => {
    for (const term of [
      '0611223344',
      '611223344',
      '+33611',
      '+33 6 11 22 33 44',
      '06 11 22 33 44',
      '06-11-22-33-44',
      '0033 6 11 22',
      '0145678910',
      '01 45 67',
    ])
      expect({ term, found: matchesContactSearch(zoe, term) }).toEqual({ term, found: true });
    for (const term of ['0711223344', '+34611', '61122334455'])
      expect({ term, found: matchesContactSearch(zoe, term) }).toEqual({ term, found: false });
  });

  it('folds letters as PostgreSQL unaccent does, and leaves other scripts alone', () => {
    expect(foldForSearch('Straße Ærø Łódź Œuvre Ørsted ÐÞ')).toBe('strasse aero lodz oeuvre orsted dth');
    expect(foldForSearch('Ёлка Йошкар')).toBe('елка йошкар');
    expect(foldForSearch('がぎ 한국')).toBe('がぎ 한국');
    expect(foldForSearch('Ελλάδα')).toBe('ελλαδα');
  });

  it('adds digit forms only for a term written like a phone number', () => {
    expect(contactSearchTerms('Ann')).toEqual(['ann']);
    expect(contactSearchTerms(' 06 11 22 ')).toEqual(['06 11 22', '061122', '61122']);
    expect(contactSearchTerms('+33 6')).toEqual(['+33 6', '336']);
    expect(contactSearchTerms('0033 6 11')).toEqual(['0033 6 11', '0033611', '33611']);
    expect(contactSearchTerms('0612')).toEqual(['0612']);
    expect(contactSearchTerms('2026')).toEqual(['2026']);
  });
});
