import { MS_PER_DAY, type OverdueContactSummary, type UpcomingContact } from '@kith/contracts';
import type { ContactRecord } from '../contacts/contact.record.js';
import { toContact } from '../contacts/contact.mapper.js';

export function toOverdueSummary(record: ContactRecord, now: Date): OverdueContactSummary {
  const contact = toContact(record, now);
  return {
    _id: contact._id,
    firstName: contact.firstName,
    lastName: contact.lastName,
    listName: record.listName,
    listColor: record.listColor,
    lastContactDate: contact.lastContactDate,
    reminderDays: contact.reminderDays,
    daysSinceLastContact: contact.daysSinceLastContact,
    daysOverdue: contact.daysOverdue,
  };
}

/** A contact coming due; `daysUntilDue` rounds up, so one due later today is 1 day away. */
export function toUpcoming(record: ContactRecord, now: Date): UpcomingContact {
  const contact = toContact(record, now);
  return {
    _id: contact._id,
    firstName: contact.firstName,
    lastName: contact.lastName,
    listName: record.listName,
    lastContactDate: contact.lastContactDate,
    reminderDays: contact.reminderDays,
    dueDate: record.overdueAt.toISOString(),
    daysUntilDue: Math.ceil((record.overdueAt.getTime() - now.getTime()) / MS_PER_DAY),
  };
}
