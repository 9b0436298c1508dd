import type { BadgeColor, SeverityColor } from '@kith/contracts';

/**
 * Tailwind classes for the contracts' colour rules (listColorToBadge, overdueColorByDays,
 * listOverdueCountColor). Written out in full so Tailwind sees every class.
 */
export const BADGE_CLASSES: Record<BadgeColor, string> = {
  red: 'bg-red-50 text-red-700 ring-red-600/20',
  yellow: 'bg-yellow-50 text-yellow-800 ring-yellow-600/20',
  blue: 'bg-blue-50 text-blue-700 ring-blue-600/20',
  green: 'bg-green-50 text-green-700 ring-green-600/20',
  purple: 'bg-purple-50 text-purple-700 ring-purple-600/20',
  orange: 'bg-orange-50 text-orange-700 ring-orange-600/20',
  gray: 'bg-gray-50 text-gray-700 ring-gray-500/20',
};

export const DOT_CLASSES: Record<BadgeColor, string> = {
  red: 'bg-red-500',
  yellow: 'bg-yellow-500',
  blue: 'bg-blue-500',
  green: 'bg-green-500',
  purple: 'bg-purple-500',
  orange: 'bg-orange-500',
  gray: 'bg-gray-500',
};

export const SEVERITY_TEXT_CLASSES: Record<SeverityColor, string> = {
  red: 'text-red-600',
  orange: 'text-orange-600',
  yellow: 'text-yellow-600',
  green: 'text-green-600',
};

/** Left accent for cards whose urgency has a colour. */
export const SEVERITY_BORDER_CLASSES: Record<SeverityColor, string> = {
  red: 'border-l-red-500',
  orange: 'border-l-orange-500',
  yellow: 'border-l-yellow-400',
  green: 'border-l-green-500',
};
