import type { ContactList } from '@kith/contracts';
import type { ListRecord } from './list.record.js';

export function toContactList(record: ListRecord): ContactList {
  return {
    _id: record.id,
    userId: record.userId,
    name: record.name,
    description: record.description,
    color: record.color,
    reminderDays: record.reminderDays,
    contactCount: record.contactCount,
    overdueCount: record.overdueCount,
    contactIds: record.contactIds,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  };
}
