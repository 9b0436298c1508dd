import { isPresetInterval, REMINDER_PRESETS, type ContactListSummary, type SortOrder } from '@kith/contracts';

export type ListSortKey = 'name' | 'contactCount' | 'reminderDays' | 'overdueCount';

export const LIST_SORT_OPTIONS: { value: ListSortKey; label: string }[] = [
  { value: 'name', label: 'Name' },
  { value: 'contactCount', label: 'Contact Count' },
  { value: 'reminderDays', label: 'Reminder Interval' },
  { value: 'overdueCount', label: 'Overdue Count' },
];

/** Stored preferences may hold a key this screen does not offer: fall back to name. */
export function listSortKey(stored: string): ListSortKey {
  return LIST_SORT_OPTIONS.some((option) => option.value === stored) ? (stored as ListSortKey) : 'name';
}

const byName = (a: ContactListSummary, b: ContactListSummary) =>
  a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });

export function sortLists(lists: ContactListSummary[], sortBy: ListSortKey, order: SortOrder): ContactListSummary[] {
  const direction = order === 'desc' ? -1 : 1;
  const compare =
    sortBy === 'name'
      ? byName
      : (a: ContactListSummary, b: ContactListSummary) => a[sortBy] - b[sortBy] || byName(a, b);
  return [...lists].sort((a, b) => direction * compare(a, b));
}

/** The interval select holds a preset's days as text, or 'custom'. */
export const CUSTOM_INTERVAL = 'custom';

export function intervalChoiceFor(days: number): string {
  return isPresetInterval(days) ? String(days) : CUSTOM_INTERVAL;
}

export interface IntervalFields {
  interval: string;
  customDays: string;
}

/** The days a list form submits: a set custom value overrides the preset. */
export function resolveReminderDays({ interval, customDays }: IntervalFields): number {
  if (interval === CUSTOM_INTERVAL) return Number(customDays);
  return Number(interval);
}

export const INTERVAL_CHOICES = [
  ...REMINDER_PRESETS.map((preset) => ({
    value: String(preset.days),
    label: `${preset.label} (${preset.days} ${preset.days === 1 ? 'day' : 'days'})`,
  })),
  { value: CUSTOM_INTERVAL, label: 'Custom' },
];
