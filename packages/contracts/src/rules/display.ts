import { REMINDER_PRESETS } from '../constants.js';

/** 'Daily', 'Weekly', ... for a preset; 'Every N days' for anything else. */
export function reminderIntervalLabel(days: number): string {
  const preset = REMINDER_PRESETS.find((candidate) => candidate.days === days);
  return preset ? preset.label : `Every ${days} days`;
}

export function isPresetInterval(days: number): boolean {
  return REMINDER_PRESETS.some((preset) => preset.days === days);
}

export type BadgeColor = 'red' | 'yellow' | 'blue' | 'green' | 'purple' | 'orange' | 'gray';

const BADGE_BY_LIST_COLOR: Record<string, BadgeColor> = {
  '#ef4444': 'red',
  '#f59e0b': 'yellow',
  '#3b82f6': 'blue',
  '#10b981': 'green',
  '#8b5cf6': 'purple',
  '#f97316': 'orange',
};

/** The list colours users pick from, in picker order. */
export const LIST_COLOR_CHOICES = Object.keys(BADGE_BY_LIST_COLOR);

export function listColorToBadge(color: string | null | undefined): BadgeColor {
  return (color && BADGE_BY_LIST_COLOR[color.toLowerCase()]) || 'gray';
}

export type SeverityColor = 'yellow' | 'orange' | 'red' | 'green';

/** Overdue colour by days: up to 7 yellow, up to 30 orange, above 30 red. */
export function overdueColorByDays(days: number): SeverityColor {
  if (days <= 7) return 'yellow';
  if (days <= 30) return 'orange';
  return 'red';
}

/** List overdue-count colour: 0 green, 1 to 2 yellow, 3 or more red. */
export function listOverdueCountColor(count: number): SeverityColor {
  if (count <= 0) return 'green';
  if (count <= 2) return 'yellow';
  return 'red';
}

/** The contact card turns its 'Last contact' line red above 30 days. */
export function isLastContactStale(days: number | null): boolean {
  return days != null && days > 30;
}

/** '1 contact' / '3 contacts'. */
export function pluralize(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

/** 'N contact(s) need(s) attention', with the verb agreeing. */
export function needsAttentionLabel(count: number): string {
  return `${pluralize(count, 'contact')} ${count === 1 ? 'needs' : 'need'} attention`;
}

export function fullName(person: { firstName: string; lastName: string }): string {
  return `${person.firstName} ${person.lastName}`.trim();
}
