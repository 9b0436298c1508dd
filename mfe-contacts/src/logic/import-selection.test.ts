import { type ImportParseResult, type ParsedImportContact, EMPTY_CONTACT_DETAILS } from '@kith/contracts';
import {
  initialSelection,
  isSelectable,
  keptDetails,
  previewErrors,
  selectedContacts,
  toggleAll,
  toggleSelection,
} from './import-selection.js';

const row = (firstName: string, flags: Partial<ParsedImportContact> = {}): ParsedImportContact => ({
  firstName,
  lastName: 'Doe',
  email: `${firstName.toLowerCase()}@example.com`,
  phoneNumber: null,
  notes: null,
  ...EMPTY_CONTACT_DETAILS,
  listName: null,
  isValid: true,
  isDuplicate: false,
  ...flags,
});

const result: ImportParseResult = {
  contacts: [row('Ann'), row('Ben', { isDuplicate: true }), row('', { isValid: false }), row('Dan')],
  totalParsed: 4,
  validContacts: 3,
  duplicatesFound: 1,
  invalidContacts: 1,
  errors: [],
};

describe('import selection', () => {
  it('auto-selects valid non-duplicates only', () => {
    expect([...initialSelection(result)]).toEqual([0, 3]);
    expect(isSelectable(result.contacts[1]!)).toBe(false);
    expect(isSelectable(result.contacts[2]!)).toBe(false);
  });

  it('toggles selectable rows and ignores the others', () => {
    const start = initialSelection(result);
    expect([...toggleSelection(start, 0, result)]).toEqual([3]);
    expect(toggleSelection(start, 1, result)).toBe(start);
    expect(toggleSelection(start, 2, result)).toBe(start);
  });

  it('toggles all between every selectable row and none', () => {
    expect(toggleAll(initialSelection(result), result).size).toBe(0);
    expect([...toggleAll(new Set(), result)]).toEqual([0, 3]);
  });

  it('sends only the chosen rows with every field the card carried', () => {
    expect(selectedContacts(result, new Set([1, 3]))).toEqual([
      {
        firstName: 'Dan',
        lastName: 'Doe',
        email: 'dan@example.com',
        phoneNumber: null,
        notes: null,
        ...EMPTY_CONTACT_DETAILS,
        listName: null,
      },
    ]);
  });

  it('names what a card keeps beyond name, email and phone', () => {
    expect(keptDetails(row('Ann'))).toEqual([]);
    expect(
      keptDetails(
        row('Ann', {
          company: 'Acme',
          birthday: '--03-12',
          phones: [
            { label: 'home', value: '1' },
            { label: 'work', value: '2' },
          ],
          emails: [{ label: 'home', value: 'a@b' }],
          notes: 'Hi',
          listName: 'Family',
        }),
      ),
    ).toEqual(['Company', 'Birthday', '2 more phones', '1 more email', 'Notes', 'List: Family']);
  });

  it('shows the first 3 errors and counts the rest', () => {
    expect(previewErrors(['a', 'b'])).toEqual({ shown: ['a', 'b'], hiddenCount: 0 });
    expect(previewErrors(['a', 'b', 'c', 'd', 'e'])).toEqual({ shown: ['a', 'b', 'c'], hiddenCount: 2 });
  });
});
