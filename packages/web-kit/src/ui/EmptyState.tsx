import clsx from 'clsx';
import type { ReactNode } from 'react';

export interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
  /** 'success' is the green "all caught up" look. */
  tone?: 'neutral' | 'success';
  className?: string;
  /** The title's heading level: 1 when the empty state is the whole page (Page not found). */
  headingLevel?: 1 | 2 | 3;
}

export function EmptyState({
  title,
  description,
  icon,
  action,
  tone = 'neutral',
  className,
  headingLevel = 3,
}: EmptyStateProps) {
  const success = tone === 'success';
  const Heading = `h${headingLevel}` as const;
  return (
    <div
      className={clsx(
        'flex flex-col items-center rounded-2xl border border-dashed px-6 py-12 text-center',
        success ? 'border-green-200 bg-green-50/60' : 'border-slate-200 bg-white',
        className,
      )}
    >
      {icon && (
        <div
          className={clsx(
            'mb-4 flex size-12 items-center justify-center rounded-full',
            success ? 'bg-green-100 text-green-600' : 'bg-slate-100 text-slate-500',
          )}
        >
          {icon}
        </div>
      )}
      <Heading className={clsx('text-base font-semibold', success ? 'text-green-800' : 'text-slate-900')}>
        {title}
      </Heading>
      {description && (
        <p className={clsx('mt-1 max-w-md text-sm', success ? 'text-green-700' : 'text-slate-500')}>{description}</p>
      )}
      {action && <div className="mt-6">{action}</div>}
    </div>
  );
}
