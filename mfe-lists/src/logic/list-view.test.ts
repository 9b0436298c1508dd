import type { ContactListSummary } from '@kith/contracts';
import { intervalChoiceFor, listSortKey, resolveReminderDays, sortLists } from './list-view.js';

const list = (
  id: string,
  name: string,
  contactCount: number,
  reminderDays: number,
  overdueCount: number,
): ContactListSummary => ({
  _id: id,
  userId: 'u',
  name,
  description: null,
  color: '#3b82f6',
  reminderDays,
  keepInTouch: true,
  contactCount,
  overdueCount,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
});

const family = list('f', 'family', 5, 7, 0);
const work = list('w', 'Work', 12, 90, 3);
const club = list('c', 'Book club', 5, 30, 1);
const ids = (lists: ContactListSummary[]) => lists.map((l) => l._id);

describe('sortLists', () => {
  it('sorts by name ignoring case', () => {
    expect(ids(sortLists([work, family, club], 'name', 'asc'))).toEqual(['c', 'f', 'w']);
    expect(ids(sortLists([work, family, club], 'name', 'desc'))).toEqual(['w', 'f', 'c']);
  });

  it('sorts by the numbers, ties by name', () => {
    expect(ids(sortLists([work, family, club], 'contactCount', 'asc'))).toEqual(['c', 'f', 'w']);
    expect(ids(sortLists([work, family, club], 'reminderDays', 'desc'))).toEqual(['w', 'c', 'f']);
    expect(ids(sortLists([work, family, club], 'overdueCount', 'asc'))).toEqual(['f', 'c', 'w']);
  });

  it('falls back to name for a key it does not offer', () => {
    expect(listSortKey('updated')).toBe('name');
    expect(listSortKey('overdueCount')).toBe('overdueCount');
  });
});

describe('interval fields', () => {
  it('opens a non-preset interval in Custom mode', () => {
    expect(intervalChoiceFor(30)).toBe('30');
    expect(intervalChoiceFor(45)).toBe('custom');
  });

  it('submits the custom days when Custom is chosen, else the preset', () => {
    expect(resolveReminderDays({ interval: 'custom', customDays: '45' })).toBe(45);
    expect(resolveReminderDays({ interval: '7', customDays: '45' })).toBe(7);
  });
});
