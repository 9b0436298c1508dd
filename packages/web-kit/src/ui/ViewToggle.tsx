import clsx from 'clsx';
import { LayoutGrid, List } from 'lucide-react';
import type { ViewMode } from '../preferences/usePreferences.js';

const VIEWS = [
  { value: 'grid', label: 'Grid', Icon: LayoutGrid },
  { value: 'list', label: 'List', Icon: List },
] as const;

/** Grid / List switch for the options bars. */
export function ViewToggle({ value, onChange }: { value: ViewMode; onChange: (view: ViewMode) => void }) {
  return (
    <div className="inline-flex rounded-lg bg-slate-100 p-0.5" role="group" aria-label="View mode">
      {VIEWS.map(({ value: view, label, Icon }) => (
        <button
          key={view}
          type="button"
          aria-pressed={value === view}
          onClick={() => onChange(view)}
          className={clsx(
            'inline-flex items-center gap-1.5 rounded-md px-2.5 py-1.5 text-xs font-medium transition-colors',
            value === view ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
          )}
        >
          <Icon className="size-4" aria-hidden="true" />
          {label}
        </button>
      ))}
    </div>
  );
}
