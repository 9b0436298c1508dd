import {
  MS_PER_DAY,
  type OverdueContactSummary,
  type ScheduledReminderSummary,
  type UpcomingContact,
} from '@kith/contracts';
import type { ScheduledRecord } from './overdue.repository.js';
import type { ContactRecord } from '../contacts/contact.record.js';
import { toContact } from '../contacts/contact.mapper.js';

/** What every reminder line shows of a contact: who, which list, and their timer. */
function reminderLine(record: ContactRecord, now: Date) {
  const contact = toContact(record, now);
  return {
    contact,
    line: {
      _id: contact._id,
      firstName: contact.firstName,
      lastName: contact.lastName,
      listName: record.listName,
      lastContactDate: contact.lastContactDate,
      reminderDays: contact.reminderDays,
    },
  };
}

export function toOverdueSummary(record: ContactRecord, now: Date): OverdueContactSummary {
  const { contact, line } = reminderLine(record, now);
  return {
    ...line,
    listColor: record.listColor,
    daysSinceLastContact: contact.daysSinceLastContact,
    daysOverdue: contact.daysOverdue,
  };
}

/** A contact coming due; `daysUntilDue` rounds up, so one due later today is 1 day away. */
export function toUpcoming(record: ContactRecord, now: Date): UpcomingContact {
  return {
    ...reminderLine(record, now).line,
    reason: 'due',
    // Coming due: read by `overdue_at > now`, so never a contact without a due date.
    dueDate: record.overdueAt!.toISOString(),
    daysUntilDue: Math.ceil((record.overdueAt!.getTime() - now.getTime()) / MS_PER_DAY),
    reminderNotes: null,
  };
}

/** A reminder the user scheduled; one set for earlier today is 0 days away. */
export function toScheduledUpcoming(record: ContactRecord, now: Date): UpcomingContact {
  const at = record.reminderDate!;
  return {
    ...reminderLine(record, now).line,
    reason: 'scheduled',
    dueDate: at.toISOString(),
    daysUntilDue: Math.max(0, Math.ceil((at.getTime() - now.getTime()) / MS_PER_DAY)),
    reminderNotes: record.reminderNotes,
  };
}

export function toScheduledSummary(record: ScheduledRecord): ScheduledReminderSummary {
  return {
    _id: record.id,
    firstName: record.firstName,
    lastName: record.lastName,
    reminderDate: record.reminderDate.toISOString(),
    reminderNotes: record.reminderNotes,
  };
}
