import type { ContactList, ContactListSummary } from '@kith/contracts';
import type { ListRecord } from './list.record.js';

export function toListSummary(record: ListRecord): ContactListSummary {
  return {
    _id: record.id,
    userId: record.userId,
    name: record.name,
    description: record.description,
    color: record.color,
    reminderDays: record.reminderDays,
    keepInTouch: record.keepInTouch,
    contactCount: record.contactCount,
    overdueCount: record.overdueCount,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  };
}

export function toContactList(record: ListRecord): ContactList {
  return { ...toListSummary(record), contactIds: record.contactIds ?? [] };
}
