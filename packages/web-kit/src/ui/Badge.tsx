import type { BadgeColor } from '@kith/contracts';
import clsx from 'clsx';
import type { ReactNode } from 'react';
import { BADGE_CLASSES, DOT_CLASSES } from './colors.js';

export function Badge({
  color = 'gray',
  variant = 'status',
  children,
  className,
}: {
  color?: BadgeColor;
  /**
   * 'status' fills the badge with its colour (red: overdue, never contacted…). 'tag' names a
   * colour that only identifies something (a list's colour): neutral text and fill with a dot of
   * the colour, so a red list never reads as a warning.
   */
  variant?: 'status' | 'tag';
  children: ReactNode;
  className?: string;
}) {
  return (
    <span
      data-color={color}
      className={clsx(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        variant === 'tag' ? 'bg-white text-slate-700 ring-slate-300' : BADGE_CLASSES[color],
        className,
      )}
    >
      {variant === 'tag' && <span aria-hidden="true" className={clsx('size-2 rounded-full', DOT_CLASSES[color])} />}
      {children}
    </span>
  );
}
