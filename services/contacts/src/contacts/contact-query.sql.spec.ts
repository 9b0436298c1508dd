import { SEARCH_SORTS_MATCHES_UP_TO } from '@kith/contracts';
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from 'kysely';
import {
  contactOrderBy,
  contactTotal,
  contactWhere,
  countKey,
  type Fragment,
  pageIds,
  substringPattern,
} from './contact-query.sql.js';

/** Compiles fragments as the service's PostgreSQL dialect does, without a database. */
const offline = new Kysely<unknown>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});
const compiled = (fragment: Fragment) => fragment.compile(offline);
/** The LIKE pattern of a search term bound as `parameter`. */
const FOLDED = (parameter: string) =>
  `'%' || regexp_replace(search_fold(${parameter}), '([\\\\%_])', '\\\\\\1', 'g') || '%'`;

describe('contact page SQL', () => {
  it('builds a LIKE pattern that treats %, _ and \\ literally', () => {
    expect(substringPattern('ann')).toBe('%ann%');
    expect(substringPattern('100%_\\x')).toBe('%100\\%\\_\\\\x%');
  });

  it('filters by user always, then by list, overdue and search when given', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    const bare = contactWhere({ userId: 'u', now });
    expect(compiled(bare).sql).toBe('c.user_id = $1::uuid');
    expect(compiled(bare).parameters).toEqual(['u']);

    const all = contactWhere({ userId: 'u', listId: 'l', overdue: true, search: 'Bo', now });
    expect(compiled(all).sql).toBe(
      `c.user_id = $1::uuid AND c.list_id = $2::uuid AND c.overdue_at <= $3 AND c.search_text LIKE ${FOLDED('$4')}`,
    );
    // The term is folded (accents, case) and escaped in the database, by the search_text column's own function.
    expect(compiled(all).parameters).toEqual(['u', 'l', now, 'Bo']);

    // A term written like a phone number also looks for its digits, with and without a trunk prefix.
    const phone = contactWhere({ userId: 'u', search: ' 06 11 22 ', now });
    expect(compiled(phone).sql).toBe(
      `c.user_id = $1::uuid AND (c.search_text LIKE ${FOLDED('$2')} OR c.search_text LIKE $3 OR c.search_text LIKE $4)`,
    );
    expect(compiled(phone).parameters).toEqual(['u', '06 11 22', '%061122%', '%61122%']);

    expect(compiled(contactWhere({ userId: 'u', listId: null, now })).sql).toBe(
      'c.user_id = $1::uuid AND c.list_id IS NULL',
    );
  });

  it('reads the kept total when nothing narrows the page, and counts the matches otherwise', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(compiled(contactTotal({ userId: 'u', now })).sql).toBe(
      'coalesce((SELECT total FROM contact_totals WHERE user_id = $1::uuid), 0)',
    );
    for (const narrowed of [{ listId: 'l' }, { listId: null }, { overdue: true }, { search: 'bo' }]) {
      const total = contactTotal({ userId: 'u', now, ...narrowed });
      expect(compiled(total).sql).toMatch(
        /^\(SELECT count\(\*\)::int FROM contacts c WHERE c\.user_id = \$1::uuid AND /,
      );
    }
  });

  it('keeps a count under its question: one key however the search is cased, one per scope and filter', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    const key = (filter: { listId?: string | null; overdue?: boolean; search?: string; userId?: string }) =>
      countKey('total', { userId: 'u', now, ...filter });
    expect(key({ search: 'Ann' })).toBe(key({ search: 'ann' }));
    expect(countKey('total', { userId: 'u', now: new Date(), search: 'ann' })).toBe(key({ search: 'ann' }));
    const distinct = [
      key({}),
      key({ search: 'ann' }),
      key({ search: 'ann', overdue: true }),
      key({ listId: null }),
      key({ listId: 'l' }),
      key({ listId: 'l', search: 'ann' }),
      key({ userId: 'v' }),
      countKey('sections', { userId: 'u', now }),
    ];
    expect(new Set(distinct).size).toBe(distinct.length);
  });

  it('orders every sort with an id tiebreak in the same direction', () => {
    expect(compiled(contactOrderBy('name', 'asc')).sql).toBe(
      'lower(c.first_name) ASC, lower(c.last_name) ASC, c.id ASC',
    );
    expect(compiled(contactOrderBy('name', 'desc')).sql).toBe(
      'lower(c.first_name) DESC, lower(c.last_name) DESC, c.id DESC',
    );
    expect(compiled(contactOrderBy('updated', 'desc')).sql).toBe('c.updated_at DESC, c.id DESC');
    expect(compiled(contactOrderBy('created', 'asc')).sql).toBe('c.created_at ASC, c.id ASC');
  });

  it('puts never-contacted first when sorting by last contact ascending, last when descending', () => {
    expect(compiled(contactOrderBy('lastContact', 'asc')).sql).toBe('c.last_contact_date ASC NULLS FIRST, c.id ASC');
    expect(compiled(contactOrderBy('lastContact', 'desc')).sql).toBe('c.last_contact_date DESC NULLS LAST, c.id DESC');
  });

  it('sorts the matches of a search with few of them, and walks the sort order otherwise', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    const byName = contactOrderBy('name', 'asc');
    const window = sql.raw('LIMIT 50 OFFSET 0');
    const sortsMatches = (filter: { search?: string; listId?: string }, matches?: number) =>
      compiled(pageIds({ userId: 'u', now, ...filter }, byName, window, matches)).sql.includes('OFFSET 0) c ORDER BY');
    expect(sortsMatches({ search: 'zoe' }, SEARCH_SORTS_MATCHES_UP_TO)).toBe(true);
    expect(sortsMatches({ search: 'zoe', listId: 'l' }, 0)).toBe(true);
    expect(sortsMatches({ search: 'ann' }, SEARCH_SORTS_MATCHES_UP_TO + 1)).toBe(false);
    // Uncounted, or not a search: the planner's choice stands.
    expect(sortsMatches({ search: 'zoe' })).toBe(false);
    expect(sortsMatches({ listId: 'l' }, 10)).toBe(false);
    expect(compiled(pageIds({ userId: 'u', now, search: 'zoe' }, byName, window, 10)).sql).toBe(
      `SELECT c.id FROM (SELECT * FROM contacts c WHERE c.user_id = $1::uuid AND c.search_text LIKE ${FOLDED('$2')} OFFSET 0) c ` +
        'ORDER BY lower(c.first_name) ASC, lower(c.last_name) ASC, c.id ASC LIMIT 50 OFFSET 0',
    );
  });
});
