/**
 * The rows a virtualised contacts screen is made of: in a grouped view a header per list section,
 * then the section's contacts `columns` to a row; in a flat view only contact rows. A row names
 * the positions it shows, not the contacts, so rows exist for pages that are not loaded yet.
 */
export type ContactsRow =
  | { kind: 'header'; key: string; segmentKey: string }
  | { kind: 'contacts'; key: string; segmentKey: string; start: number; count: number };

export interface RowSegment {
  key: string;
  length: number;
}

export function buildContactRows(segments: RowSegment[], columns: number, withHeaders: boolean): ContactsRow[] {
  const perRow = Math.max(1, Math.floor(columns));
  const rows: ContactsRow[] = [];
  for (const segment of segments) {
    if (withHeaders) rows.push({ kind: 'header', key: `${segment.key}:header`, segmentKey: segment.key });
    for (let start = 0; start < segment.length; start += perRow) {
      rows.push({
        kind: 'contacts',
        key: `${segment.key}:${start}`,
        segmentKey: segment.key,
        start,
        count: Math.min(perRow, segment.length - start),
      });
    }
  }
  return rows;
}

/** The contact positions a set of rows covers, one range per segment (for loading their pages). */
export function rangesOf(rows: ContactsRow[]): { segmentKey: string; from: number; to: number }[] {
  const ranges = new Map<string, { segmentKey: string; from: number; to: number }>();
  for (const row of rows) {
    if (row.kind !== 'contacts') continue;
    const range = ranges.get(row.segmentKey);
    const to = row.start + row.count - 1;
    if (!range) ranges.set(row.segmentKey, { segmentKey: row.segmentKey, from: row.start, to });
    else
      ranges.set(row.segmentKey, {
        segmentKey: row.segmentKey,
        from: Math.min(range.from, row.start),
        to: Math.max(range.to, to),
      });
  }
  return [...ranges.values()];
}
