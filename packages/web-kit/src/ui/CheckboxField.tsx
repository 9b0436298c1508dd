import clsx from 'clsx';
import { type ComponentProps, useId } from 'react';

/**
 * A checkbox named by its label alone, with a hint that describes it (aria-describedby): a long
 * hint in the name would make it match other fields' labels. Takes react-hook-form's register().
 */
export function CheckboxField({
  label,
  hint,
  className,
  ...input
}: { label: string; hint: string; className?: string } & Omit<ComponentProps<'input'>, 'type' | 'className' | 'id'>) {
  const id = useId();
  return (
    <div className={clsx('flex items-start gap-3 text-sm', className)}>
      <input
        id={id}
        type="checkbox"
        aria-describedby={`${id}-hint`}
        className="mt-0.5 size-4 rounded border-slate-300 accent-blue-600"
        {...input}
      />
      <div>
        <label htmlFor={id} className="font-medium text-slate-900">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      </div>
    </div>
  );
}
