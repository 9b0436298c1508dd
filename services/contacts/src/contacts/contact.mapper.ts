import {
  type Contact,
  daysOverdue,
  daysSince,
  effectiveReminderDays,
  isOverdue,
  keepsInTouch,
  nextBirthday,
  type UpcomingBirthday,
} from '@kith/contracts';
import type { BirthdayRecord } from './contacts.repository.js';
import type { ContactRecord } from './contact.record.js';

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

/** Row → API contact, with the overdue figures derived by the contracts' rule at `now`. */
export function toContact(record: ContactRecord, now: Date = new Date()): Contact {
  const subject = {
    lastContactDate: record.lastContactDate,
    customReminderDays: record.customReminderDays,
    listReminderDays: record.listReminderDays,
    keepInTouch: record.keepInTouch,
    listKeepInTouch: record.listKeepInTouch,
  };
  return {
    _id: record.id,
    userId: record.userId,
    firstName: record.firstName,
    lastName: record.lastName,
    email: record.email,
    phoneNumber: record.phoneNumber,
    notes: record.notes,
    birthday: record.birthday,
    company: record.company,
    jobTitle: record.jobTitle,
    phones: record.phones,
    emails: record.emails,
    address: record.address,
    city: record.city,
    region: record.region,
    postalCode: record.postalCode,
    country: record.country,
    website: record.website,
    namePrefix: record.namePrefix,
    listId: record.listId,
    list:
      record.listId && record.listName != null
        ? {
            _id: record.listId,
            name: record.listName,
            color: record.listColor ?? '',
            description: record.listDescription,
          }
        : null,
    customReminderDays: record.customReminderDays,
    reminderDays: effectiveReminderDays(record.customReminderDays, record.listReminderDays),
    keepInTouch: record.keepInTouch,
    keptInTouch: keepsInTouch(subject),
    lastContactDate: iso(record.lastContactDate),
    daysSinceLastContact: daysSince(record.lastContactDate, now),
    isOverdue: isOverdue(subject, now),
    daysOverdue: daysOverdue(subject, now),
    reminderDate: iso(record.reminderDate),
    reminderNotes: record.reminderNotes,
    snoozedUntil: iso(record.snoozedUntil),
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  };
}

/** Birthday rows → the ones celebrated within the window, soonest first, then by name. */
export function upcomingBirthdaysOf(
  records: BirthdayRecord[],
  withinDays: number,
  now: Date = new Date(),
): UpcomingBirthday[] {
  const upcoming: UpcomingBirthday[] = [];
  for (const record of records) {
    const next = nextBirthday(record.birthday, now);
    if (next && next.daysUntil <= withinDays) {
      upcoming.push({
        _id: record.id,
        firstName: record.firstName,
        lastName: record.lastName,
        birthday: record.birthday,
        ...next,
      });
    }
  }
  return upcoming.sort(
    (a, b) =>
      a.daysUntil - b.daysUntil || a.firstName.localeCompare(b.firstName) || a.lastName.localeCompare(b.lastName),
  );
}
