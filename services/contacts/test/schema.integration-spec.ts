import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { committedDbTypes, dbTypesOf, startTestStack, type TestStack } from '@kith/stack/testing';
import { contactOrderBy, type ContactFilter, type Fragment, pageIds } from '../src/contacts/contact-query.sql.js';
import { emailKey, nameKey, phoneKey } from '../src/import/duplicates.js';

let stack: TestStack;
let db: pg.Client;
/** Runs the service's SQL fragments as the service does. */
let kysely: Kysely<unknown>;

beforeAll(async () => {
  stack = await startTestStack({ services: ['contacts'] });
  db = new pg.Client({ connectionString: stack.databaseUrls.contacts });
  await db.connect();
  kysely = new Kysely({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: stack.databaseUrls.contacts, max: 1 }) }),
  });
}, 120_000);
afterAll(async () => {
  await kysely?.destroy();
  await db?.end();
  await stack?.stop();
});

describe('database schema', () => {
  it('is what the committed table types describe (regenerate them with `npm run db-types -w @kith/contacts`)', async () => {
    expect(committedDbTypes('contacts')).toBe(await dbTypesOf('contacts', stack.databaseUrls.contacts));
  });

  it('computes the duplicate keys exactly like the import normalisers', async () => {
    const samples = [
      { first: 'Ann', last: 'Lee', email: 'Ann.Lee@Example.COM', phone: '+1 (905) 555-1234' },
      { first: 'José', last: 'Álvarez', email: null, phone: '0044 20 7946 0000' },
      { first: 'Bo', last: 'Li  Wu', email: 'bo@x.org', phone: '(555) 010-0000 ext' },
      { first: 'Zed', last: 'Alone', email: null, phone: 'n/a' },
    ];
    const userId = '00000000-0000-4000-8000-00000000beef';
    for (const sample of samples) {
      const { rows } = await db.query(
        `INSERT INTO contacts (user_id, first_name, last_name, email, phone_number) VALUES ($1, $2, $3, $4, $5)
         RETURNING email_key, phone_key, name_key`,
        [userId, sample.first, sample.last, sample.email, sample.phone],
      );
      expect(rows[0]).toEqual({
        email_key: emailKey(sample.email),
        phone_key: phoneKey(sample.phone),
        name_key: nameKey(sample.first, sample.last),
      });
    }
  });

  it("keeps contact_totals equal to each user's count through single, batch and cascading writes", async () => {
    const alice = '00000000-0000-4000-8000-0000000a11ce';
    const bob = '00000000-0000-4000-8000-000000000b0b';
    const totals = async () => {
      const { rows } = await db.query<{ user_id: string; total: number }>(
        'SELECT user_id, total FROM contact_totals WHERE user_id = ANY($1::uuid[]) ORDER BY user_id',
        [[alice, bob]],
      );
      return Object.fromEntries(rows.map((row) => [row.user_id, row.total]));
    };
    const counted = async () => {
      const { rows } = await db.query<{ user_id: string; total: number }>(
        'SELECT user_id, count(*)::int AS total FROM contacts WHERE user_id = ANY($1::uuid[]) GROUP BY user_id ORDER BY user_id',
        [[alice, bob]],
      );
      return Object.fromEntries(rows.map((row) => [row.user_id, row.total]));
    };
    await db.query(`INSERT INTO contacts (user_id, first_name, last_name) VALUES ($1, 'A', 'One')`, [alice]);
    await db.query(
      `INSERT INTO contacts (user_id, first_name, last_name)
       SELECT CASE WHEN g % 3 = 0 THEN $2::uuid ELSE $1::uuid END, 'Batch', g::text FROM generate_series(1, 30) g`,
      [alice, bob],
    );
    expect(await totals()).toEqual({ [alice]: 21, [bob]: 10 });
    await db.query(`DELETE FROM contacts WHERE user_id = $1 AND last_name IN ('1', '2', '4')`, [alice]);
    // A failed statement changes nothing, the total included.
    await expect(
      db.query(
        `INSERT INTO contacts (user_id, first_name, last_name, custom_reminder_days) VALUES ($1, 'Bad', 'Days', 0)`,
        [bob],
      ),
    ).rejects.toThrow(/custom_reminder_days_check/);
    expect(await totals()).toEqual(await counted());
    expect(await totals()).toEqual({ [alice]: 18, [bob]: 10 });

    await expect(db.query('UPDATE contacts SET user_id = $1 WHERE user_id = $2', [alice, bob])).rejects.toThrow(
      /user_id cannot change/,
    );
    await db.query(`UPDATE contacts SET first_name = 'Renamed' WHERE user_id = $1`, [bob]);
    expect(await totals()).toEqual({ [alice]: 18, [bob]: 10 });

    await db.query('DELETE FROM contacts WHERE user_id = $1', [bob]);
    expect(await totals()).toEqual({ [alice]: 18, [bob]: 0 });
  });

  it("moves a user's data version with every write to their contacts or lists, and only theirs", async () => {
    const carol = '00000000-0000-4000-8000-0000000ca201';
    const dave = '00000000-0000-4000-8000-00000000da4e';
    const versions = async () => {
      const { rows } = await db.query<{ user_id: string; version: string }>(
        'SELECT user_id, version FROM contact_data_versions WHERE user_id = ANY($1::uuid[])',
        [[carol, dave]],
      );
      return Object.fromEntries(rows.map((row) => [row.user_id, BigInt(row.version)]));
    };
    const seen: bigint[] = [];
    /** Runs the write and expects exactly `movedFor`'s version to move, to a number never seen before. */
    const expectMoves = async (write: () => Promise<unknown>, movedFor: string[]) => {
      const before = await versions();
      await write();
      const after = await versions();
      for (const user of [carol, dave]) {
        if (movedFor.includes(user)) {
          expect(after[user]).toBeGreaterThan(before[user] ?? 0n);
          expect(seen).not.toContain(after[user]);
          seen.push(after[user]);
        } else expect(after[user]).toBe(before[user]);
      }
    };
    await expectMoves(
      () =>
        db.query(
          `INSERT INTO contact_lists (user_id, name, color, reminder_days) VALUES ($1, 'Friends', '#3b82f6', 30)`,
          [carol],
        ),
      [carol],
    );
    await expectMoves(
      () =>
        db.query(
          `INSERT INTO contacts (user_id, first_name, last_name)
           SELECT CASE WHEN g % 2 = 0 THEN $2::uuid ELSE $1::uuid END, 'Batch', g::text FROM generate_series(1, 10) g`,
          [carol, dave],
        ),
      [carol, dave],
    );
    await expectMoves(() => db.query(`UPDATE contacts SET notes = 'met' WHERE user_id = $1`, [dave]), [dave]);
    await expectMoves(
      () => db.query(`UPDATE contacts SET overdue_at = now() WHERE user_id = $1 AND last_name = '1'`, [carol]),
      [carol],
    );
    await expectMoves(
      () => db.query(`UPDATE contact_lists SET name = 'Close friends' WHERE user_id = $1`, [carol]),
      [carol],
    );
    // Deleting the list leaves its contacts without one (ON DELETE SET NULL): both are writes of carol's.
    await db.query(
      `UPDATE contacts SET list_id = (SELECT id FROM contact_lists WHERE user_id = $1) WHERE user_id = $1`,
      [carol],
    );
    await expectMoves(() => db.query(`DELETE FROM contact_lists WHERE user_id = $1`, [carol]), [carol]);
    await expectMoves(() => db.query(`DELETE FROM contacts WHERE user_id = $1 AND last_name = '2'`, [dave]), [dave]);
    // A statement that fails moves nothing.
    await expectMoves(
      () =>
        db
          .query(
            `INSERT INTO contacts (user_id, first_name, last_name, custom_reminder_days) VALUES ($1, 'Bad', 'Days', 0)`,
            [carol],
          )
          .catch((error: Error) => expect(error.message).toMatch(/custom_reminder_days_check/)),
      [],
    );
  });

  it('numbers every card change of a big transaction distinctly and in order, touching the counter O(log n) times', async () => {
    const erin = '00000000-0000-4000-8000-00000000e414';
    const frank = '00000000-0000-4000-8000-00000000f4a2';
    const counter = async (user: string) =>
      BigInt(
        (await db.query<{ revision: string }>('SELECT revision FROM dav_sync_state WHERE user_id = $1', [user])).rows[0]
          ?.revision ?? 0,
      );
    await db.query(`INSERT INTO contacts (user_id, first_name, last_name) VALUES ($1, 'Before', 'Import')`, [erin]);
    const before = await counter(erin);

    // A connection of its own: a backend's transaction statistics also hold its earlier, unflushed ones.
    const importer = new pg.Client({ connectionString: stack.databaseUrls.contacts });
    await importer.connect();
    try {
      await importer.query('BEGIN');
      await importer.query(
        `INSERT INTO contacts (user_id, first_name, last_name) SELECT $1, 'Imported', g::text FROM generate_series(1, 5000) g`,
        [erin],
      );
      // Another user in the same transaction gets numbers of their own counter; erin's go on after.
      await importer.query(`INSERT INTO contacts (user_id, first_name, last_name) VALUES ($1, 'Frank', 'Between')`, [
        frank,
      ]);
      await importer.query(`INSERT INTO contacts (user_id, first_name, last_name) VALUES ($1, 'Last', 'Import')`, [
        erin,
      ]);
      const { rows: writes } = await importer.query<{ writes: number }>(
        `SELECT (n_tup_ins + n_tup_upd)::int AS writes FROM pg_stat_xact_user_tables WHERE relname = 'dav_sync_state'`,
      );
      await importer.query('COMMIT');
      // One upsert per contact was 5 002 versions of two counter rows, each walked past by the next.
      expect(writes[0]!.writes).toBeLessThanOrEqual(20);
    } finally {
      await importer.end();
    }

    const { rows } = await db.query<{ revision: string }>(
      `SELECT sync_revision::text AS revision FROM contacts WHERE user_id = $1 AND first_name <> 'Before' ORDER BY sync_revision`,
      [erin],
    );
    const numbers = rows.map((row) => BigInt(row.revision));
    expect(numbers).toHaveLength(5001);
    expect(new Set(numbers).size).toBe(5001);
    expect(numbers[0]).toBeGreaterThan(before);
    expect(await counter(erin)).toBeGreaterThanOrEqual(numbers.at(-1)!);
    expect(await counter(frank)).toBeGreaterThan(0n);
    // The next transaction's number is above all of them: a sync token taken now misses none.
    await db.query(`UPDATE contacts SET notes = 'later' WHERE user_id = $1 AND first_name = 'Before'`, [erin]);
    const later = await db.query<{ revision: string }>(
      `SELECT sync_revision::text AS revision FROM contacts WHERE user_id = $1 AND first_name = 'Before'`,
      [erin],
    );
    expect(BigInt(later.rows[0]!.revision)).toBeGreaterThan(numbers.at(-1)!);
  });

  it('picks a page in name order from the index alone: all contacts, overdue, one list, no list', async () => {
    const grace = '00000000-0000-4000-8000-0000000097ac';
    const { rows: lists } = await db.query<{ id: string }>(
      `INSERT INTO contact_lists (user_id, name, color, reminder_days)
       SELECT $1, 'List ' || g, '#3b82f6', 30 FROM generate_series(1, 3) g RETURNING id`,
      [grace],
    );
    await db.query(
      `INSERT INTO contacts (user_id, first_name, last_name, list_id, overdue_at)
       SELECT $1, 'First' || g, 'Last' || g, CASE WHEN g % 4 = 0 THEN NULL ELSE ($2::uuid[])[1 + g % 3] END,
              now() - (g % 5 - 2) * interval '1 day'
       FROM generate_series(1, 3000) g`,
      [grace, lists.map((list) => list.id)],
    );
    await db.query('VACUUM ANALYZE contacts');
    const now = new Date();
    const filters: ContactFilter[] = [
      { userId: grace, now },
      { userId: grace, now, overdue: true },
      { userId: grace, now, listId: lists[0]!.id },
      { userId: grace, now, listId: null, overdue: true },
    ];
    for (const filter of filters) {
      // The page's id selection as ContactsRepository runs it (ids first, then their rows).
      const plan = await explain(pageIds(filter, contactOrderBy('name', 'asc'), sql.raw('LIMIT 50 OFFSET 0')));
      expect({ filter, plan }).toEqual({
        filter,
        plan: expect.stringMatching(/Index Only Scan using contacts_user_(list_)?name_idx/),
      });
    }
  });

  it('finds a search page by sorting few matches and walking the sort order for many, with the same pages either way', async () => {
    const zora = '00000000-0000-4000-8000-00000000a0e1';
    // 1 000 "Zoe"s come last by first name, after 6 000 "Abe"s: walking the name index for "zoe",
    // as the planner would (it takes them to be spread evenly), passes every Abe first.
    await db.query(
      `INSERT INTO contacts (user_id, first_name, last_name, overdue_at, updated_at)
       SELECT $1, CASE WHEN g % 7 = 0 THEN 'Zoe' ELSE 'Abe' || lpad(g::text, 4, '0') END, 'Last' || (g % 7),
              now(), now() - g * interval '1 minute'
       FROM generate_series(1, 7000) g`,
      [zora],
    );
    await db.query('VACUUM ANALYZE contacts');
    const now = new Date();
    const ids = async (statement: Fragment) =>
      (await sql<{ id: string }>`${statement}`.execute(kysely)).rows.map((row) => row.id);
    for (const [search, matches] of [
      ['zoe', 1000],
      ['abe', 6000],
    ] as const) {
      const filter = { userId: zora, now, search };
      expect(
        await ids(
          sql`SELECT c.id FROM contacts c WHERE c.user_id = ${zora}::uuid AND c.search_text LIKE ${`%${search}%`}`,
        ),
      ).toHaveLength(matches);
      for (const orderBy of [
        contactOrderBy('name', 'asc'),
        contactOrderBy('name', 'desc'),
        contactOrderBy('updated', 'desc'),
      ]) {
        for (const offset of [0, 50]) {
          const window = sql.raw(`LIMIT 50 OFFSET ${offset}`);
          const sorted = await ids(pageIds(filter, orderBy, window, 0));
          const walked = await ids(pageIds(filter, orderBy, window));
          expect({ search, order: orderBy.compile(kysely).sql, offset, sorted }).toEqual({
            search,
            order: orderBy.compile(kysely).sql,
            offset,
            sorted: walked,
          });
          expect(walked).toHaveLength(Math.min(50, matches - offset));
        }
      }
    }
    // Given its count, a narrow search sorts its matches; a broad one walks the name index.
    const byName = contactOrderBy('name', 'asc');
    const firstPage = sql.raw('LIMIT 50 OFFSET 0');
    const narrowPlan = await explain(pageIds({ userId: zora, now, search: 'zoe' }, byName, firstPage, 1000));
    expect(narrowPlan).toMatch(/Sort/);
    expect(narrowPlan).not.toMatch(/contacts_user_name_idx/);
    const broadPlan = await explain(pageIds({ userId: zora, now, search: 'abe' }, byName, firstPage, 6000));
    expect(broadPlan).toMatch(/Index (Only )?Scan using contacts_user_name_idx/);
  });
});

async function explain(statement: Fragment): Promise<string> {
  const { rows } = await sql<{ 'QUERY PLAN': string }>`EXPLAIN (FORMAT TEXT) ${statement}`.execute(kysely);
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}
