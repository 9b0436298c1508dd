import type { Contact, ContactList } from '@kith/contracts';
import {
  canConfirmDelete,
  contactsInScope,
  contactsSubtitle,
  contactsTitle,
  emptyStateFor,
  groupContactsByList,
  lastContactLabel,
  matchesSearch,
  sortContacts,
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
    lastContactDate: null,
    daysSinceLastContact: null,
    isOverdue: false,
    daysOverdue: null,
    reminderDate: null,
    reminderNotes: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const list = (id: string, name: string): ContactList => ({
  _id: id,
  userId: 'u1',
  name,
  description: null,
  color: '#10b981',
  reminderDays: 30,
  contactCount: 0,
  overdueCount: 0,
  contactIds: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

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

describe('contactsInScope', () => {
  const contacts = [
    contact({ _id: 'a', isOverdue: true, listId: 'l1' }),
    contact({ _id: 'b', isOverdue: false, listId: 'l2' }),
  ];
  it('keeps overdue contacts or those of one list', () => {
    expect(contactsInScope(contacts, { kind: 'overdue' }).map((c) => c._id)).toEqual(['a']);
    expect(contactsInScope(contacts, { kind: 'list', listId: 'l2', listName: null }).map((c) => c._id)).toEqual(['b']);
    expect(contactsInScope(contacts, { kind: 'all' })).toHaveLength(2);
  });
});

describe('sortContacts', () => {
  const bob = contact({
    _id: 'bob',
    firstName: 'bob',
    lastName: 'Zed',
    lastContactDate: '2026-03-01T00:00:00Z',
    createdAt: '2026-02-01T00:00:00Z',
  });
  const amy = contact({
    _id: 'amy',
    firstName: 'Amy',
    lastName: 'Young',
    lastContactDate: null,
    createdAt: '2026-03-01T00:00:00Z',
  });
  const cat = contact({
    _id: 'cat',
    firstName: 'Cat',
    lastName: 'Xu',
    lastContactDate: '2026-01-01T00:00:00Z',
    createdAt: '2026-01-01T00:00:00Z',
  });
  const ids = (list: Contact[]) => list.map((c) => c._id);

  it('sorts by name ignoring case, both ways', () => {
    expect(ids(sortContacts([bob, cat, amy], 'name', 'asc'))).toEqual(['amy', 'bob', 'cat']);
    expect(ids(sortContacts([bob, cat, amy], 'name', 'desc'))).toEqual(['cat', 'bob', 'amy']);
  });

  it('sorts by last contact with never-contacted first when ascending', () => {
    expect(ids(sortContacts([bob, cat, amy], 'updated', 'asc'))).toEqual(['amy', 'cat', 'bob']);
    expect(ids(sortContacts([bob, cat, amy], 'updated', 'desc'))).toEqual(['bob', 'cat', 'amy']);
  });

  it('sorts by date added and never mutates its input', () => {
    const input = [bob, cat, amy];
    expect(ids(sortContacts(input, 'created', 'asc'))).toEqual(['cat', 'bob', 'amy']);
    expect(ids(input)).toEqual(['bob', 'cat', 'amy']);
  });
});

describe('groupContactsByList', () => {
  it('groups by list sorted by name, No List last, with overdue counts', () => {
    const contacts = [
      contact({ _id: '1', listId: null, isOverdue: true }),
      contact({ _id: '2', listId: 'w', isOverdue: true }),
      contact({ _id: '3', listId: 'f', isOverdue: false }),
      contact({ _id: '4', listId: 'w', isOverdue: true }),
    ];
    const groups = groupContactsByList(contacts, [list('w', 'Work'), list('f', 'family')]);
    expect(groups.map((g) => [g.name, g.contacts.map((c) => c._id), g.overdueCount])).toEqual([
      ['family', ['3'], 0],
      ['Work', ['2', '4'], 2],
      ['No List', ['1'], 1],
    ]);
    expect(groups[0]?.color).toBe('#10b981');
  });

  it("falls back to the contact's own list copy when lists are not loaded", () => {
    const groups = groupContactsByList([
      contact({ listId: 'x', list: { _id: 'x', name: 'Club', color: '#ef4444', description: null } }),
    ]);
    expect(groups[0]).toMatchObject({ name: 'Club', color: '#ef4444' });
  });
});

describe('lastContactLabel', () => {
  it('reads Never, or the days with plural agreement', () => {
    expect(lastContactLabel(null)).toBe('Last contact: Never');
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
