import { ArrowDownUp } from 'lucide-react';
import { useId } from 'react';
import type { SortOrder } from '@kith/contracts';

export interface SortOption {
  value: string;
  label: string;
}

export interface SortControlProps {
  options: readonly SortOption[];
  sortBy: string;
  sortOrder: SortOrder;
  onSortByChange: (sortBy: string) => void;
  onSortOrderChange: (sortOrder: SortOrder) => void;
}

/** 'Sort by' select plus the ascending/descending toggle showing A→Z or Z→A. */
export function SortControl({ options, sortBy, sortOrder, onSortByChange, onSortOrderChange }: SortControlProps) {
  const id = useId();
  return (
    <div className="inline-flex items-center gap-2">
      <label htmlFor={id} className="text-xs font-medium text-slate-500">
        Sort by
      </label>
      <select
        id={id}
        value={sortBy}
        onChange={(event) => onSortByChange(event.target.value)}
        className="rounded-lg border-0 bg-white py-1.5 pr-8 pl-2.5 text-xs font-medium text-slate-700 shadow-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-blue-600"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <button
        type="button"
        onClick={() => onSortOrderChange(sortOrder === 'asc' ? 'desc' : 'asc')}
        className="inline-flex items-center gap-1 rounded-lg bg-white px-2.5 py-1.5 text-xs font-medium text-slate-700 shadow-sm ring-1 ring-slate-300 ring-inset hover:bg-slate-50"
        // The visible A→Z / Z→A starts the name, so speech users can say what they see.
        aria-label={
          sortOrder === 'asc'
            ? 'A→Z: sorted ascending, switch to descending'
            : 'Z→A: sorted descending, switch to ascending'
        }
      >
        <ArrowDownUp className="size-3.5" aria-hidden="true" />
        {sortOrder === 'asc' ? 'A→Z' : 'Z→A'}
      </button>
    </div>
  );
}
