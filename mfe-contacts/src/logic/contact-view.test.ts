import { type Contact, EMPTY_CONTACT_DETAILS } from '@kith/contracts';
import {
  canConfirmDelete,
  contactsSubtitle,
  contactsTitle,
  emptyStateFor,
  lastContactLabel,
  matchesSearch,
} from './contact-view.js';

function contact(overrides: Partial<Contact>): Contact {
  return {
    _id: overrides._id ?? Math.random().toString(36).slice(2),
    userId: 'u1',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: null,
    phoneNumber: null,
    notes: null,
    listId: null,
    list: null,
    customReminderDays: null,
    reminderDays: 90,
    keepInTouch: true,
    keptInTouch: true,
    lastContactDate: null,
    daysSinceLastContact: null,
    isOverdue: false,
    daysOverdue: null,
    reminderDate: null,
    reminderNotes: null,
    snoozedUntil: null,
    ...EMPTY_CONTACT_DETAILS,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

describe('titles and subtitles', () => {
  it('names the screen after its scope', () => {
    expect(contactsTitle({ kind: 'all' })).toBe('Contacts');
    expect(contactsTitle({ kind: 'overdue' })).toBe('Overdue Contacts');
    expect(contactsTitle({ kind: 'list', listId: 'l1', listName: 'Family' })).toBe('Family Contacts');
    expect(contactsTitle({ kind: 'list', listId: 'l1', listName: null })).toBe('Contacts');
  });

  it('pluralises the count and appends the search note', () => {
    expect(contactsSubtitle({ kind: 'overdue' }, 1, false)).toBe('1 overdue contact');
    expect(contactsSubtitle({ kind: 'overdue' }, 2, false)).toBe('2 overdue contacts');
    expect(contactsSubtitle({ kind: 'list', listId: 'l', listName: 'F' }, 1, false)).toBe('1 contact in this list');
    expect(contactsSubtitle({ kind: 'all' }, 0, false)).toBe('0 contacts found');
    expect(contactsSubtitle({ kind: 'all' }, 3, true)).toBe('3 contacts found matching search');
  });
});

describe('matchesSearch', () => {
  const ada = contact({ email: 'ada@Example.com', phoneNumber: '+44 20 7946 0018', notes: 'Loves Engines' });

  it.each(['ada lov', 'LOVELACE', 'example.COM', '7946', 'engines', '  ada  ', ''])('matches %p', (query) => {
    expect(matchesSearch(ada, query)).toBe(true);
  });

  it('does not match text in none of the fields', () => {
    expect(matchesSearch(ada, 'babbage')).toBe(false);
    expect(matchesSearch(contact({}), 'example')).toBe(false);
  });
});

describe('lastContactLabel', () => {
  it('reads Never, or the days with plural agreement', () => {
    expect(lastContactLabel(null)).toBe('Last contact: Never');
    expect(lastContactLabel(0)).toBe('Last contact: today');
    expect(lastContactLabel(1)).toBe('Last contact: 1 day ago');
    expect(lastContactLabel(31)).toBe('Last contact: 31 days ago');
  });
});

describe('emptyStateFor', () => {
  it('has the spec texts for each scope', () => {
    expect(emptyStateFor({ kind: 'overdue' }, false)).toMatchObject({
      title: 'No overdue contacts',
      message: 'Great job! All your contacts are up to date.',
      tone: 'success',
    });
    expect(emptyStateFor({ kind: 'list', listId: 'l', listName: 'Family' }, false).message).toBe(
      'No contacts in "Family" yet.',
    );
    expect(emptyStateFor({ kind: 'all' }, false)).toMatchObject({
      title: 'No contacts found',
      message: 'Add your first contact to get started with relationship management.',
      offerAdd: true,
    });
    expect(emptyStateFor({ kind: 'all' }, true).offerAdd).toBe(false);
  });
});

describe('canConfirmDelete', () => {
  const person = { firstName: 'Ada', lastName: 'Lovelace' };
  it('accepts exactly DELETE or the full name', () => {
    expect(canConfirmDelete('DELETE', person)).toBe(true);
    expect(canConfirmDelete('Ada Lovelace', person)).toBe(true);
    expect(canConfirmDelete('delete', person)).toBe(false);
    expect(canConfirmDelete('ada lovelace', person)).toBe(false);
    expect(canConfirmDelete('', person)).toBe(false);
  });
});
