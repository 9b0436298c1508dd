import type { BadgeColor } from '@kith/contracts';
import clsx from 'clsx';
import type { ReactNode } from 'react';
import { BADGE_CLASSES } from './colors.js';

export function Badge({
  color = 'gray',
  children,
  className,
}: {
  color?: BadgeColor;
  children: ReactNode;
  className?: string;
}) {
  return (
    <span
      className={clsx(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        BADGE_CLASSES[color],
        className,
      )}
    >
      {children}
    </span>
  );
}
