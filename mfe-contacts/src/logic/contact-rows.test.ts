import { buildContactRows, rangesOf } from './contact-rows.js';

describe('virtual rows of the contacts screen', () => {
  it('puts a flat view in rows of the column count, the last one partial', () => {
    const rows = buildContactRows([{ key: 'all', length: 7 }], 3, false);
    expect(rows.map((row) => (row.kind === 'contacts' ? [row.start, row.count] : 'header'))).toEqual([
      [0, 3],
      [3, 3],
      [6, 1],
    ]);
  });

  it('starts every section of a grouped view with its header and its own rows', () => {
    const rows = buildContactRows(
      [
        { key: 'a', length: 2 },
        { key: 'b', length: 0 },
        { key: 'c', length: 3 },
      ],
      2,
      true,
    );
    expect(rows.map((row) => row.key)).toEqual(['a:header', 'a:0', 'b:header', 'c:header', 'c:0', 'c:2']);
  });

  it('holds 20 000 contacts in list view as 20 000 rows without touching a contact', () => {
    expect(buildContactRows([{ key: 'all', length: 20_000 }], 1, false)).toHaveLength(20_000);
  });

  it('merges the rows on screen into one range per segment', () => {
    const rows = buildContactRows(
      [
        { key: 'a', length: 5 },
        { key: 'c', length: 9 },
      ],
      3,
      true,
    );
    expect(rangesOf(rows.slice(2, 6))).toEqual([
      { segmentKey: 'a', from: 3, to: 4 },
      { segmentKey: 'c', from: 0, to: 5 },
    ]);
  });
});
