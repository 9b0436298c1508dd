import { DEFAULT_BADGE_COLOR } from '@kith/contracts';
import clsx from 'clsx';

/** A list's own colour (any hex), as a small dot. */
export function ColorDot({
  color,
  size = 'md',
  className,
}: {
  color?: string | null;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}) {
  return (
    <span
      aria-hidden="true"
      className={clsx(
        'inline-block shrink-0 rounded-full ring-2 ring-white',
        { sm: 'size-2', md: 'size-3', lg: 'size-4' }[size],
        className,
      )}
      style={{ backgroundColor: color || DEFAULT_BADGE_COLOR }}
    />
  );
}
