import clsx from 'clsx';

export function Spinner({ size = 'md', className }: { size?: 'sm' | 'md' | 'lg'; className?: string }) {
  return (
    <span
      role="status"
      aria-label="Loading"
      className={clsx(
        'inline-block shrink-0 animate-spin rounded-full border-current border-r-transparent',
        { sm: 'size-4 border-2', md: 'size-6 border-2', lg: 'size-10 border-[3px]' }[size],
        className,
      )}
    />
  );
}

/** A centred spinner with its text, e.g. 'Loading contacts...'. */
export function LoadingState({ label, className }: { label: string; className?: string }) {
  return (
    <div className={clsx('flex flex-col items-center justify-center gap-3 py-16 text-slate-500', className)}>
      <Spinner size="lg" className="text-blue-600" />
      <p className="text-sm font-medium">{label}</p>
    </div>
  );
}
