import { type Contact, EMPTY_CONTACT_DETAILS } from '@kith/contracts';
import { effectiveOverdueSort, groupOverdueByList, overdueLabel, sortOverdue } from './overdue-view.js';

function contact(id: string, firstName: string, daysOverdue: number | null, list: string | null): Contact {
  return {
    _id: id,
    userId: 'u',
    firstName,
    lastName: 'Test',
    email: null,
    phoneNumber: null,
    notes: null,
    listId: list ? `id-${list}` : null,
    list: list ? { _id: `id-${list}`, name: list, color: '#ef4444', description: null } : null,
    customReminderDays: null,
    reminderDays: 30,
    keepInTouch: true,
    keptInTouch: true,
    lastContactDate: daysOverdue == null ? null : '2026-01-01T00:00:00Z',
    daysSinceLastContact: daysOverdue == null ? null : daysOverdue + 30,
    isOverdue: true,
    daysOverdue,
    reminderDate: null,
    reminderNotes: null,
    snoozedUntil: null,
    ...EMPTY_CONTACT_DETAILS,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
  };
}

const zoe = contact('z', 'Zoe', 3, 'Work');
const adam = contact('a', 'Adam', null, null);
const mia = contact('m', 'Mia', 40, 'family');
const ids = (list: Contact[]) => list.map((c) => c._id);

describe('sortOverdue', () => {
  it('sorts by name', () => {
    expect(ids(sortOverdue([zoe, adam, mia], 'name', 'asc'))).toEqual(['a', 'm', 'z']);
    expect(ids(sortOverdue([zoe, adam, mia], 'name', 'desc'))).toEqual(['z', 'm', 'a']);
  });

  it('sorts by days overdue with never contacted as the most overdue', () => {
    expect(ids(sortOverdue([zoe, adam, mia], 'daysOverdue', 'asc'))).toEqual(['z', 'm', 'a']);
    expect(ids(sortOverdue([zoe, adam, mia], 'daysOverdue', 'desc'))).toEqual(['a', 'm', 'z']);
  });

  it('sorts by list name with no list last when ascending', () => {
    expect(ids(sortOverdue([zoe, adam, mia], 'listName', 'asc'))).toEqual(['m', 'z', 'a']);
  });

  it("shows the most overdue first while the stored sort is the default 'updated'", () => {
    expect(effectiveOverdueSort({ sortBy: 'updated', sortOrder: 'asc' })).toEqual({
      sortBy: 'daysOverdue',
      sortOrder: 'desc',
    });
    expect(effectiveOverdueSort({ sortBy: 'listName', sortOrder: 'asc' })).toEqual({
      sortBy: 'listName',
      sortOrder: 'asc',
    });
  });
});

describe('groupOverdueByList', () => {
  it('sorts groups by list name and puts No List last', () => {
    const groups = groupOverdueByList([adam, zoe, mia, contact('b', 'Bea', 1, 'Work')]);
    expect(groups.map((g) => [g.name, ids(g.contacts)])).toEqual([
      ['family', ['m']],
      ['Work', ['z', 'b']],
      ['No List', ['a']],
    ]);
    expect(groups[0]?.color).toBe('#ef4444');
    expect(groups[2]?.color).toBeNull();
  });
});

describe('overdueLabel', () => {
  it('reads never contacted or the days overdue', () => {
    expect(overdueLabel(adam)).toBe('Never contacted');
    expect(overdueLabel(contact('x', 'X', 1, null))).toBe('1 day overdue');
    expect(overdueLabel(mia)).toBe('40 days overdue');
  });
});
