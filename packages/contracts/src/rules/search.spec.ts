import { contactSearchText, matchesContactSearch, type SearchableContact } from './search.js';

const ada: SearchableContact = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phoneNumber: '+44 20 7946 0000',
  notes: 'Met at the Analytical Society',
  company: 'Babbage & Co',
  phones: [{ label: 'home', value: '+44 1632 960000' }],
  emails: [{ label: 'work', value: 'countess@example.org' }],
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
    expect(contactSearchText(bare)).toBe('ada lovelace\u001f\u001f\u001f\u001f\u001f\u001f');
  });
});
