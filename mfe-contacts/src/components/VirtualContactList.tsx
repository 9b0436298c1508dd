import { ColorDot, useGridColumns } from '@kith/web-kit';
import { useWindowVirtualizer, type VirtualItem } from '@tanstack/react-virtual';
import clsx from 'clsx';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { buildContactRows, rangesOf, type ContactsRow } from '../logic/contact-rows.js';
import type { Contact } from '@kith/contracts';
import { segmentLength, type Segment } from '../data/contact-cache.js';
import type { VisibleRange } from '../data/contact-queries.js';
import { ContactCard, ContactRow, type ContactActions } from './ContactCard.js';

export interface VirtualContactListProps {
  segments: Segment[];
  /** The contact at a position of a segment, or undefined while its page is not loaded. */
  contactAt: (segment: Segment, index: number) => Contact | undefined;
  view: 'grid' | 'list';
  /** Grouped by list: a header with counts starts each section. */
  grouped: boolean;
  actions: ContactActions;
  onVisibleRanges: (ranges: VisibleRange[]) => void;
}

/** First guesses of row heights; every row is measured once it renders. */
const ESTIMATED_HEIGHT = { header: 44, grid: 232, list: 76, listPhone: 132 } as const;
/** Rows rendered beyond the viewport each way: enough for smooth scrolling, few enough for a small DOM. */
const OVERSCAN_ROWS = 3;

/** Where a card will be while its page loads: the same footprint, no content. */
function Placeholder({ view }: { view: 'grid' | 'list' }) {
  return (
    <div
      data-testid="contact-placeholder"
      aria-hidden="true"
      className={clsx(
        'animate-pulse bg-white',
        view === 'grid' ? 'h-52 rounded-2xl border border-slate-200' : 'h-[4.5rem] px-4 py-3',
      )}
    />
  );
}

function SectionHeader({ segment }: { segment: Segment }) {
  return (
    <h2 className="flex items-center gap-2 pt-6 pb-3 text-sm font-semibold text-slate-700" data-testid="section-header">
      <ColorDot color={segment.color} />
      {segment.name}
      <span className="font-normal text-slate-500">({segmentLength(segment)})</span>
      {(segment.overdueCount ?? 0) > 0 && (
        <span className="rounded-full bg-red-50 px-2 py-0.5 text-xs font-medium text-red-700">
          {segment.overdueCount} overdue
        </span>
      )}
    </h2>
  );
}

/**
 * The contacts of a view, rendered as a window over the page: only the rows near the viewport
 * are in the DOM (grid rows of 1–3 cards, or list rows), whatever the number of contacts. Rows
 * whose contacts are not loaded yet show placeholders and report themselves so their pages load.
 */
export function VirtualContactList({
  segments,
  contactAt,
  view,
  grouped,
  actions,
  onVisibleRanges,
}: VirtualContactListProps) {
  const gridColumns = useGridColumns();
  const columns = view === 'grid' ? gridColumns : 1;
  const byKey = useMemo(() => new Map(segments.map((segment) => [segment.key, segment])), [segments]);
  // Rows depend on the segments' lengths only, not on which pages are loaded.
  const shape = segments.map((segment) => `${segment.key}=${segmentLength(segment)}`).join(',');
  const rows = useMemo(
    () =>
      buildContactRows(
        segments.map((segment) => ({ key: segment.key, length: segmentLength(segment) })),
        columns,
        grouped,
      ),
    [shape, columns, grouped],
  );

  const listRef = useRef<HTMLDivElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    const top = (listRef.current?.getBoundingClientRect().top ?? 0) + window.scrollY;
    if (Math.abs(top - scrollMargin) > 0.5) setScrollMargin(top);
  });

  const phone = gridColumns === 1;
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: (index) =>
      rows[index]?.kind === 'header'
        ? ESTIMATED_HEIGHT.header
        : view === 'grid'
          ? ESTIMATED_HEIGHT.grid
          : phone
            ? ESTIMATED_HEIGHT.listPhone
            : ESTIMATED_HEIGHT.list,
    overscan: OVERSCAN_ROWS,
    scrollMargin,
    getItemKey: (index) => rows[index]?.key ?? index,
  });
  const items = virtualizer.getVirtualItems();

  const visibleRows = items.map((item) => rows[item.index]).filter((row): row is ContactsRow => row !== undefined);
  const rangesKey = JSON.stringify(rangesOf(visibleRows));
  useEffect(() => {
    onVisibleRanges(JSON.parse(rangesKey) as VisibleRange[]);
  }, [rangesKey, segments, onVisibleRanges]);

  // Visible rows by section, so a grouped view keeps one labelled region per list.
  const blocks: { segment: Segment; items: VirtualItem[] }[] = [];
  for (const item of items) {
    const row = rows[item.index];
    const segment = row && byKey.get(row.segmentKey);
    if (!segment) continue;
    const last = blocks.at(-1);
    if (last && last.segment.key === segment.key) last.items.push(item);
    else blocks.push({ segment, items: [item] });
  }

  const renderRow = (row: ContactsRow, segment: Segment) => {
    if (row.kind === 'header') return <SectionHeader segment={segment} />;
    const positions = Array.from({ length: row.count }, (_, offset) => row.start + offset);
    if (view === 'grid') {
      return (
        // The columns follow the same breakpoints in CSS, so a resize never overflows while rows re-chunk.
        <div className="grid grid-cols-1 gap-4 pb-4 sm:grid-cols-2 xl:grid-cols-3">
          {positions.map((position) => {
            const contact = contactAt(segment, position);
            return contact ? (
              <ContactCard key={contact._id} contact={contact} actions={actions} />
            ) : (
              <Placeholder key={`placeholder-${position}`} view="grid" />
            );
          })}
        </div>
      );
    }
    const contact = contactAt(segment, row.start);
    const first = row.start === 0;
    const last = row.start === segmentLength(segment) - 1;
    return (
      <ul
        className={clsx(
          'border-x border-slate-200 bg-white',
          first ? 'rounded-t-2xl border-t' : 'border-t border-t-slate-100',
          last && 'rounded-b-2xl border-b shadow-sm',
        )}
      >
        {contact ? (
          <ContactRow contact={contact} actions={actions} />
        ) : (
          <li>
            <Placeholder view="list" />
          </li>
        )}
      </ul>
    );
  };

  return (
    <div
      ref={listRef}
      data-testid="contacts-window"
      className="relative w-full"
      style={{ height: virtualizer.getTotalSize() }}
    >
      {blocks.map(({ segment, items: blockItems }) => {
        const blockTop = blockItems[0].start - scrollMargin;
        // A block is as tall as its rows, so the section it stands for has a real box on screen.
        const blockStyle = { top: blockTop, height: blockItems[blockItems.length - 1].end - blockItems[0].start };
        const content = blockItems.map((item) => (
          <div
            key={item.key}
            data-index={item.index}
            ref={virtualizer.measureElement}
            className="absolute inset-x-0"
            style={{ top: item.start - scrollMargin - blockTop }}
          >
            {renderRow(rows[item.index], segment)}
          </div>
        ));
        return grouped ? (
          <section
            key={segment.key}
            aria-label={segment.name ?? undefined}
            className="absolute inset-x-0"
            style={blockStyle}
          >
            {content}
          </section>
        ) : (
          <div key={segment.key} className="absolute inset-x-0" style={blockStyle}>
            {content}
          </div>
        );
      })}
    </div>
  );
}
