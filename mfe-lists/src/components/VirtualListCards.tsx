import type { ContactListSummary } from '@kith/contracts';
import { useGridColumns } from '@kith/web-kit';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import clsx from 'clsx';
import { useLayoutEffect, useRef, useState } from 'react';
import { ListCard, type ListCardProps } from './ListCard.js';

export interface VirtualListCardsProps extends Pick<ListCardProps, 'onEdit' | 'onDelete'> {
  /** The lists in screen order (already sorted). */
  lists: ContactListSummary[];
  view: 'grid' | 'list';
}

/** First guesses of row heights; every row is measured once it renders. */
const ESTIMATED_HEIGHT = { grid: 290, list: 76, listPhone: 140 } as const;
/** Rows rendered beyond the viewport each way: smooth scrolling with a small DOM. */
const OVERSCAN_ROWS = 3;

/**
 * The lists as a window over the page (the DOM holds only what is near the viewport):
 * grid rows of 1–3 cards, or one row per list, positioned in a box as tall as all of them, the
 * way the contacts screen's VirtualContactList does it.
 */
export function VirtualListCards({ lists, view, onEdit, onDelete }: VirtualListCardsProps) {
  const gridColumns = useGridColumns();
  const columns = view === 'grid' ? gridColumns : 1;
  const rowCount = Math.ceil(lists.length / columns);

  const boxRef = useRef<HTMLDivElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    const top = (boxRef.current?.getBoundingClientRect().top ?? 0) + window.scrollY;
    if (Math.abs(top - scrollMargin) > 0.5) setScrollMargin(top);
  });

  const virtualizer = useWindowVirtualizer({
    count: rowCount,
    estimateSize: () =>
      view === 'grid' ? ESTIMATED_HEIGHT.grid : gridColumns === 1 ? ESTIMATED_HEIGHT.listPhone : ESTIMATED_HEIGHT.list,
    overscan: OVERSCAN_ROWS,
    scrollMargin,
    // A row is known by its first list, so a re-sort re-measures instead of reusing a wrong height.
    getItemKey: (index) => `${columns}:${lists[index * columns]?._id ?? index}`,
  });

  const rowOf = (index: number) => lists.slice(index * columns, index * columns + columns);
  return (
    <div
      ref={boxRef}
      data-tour="lists"
      data-testid="lists-window"
      className="relative w-full"
      style={{ height: virtualizer.getTotalSize() }}
    >
      {virtualizer.getVirtualItems().map((item) => {
        const style = { top: item.start - scrollMargin };
        if (view === 'grid') {
          return (
            // The columns follow the same breakpoints in CSS, so a resize never overflows while rows re-chunk.
            <div
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              className="absolute inset-x-0 grid grid-cols-1 gap-4 pb-4 sm:grid-cols-2 xl:grid-cols-3"
              style={style}
            >
              {rowOf(item.index).map((list) => (
                <ListCard key={list._id} list={list} view="grid" onEdit={onEdit} onDelete={onDelete} />
              ))}
            </div>
          );
        }
        const first = item.index === 0;
        const last = item.index === rowCount - 1;
        return (
          // One bordered box drawn row by row: the first rounds the top, the last the bottom.
          <ul
            key={item.key}
            data-index={item.index}
            ref={virtualizer.measureElement}
            className={clsx(
              'absolute inset-x-0 border-x border-slate-200 bg-white',
              first ? 'rounded-t-2xl border-t' : 'border-t border-t-slate-100',
              last && 'rounded-b-2xl border-b shadow-sm',
            )}
            style={style}
          >
            {rowOf(item.index).map((list) => (
              <ListCard key={list._id} list={list} view="list" onEdit={onEdit} onDelete={onDelete} />
            ))}
          </ul>
        );
      })}
    </div>
  );
}
