import { DEFAULT_CONTACT_REMINDER_DAYS, MS_PER_DAY, REMINDER_PRESETS } from '../constants.js';

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

export function fullName(person: { firstName: string; lastName: string; company?: string | null }): string {
  return `${person.firstName} ${person.lastName}`.trim() || person.company?.trim() || NO_NAME;
}

/** A postal address as printed: the street lines, then "city region postal-code", then the country. */
export function postalAddressLines(address: {
  address: string | null;
  city: string | null;
  region: string | null;
  postalCode: string | null;
  country: string | null;
}): string[] {
  const locality = [address.city, address.region, address.postalCode].filter(Boolean).join(' ');
  return [...(address.address ?? '').split('\n'), locality, address.country ?? '']
    .map((line) => line.trim())
    .filter(Boolean);
}

/**
 * What a contact without a name is called: a card that had only a number or an address (its
 * number stays a number, never a name). A company's card without a person is called by the company.
 */
export const NO_NAME = '(no name)';

/** Days before the due date during which a contact counts as 'due soon' (the tour's yellow). */
export const DUE_SOON_DAYS = 7;

export interface ContactStatus {
  kind: 'never' | 'overdue' | 'due' | 'off';
  /** 'Never contacted', 'Overdue by 3 days', 'Due today', 'Due in 12 days', 'Not kept in touch'. */
  label: string;
  /** Spec colours: never red; overdue by days (yellow/orange/red); due soon yellow, else green; off gray. */
  color: SeverityColor | 'gray';
  /** The day the interval ends (last contact + interval), ISO; null when never contacted. */
  dueDate: string | null;
}

export const NOT_KEPT_IN_TOUCH = 'Not kept in touch';

/** Where a contact is in its interval, for the contact page. */
export function contactStatus(contact: {
  lastContactDate: string | null;
  daysSinceLastContact: number | null;
  reminderDays: number;
  isOverdue: boolean;
  daysOverdue: number | null;
  /** Whether reminders apply (the contact's and its list's switches); absent: on. */
  keptInTouch?: boolean;
}): ContactStatus {
  if (contact.keptInTouch === false) return { kind: 'off', label: NOT_KEPT_IN_TOUCH, color: 'gray', dueDate: null };
  if (contact.lastContactDate == null || contact.daysSinceLastContact == null) {
    return { kind: 'never', label: 'Never contacted', color: 'red', dueDate: null };
  }
  const dueDate = new Date(Date.parse(contact.lastContactDate) + contact.reminderDays * MS_PER_DAY).toISOString();
  if (contact.isOverdue) {
    const days = contact.daysOverdue ?? 0;
    return { kind: 'overdue', label: `Overdue by ${pluralize(days, 'day')}`, color: overdueColorByDays(days), dueDate };
  }
  const left = Math.max(0, contact.reminderDays - contact.daysSinceLastContact);
  return {
    kind: 'due',
    label: left === 0 ? 'Due today' : `Due in ${pluralize(left, 'day')}`,
    color: left <= DUE_SOON_DAYS ? 'yellow' : 'green',
    dueDate,
  };
}

/** Where the effective interval comes from: the contact's own, its list's, or the default 90 days. */
export function intervalSource(contact: { customReminderDays: number | null; list: { name: string } | null }): {
  kind: 'custom' | 'list' | 'default';
  label: string;
} {
  if (contact.customReminderDays != null) return { kind: 'custom', label: 'custom interval' };
  if (contact.list) return { kind: 'list', label: `from the list ${contact.list.name}` };
  return { kind: 'default', label: `default ${DEFAULT_CONTACT_REMINDER_DAYS} days` };
}
