import { comingUpLabel } from './coming-up.js';

describe('comingUpLabel', () => {
  it('says when a contact becomes due', () => {
    expect(comingUpLabel({ reason: 'due', daysUntilDue: 1, dueDate: '2026-11-24T10:00:00Z' })).toBe('Due tomorrow');
    expect(comingUpLabel({ reason: 'due', daysUntilDue: 5, dueDate: '2026-11-28T10:00:00Z' })).toBe('Due in 5 days');
  });
  it('names the day of a scheduled reminder', () => {
    expect(comingUpLabel({ reason: 'scheduled', daysUntilDue: 0, dueDate: '2026-11-23T00:00:00Z' })).toBe(
      'Reminder today',
    );
    expect(comingUpLabel({ reason: 'scheduled', daysUntilDue: 4, dueDate: '2026-11-27T00:00:00Z' })).toBe(
      'Reminder on Fri 27 Nov',
    );
  });
});
