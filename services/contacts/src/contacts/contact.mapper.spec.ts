import { MS_PER_DAY } from '@kith/contracts';
import type { ContactRecord } from './contact.record.js';
import { toContact } from './contact.mapper.js';

const now = new Date('2026-06-15T12:00:00.000Z');
const daysBefore = (days: number) => new Date(now.getTime() - days * MS_PER_DAY);

const record = (overrides: Partial<ContactRecord> = {}): ContactRecord => ({
  id: 'c1',
  userId: 'u1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: null,
  phoneNumber: null,
  notes: null,
  listId: null,
  customReminderDays: null,
  keepInTouch: true,
  lastContactDate: null,
  overdueAt: new Date(0),
  reminderDate: null,
  reminderNotes: null,
  snoozedUntil: null,
  birthday: null,
  company: null,
  jobTitle: null,
  phones: [],
  emails: [],
  address: null,
  website: null,
  city: null,
  region: null,
  postalCode: null,
  country: null,
  namePrefix: null,
  createdAt: daysBefore(100),
  updatedAt: daysBefore(1),
  listName: null,
  listColor: null,
  listDescription: null,
  listReminderDays: null,
  listKeepInTouch: null,
  ...overrides,
});

describe('toContact', () => {
  it('maps a never-contacted contact without a list', () => {
    const sut = toContact(record(), now);
    expect(sut).toMatchObject({
      _id: 'c1',
      list: null,
      reminderDays: 90,
      lastContactDate: null,
      daysSinceLastContact: null,
      isOverdue: true,
      daysOverdue: null,
    });
    expect(sut.createdAt).toBe(daysBefore(100).toISOString());
  });

  it('takes the list interval and summary', () => {
    const sut = toContact(
      record({
        listId: 'l1',
        listName: 'Family',
        listColor: '#8b5cf6',
        listDescription: null,
        listReminderDays: 30,
        lastContactDate: daysBefore(31),
      }),
      now,
    );
    expect(sut).toMatchObject({
      list: { _id: 'l1', name: 'Family', color: '#8b5cf6', description: null },
      reminderDays: 30,
      daysSinceLastContact: 31,
      isOverdue: true,
      daysOverdue: 1,
    });
  });

  it('prefers custom days over the list interval', () => {
    const sut = toContact(
      record({
        listId: 'l1',
        listName: 'Work',
        listColor: '#3b82f6',
        listReminderDays: 90,
        customReminderDays: 7,
        lastContactDate: daysBefore(7),
      }),
      now,
    );
    expect(sut).toMatchObject({ reminderDays: 7, daysSinceLastContact: 7, isOverdue: false, daysOverdue: 0 });
  });
});
