import { birthdayLabel, birthdayMonthDaysWithin, isValidBirthday, nextBirthday } from './birthday.js';
import { contactInputSchema } from '../validation.js';

describe('birthdays', () => {
  it('accepts real days with or without a year', () => {
    expect(['1985-03-12', '--03-12', '--02-29', '2000-02-29'].every(isValidBirthday)).toBe(true);
    expect(
      ['1985-02-29', '--02-30', '1985-13-01', '85-03-12', '--3-12', '1985-03-12T00:00'].some(isValidBirthday),
    ).toBe(false);
  });

  it('finds the next celebration with the age reached, today included', () => {
    const now = new Date('2026-03-12T18:00:00Z');
    expect(nextBirthday('1985-03-12', now)).toEqual({ date: '2026-03-12', daysUntil: 0, age: 41 });
    expect(nextBirthday('--03-11', now)).toEqual({ date: '2027-03-11', daysUntil: 364, age: null });
    expect(nextBirthday('1990-12-31', new Date('2026-12-25T00:00:00Z'))).toMatchObject({ daysUntil: 6, age: 36 });
  });

  it('celebrates 29 February on the 28th in other years', () => {
    expect(nextBirthday('2000-02-29', new Date('2027-02-01T00:00:00Z'))).toEqual({
      date: '2027-02-28',
      daysUntil: 27,
      age: 27,
    });
    expect(birthdayMonthDaysWithin(1, new Date('2027-02-27T00:00:00Z'))).toEqual([227, 228, 229]);
    expect(birthdayMonthDaysWithin(2, new Date('2028-02-28T00:00:00Z'))).toEqual([228, 229, 301]);
  });

  it('lists the month-days of a window across the new year', () => {
    expect(birthdayMonthDaysWithin(3, new Date('2026-12-30T12:00:00Z'))).toEqual([1230, 1231, 101, 102]);
  });

  it('labels a birthday', () => {
    expect(birthdayLabel('1985-03-12')).toBe('12 March 1985');
    expect(birthdayLabel('--07-04')).toBe('4 July');
  });

  it('validates birthday and the other details in the contact body, naming the field', () => {
    const result = contactInputSchema.safeParse({
      firstName: 'Ann',
      lastName: 'Lee',
      birthday: '1985-02-30',
      phones: [{ label: 'Mobile', value: ' ' }],
      emails: [{ value: 'not-an-email' }],
    });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['birthday', 'Birthday must be a date like 1985-03-12, or --03-12 without the year'],
      ['phones.0.value', 'Phones: value is required'],
      ['emails.0.value', 'Emails: each must be a valid email address'],
    ]);
    expect(
      contactInputSchema.parse({
        firstName: 'Ann',
        lastName: 'Lee',
        phones: [{ label: 'Mobile', value: '+1 555' }],
        emails: [{ value: 'a@b.c' }],
        birthday: '',
      }),
    ).toMatchObject({
      phones: [{ label: 'mobile', value: '+1 555' }],
      emails: [{ label: 'other', value: 'a@b.c' }],
      birthday: null,
      company: null,
    });
  });
});
