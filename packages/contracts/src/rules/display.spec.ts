import {
  contactStatus,
  intervalSource,
  fullName,
  isLastContactStale,
  listColorToBadge,
  listOverdueCountColor,
  needsAttentionLabel,
  overdueColorByDays,
  pluralize,
  reminderIntervalLabel,
} from './display.js';

describe('reminderIntervalLabel', () => {
  it.each([
    [1, 'Daily'],
    [7, 'Weekly'],
    [30, 'Monthly'],
    [60, 'Bi-monthly'],
    [90, 'Quarterly'],
    [180, 'Bi-annually'],
    [365, 'Annually'],
    [14, 'Every 14 days'],
    [2, 'Every 2 days'],
  ])('%i days → %s', (days, label) => {
    expect(reminderIntervalLabel(days)).toBe(label);
  });
});

describe('listColorToBadge', () => {
  it.each([
    ['#ef4444', 'red'],
    ['#F59E0B', 'yellow'],
    ['#3B82F6', 'blue'],
    ['#10b981', 'green'],
    ['#8b5cf6', 'purple'],
    ['#f97316', 'orange'],
    ['#123456', 'gray'],
    [null, 'gray'],
  ])('%s → %s', (color, badge) => {
    expect(listColorToBadge(color)).toBe(badge);
  });
});

describe('overdueColorByDays', () => {
  it.each([
    [0, 'yellow'],
    [7, 'yellow'],
    [8, 'orange'],
    [30, 'orange'],
    [31, 'red'],
  ])('%i days → %s', (days, color) => {
    expect(overdueColorByDays(days)).toBe(color);
  });
});

describe('listOverdueCountColor', () => {
  it.each([
    [0, 'green'],
    [1, 'yellow'],
    [2, 'yellow'],
    [3, 'red'],
    [40, 'red'],
  ])('%i overdue → %s', (count, color) => {
    expect(listOverdueCountColor(count)).toBe(color);
  });
});

describe('labels', () => {
  it('pluralises and agrees the verb', () => {
    expect(pluralize(1, 'contact')).toBe('1 contact');
    expect(pluralize(0, 'contact')).toBe('0 contacts');
    expect(needsAttentionLabel(1)).toBe('1 contact needs attention');
    expect(needsAttentionLabel(4)).toBe('4 contacts need attention');
  });
  it('turns the last-contact line red only above 30 days', () => {
    expect(isLastContactStale(30)).toBe(false);
    expect(isLastContactStale(31)).toBe(true);
    expect(isLastContactStale(null)).toBe(false);
  });
  it('joins the full name', () => {
    expect(fullName({ firstName: 'Ada', lastName: 'Lovelace' })).toBe('Ada Lovelace');
  });
});

describe('contactStatus and intervalSource (the contact page)', () => {
  const base = { lastContactDate: '2026-06-01T12:00:00.000Z', reminderDays: 30, isOverdue: false, daysOverdue: 0 };
  it('says never contacted in red', () => {
    expect(
      contactStatus({ ...base, lastContactDate: null, daysSinceLastContact: null, isOverdue: true, daysOverdue: null }),
    ).toEqual({
      kind: 'never',
      label: 'Never contacted',
      color: 'red',
      dueDate: null,
    });
  });
  it('counts down to the due date: green, then yellow within 7 days, then due today', () => {
    expect(contactStatus({ ...base, daysSinceLastContact: 2 })).toMatchObject({
      label: 'Due in 28 days',
      color: 'green',
      dueDate: '2026-07-01T12:00:00.000Z',
    });
    expect(contactStatus({ ...base, daysSinceLastContact: 29 })).toMatchObject({
      label: 'Due in 1 day',
      color: 'yellow',
    });
    expect(contactStatus({ ...base, daysSinceLastContact: 30 })).toMatchObject({ label: 'Due today', color: 'yellow' });
  });
  it('says how long overdue with the spec colours', () => {
    expect(contactStatus({ ...base, daysSinceLastContact: 31, isOverdue: true, daysOverdue: 1 })).toMatchObject({
      label: 'Overdue by 1 day',
      color: 'yellow',
    });
    expect(contactStatus({ ...base, daysSinceLastContact: 50, isOverdue: true, daysOverdue: 20 })).toMatchObject({
      label: 'Overdue by 20 days',
      color: 'orange',
    });
    expect(contactStatus({ ...base, daysSinceLastContact: 90, isOverdue: true, daysOverdue: 60 })).toMatchObject({
      label: 'Overdue by 60 days',
      color: 'red',
    });
  });
  it('names where the interval comes from', () => {
    expect(intervalSource({ customReminderDays: 14, list: { name: 'Family' } }).kind).toBe('custom');
    expect(intervalSource({ customReminderDays: null, list: { name: 'Family' } }).label).toBe('from the list Family');
    expect(intervalSource({ customReminderDays: null, list: null }).label).toBe('default 90 days');
  });
});
