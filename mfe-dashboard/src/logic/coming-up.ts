import type { UpcomingContact } from '@kith/contracts';

/** 'Due tomorrow', 'Due in 3 days', 'Reminder today', 'Reminder on Fri 27 Nov'. */
export function comingUpLabel(item: Pick<UpcomingContact, 'reason' | 'daysUntilDue' | 'dueDate'>): string {
  if (item.reason === 'scheduled') {
    if (item.daysUntilDue <= 0) return 'Reminder today';
    const day = new Date(item.dueDate).toLocaleDateString('en-GB', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      timeZone: 'UTC',
    });
    return `Reminder on ${day}`;
  }
  if (item.daysUntilDue <= 0) return 'Due today';
  if (item.daysUntilDue === 1) return 'Due tomorrow';
  return `Due in ${item.daysUntilDue} days`;
}
