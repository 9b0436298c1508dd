import { type Contact, daysOverdue, daysSince, effectiveReminderDays, isOverdue } from '@kith/contracts';
import type { ContactRecord } from './contact.record.js';

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

/** Row → API contact, with the overdue figures derived by the contracts' rule at `now`. */
export function toContact(record: ContactRecord, now: Date = new Date()): Contact {
  const subject = {
    lastContactDate: record.lastContactDate,
    customReminderDays: record.customReminderDays,
    listReminderDays: record.listReminderDays,
  };
  return {
    _id: record.id,
    userId: record.userId,
    firstName: record.firstName,
    lastName: record.lastName,
    email: record.email,
    phoneNumber: record.phoneNumber,
    notes: record.notes,
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
    lastContactDate: iso(record.lastContactDate),
    daysSinceLastContact: daysSince(record.lastContactDate, now),
    isOverdue: isOverdue(subject, now),
    daysOverdue: daysOverdue(subject, now),
    reminderDate: iso(record.reminderDate),
    reminderNotes: record.reminderNotes,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  };
}
