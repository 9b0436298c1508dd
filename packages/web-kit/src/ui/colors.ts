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

/** Text on white: the -700 shades keep WCAG AA contrast (yellow-600 was 2.8:1). */
export const SEVERITY_TEXT_CLASSES: Record<SeverityColor, string> = {
  red: 'text-red-700',
  orange: 'text-orange-700',
  yellow: 'text-yellow-700',
  green: 'text-green-700',
};

/** Left accent for cards whose urgency has a colour. */
export const SEVERITY_BORDER_CLASSES: Record<SeverityColor, string> = {
  red: 'border-l-red-500',
  orange: 'border-l-orange-500',
  yellow: 'border-l-yellow-400',
  green: 'border-l-green-500',
};

/** WCAG relative luminance of a #rrggbb colour. */
function relativeLuminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/**
 * Black or white, whichever reads better on `background` (a user's list colour): one of the two
 * always reaches WCAG AA (4.5:1) for normal text; white on the palette's -500 shades does not.
 */
export function readableTextOn(background: string): '#000000' | '#ffffff' {
  if (!/^#[0-9a-f]{6}$/i.test(background)) return '#ffffff';
  const luminance = relativeLuminance(background);
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.05 ? '#ffffff' : '#000000';
}
