import { type ContactSortBy, phoneSearchTerms, SEARCH_SORTS_MATCHES_UP_TO, type SortOrder } from '@kith/contracts';
import { type RawBuilder, sql } from 'kysely';
import { overdueSql, priorityOrderSql } from './overdue-rule.sql.js';

/** A piece of SQL with its parameters, composed into the statements below. */
export type Fragment = RawBuilder<unknown>;

/** Columns of a ContactRecord, selected from `contacts c LEFT JOIN contact_lists l`. */
export const CONTACT_COLUMNS = sql`
  c.id, c.user_id AS "userId", c.first_name AS "firstName", c.last_name AS "lastName", c.email,
  c.phone_number AS "phoneNumber", c.notes, c.list_id AS "listId", c.custom_reminder_days AS "customReminderDays", c.keep_in_touch AS "keepInTouch",
  c.last_contact_date AS "lastContactDate", c.overdue_at AS "overdueAt", c.reminder_date AS "reminderDate",
  c.reminder_notes AS "reminderNotes", c.snoozed_until AS "snoozedUntil", c.birthday, c.company, c.job_title AS "jobTitle",
  c.phones, c.emails, c.address, c.website,
  c.address_city AS "city", c.address_region AS "region", c.address_postal_code AS "postalCode", c.address_country AS "country", c.name_prefix AS "namePrefix", c.created_at AS "createdAt", c.updated_at AS "updatedAt",
  l.name AS "listName", l.color AS "listColor", l.description AS "listDescription", l.reminder_days AS "listReminderDays",
  l.keep_in_touch AS "listKeepInTouch"`;

export const CONTACTS_WITH_LIST = sql`contacts c LEFT JOIN contact_lists l ON l.id = c.list_id`;

export interface ContactFilter {
  userId: string;
  /** One list's contacts; null for the contacts without a list; absent for every contact. */
  listId?: string | null;
  search?: string;
  /** Only contacts overdue at `now`. */
  overdue?: boolean;
  now: Date;
}

