import { reminderDaysProblem } from './reminder-days.js';
import { ValidationMessage } from '../vocabulary.js';

describe('reminderDaysProblem', () => {
  it.each([
    ['1', null],
    ['365', null],
    ['0', ValidationMessage.REMINDER_DAYS_MIN],
    ['366', ValidationMessage.REMINDER_DAYS_MAX],
    ['2.5', ValidationMessage.REMINDER_DAYS_WHOLE],
    ['ten', ValidationMessage.REMINDER_DAYS_WHOLE],
  ])('%s → %s', (typed, problem) => {
    expect(reminderDaysProblem(typed)).toBe(problem);
  });
});