/** `%term%` for LIKE with the user's own %, _ and \ taken literally. */
export function substringPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * The search condition: the term, folded in the database by the same search_fold as
 * contacts.search_text (so both sides agree on every letter), or, for a term written like a phone
 * number, one of its digit forms (contracts' phoneSearchTerms). Each is a LIKE on the trigram-indexed
 * column; the statement is planned for its own term, so search_fold(term) is folded to a constant
 * pattern and the index serves every branch (one bitmap OR).
 */
export function searchCondition(search: string): Fragment {
  const term = search.trim();
  // Escaped after folding: unaccent turns full-width "％" and "＿" into LIKE's wildcards.
  const folded = sql`'%' || regexp_replace(search_fold(${term}), '([\\\\%_])', '\\\\\\1', 'g') || '%'`;
  const branches = [sql`c.search_text LIKE ${folded}`];
  for (const digits of phoneSearchTerms(term)) branches.push(sql`c.search_text LIKE ${substringPattern(digits)}`);
  return branches.length === 1 ? branches[0]! : sql`(${sql.join(branches, sql` OR `)})`;
}

/** WHERE clause for the contacts page; every branch is served by an index of 0001_init.sql. */
export function contactWhere(filter: ContactFilter): Fragment {
  const conditions = [sql`c.user_id = ${filter.userId}::uuid`];
  if (filter.listId) conditions.push(sql`c.list_id = ${filter.listId}::uuid`);
  if (filter.listId === null) conditions.push(sql`c.list_id IS NULL`);
  if (filter.overdue) conditions.push(overdueSql(filter.now));
  if (filter.search) conditions.push(searchCondition(filter.search));
  return sql.join(conditions, sql` AND `);
}

/**
 * The ids of one page in `orderBy`. The planner takes a search's matches to be spread evenly
 * through the sort order and walks its index, filtering, until a page has passed; matches that
 * sit together made that walk read nearly every contact ("zoe" by first name: 97 000 rows, 113 ms
 * at 100 000 contacts). A search with few matches (`matches`, its count) therefore sorts its
 * matches instead; the sub-select, kept apart by OFFSET 0, cannot be answered from the sort's index.
 */
export function pageIds(
  filter: ContactFilter,
  orderBy: Fragment,
  window: Fragment,
  matches?: number,
  withList = false,
): Fragment {
  const where = contactWhere(filter);
  // The priority order reads the list's interval and switch (`l`); the other orders need no join.
  const list = withList ? sql` LEFT JOIN contact_lists l ON l.id = c.list_id` : sql``;
  if (filter.search && matches !== undefined && matches <= SEARCH_SORTS_MATCHES_UP_TO)
    return sql`SELECT c.id FROM (SELECT * FROM contacts c WHERE ${where} OFFSET 0) c${list} ORDER BY ${orderBy} ${window}`;
  return sql`SELECT c.id FROM contacts c${list} WHERE ${where} ORDER BY ${orderBy} ${window}`;
}

/** Whether the filter narrows the user's contacts at all (an unfiltered page reads a kept total). */
export function narrows(filter: ContactFilter): boolean {
  return filter.listId !== undefined || Boolean(filter.overdue || filter.search);
}

/**
 * A sub-select giving the filter's total. Unfiltered, it is the row contact_totals keeps per user
 * (0002_contact_totals.sql); a narrowed page counts its matches.
 */
export function contactTotal(filter: ContactFilter): Fragment {
  if (!narrows(filter))
    return sql`coalesce((SELECT total FROM contact_totals WHERE user_id = ${filter.userId}::uuid), 0)`;
  return sql`(SELECT count(*)::int FROM contacts c WHERE ${contactWhere(filter)})`;
}

/** The user's data version (0008_contact_data_versions.sql) as text; '0' before their first write. */
export function dataVersion(userId: string): Fragment {
  return sql`coalesce((SELECT version FROM contact_data_versions WHERE user_id = ${userId}::uuid), 0)::text`;
}

/** When the next of the user's contacts falls due after `now` (null: none will); one index probe. */
export function nextDueAfter(userId: string, now: Date): Fragment {
  return sql`(SELECT min(c.overdue_at) FROM contacts c WHERE c.user_id = ${userId}::uuid AND c.overdue_at > ${now})`;
}

/**
 * The filter's count with what it depends on (see ContactCountCache): "totalCount", "dataVersion"
 * and, when being overdue is part of the question, "nextDue".
 */
export function countColumns(filter: ContactFilter): Fragment {
  const nextDue = filter.overdue ? nextDueAfter(filter.userId, filter.now) : sql`NULL::timestamptz`;
  return sql`${contactTotal(filter)} AS "totalCount", ${dataVersion(filter.userId)} AS "dataVersion", ${nextDue} AS "nextDue"`;
}

/** What a count answers, as the key it is kept under: the same question spelled differently is one key. */
export function countKey(kind: 'total' | 'sections', filter: ContactFilter): string {
  const scope = filter.listId === undefined ? '*' : (filter.listId ?? 'none');
  const search = filter.search ? filter.search.trim().toLowerCase() : '';
  return JSON.stringify([kind, filter.userId, scope, Boolean(filter.overdue), search]);
}

/**
 * ORDER BY for a sort, always ending in the id so pages are stable. Never contacted counts as
 * the longest ago: first when sorting by last contact ascending, last when descending.
 */
export function contactOrderBy(sortBy: ContactSortBy, sortOrder: SortOrder, now: Date = new Date()): Fragment {
  const direction = sortOrder === 'desc' ? 'DESC' : 'ASC';
  switch (sortBy) {
    case 'priority':
      // Ascending, like a ranking: the most important first.
      return priorityOrderSql(now, sortOrder === 'desc');
    case 'name':
      return sql.raw(`lower(c.first_name) ${direction}, lower(c.last_name) ${direction}, c.id ${direction}`);
    case 'updated':
      return sql.raw(`c.updated_at ${direction}, c.id ${direction}`);
    case 'created':
      return sql.raw(`c.created_at ${direction}, c.id ${direction}`);
    case 'lastContact':
      return sql.raw(
        `c.last_contact_date ${direction} ${direction === 'ASC' ? 'NULLS FIRST' : 'NULLS LAST'}, c.id ${direction}`,
      );
    default: {
      const unknownSort: never = sortBy;
      throw new Error(`Unknown sort ${String(unknownSort)}`);
    }
  }
}

/** Most overdue first: never contacted (the epoch), then the earliest due date. */
export const MOST_OVERDUE_FIRST = sql`c.overdue_at ASC, c.id ASC`;
