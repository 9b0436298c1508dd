import pg from 'pg';

/** What a service's database holds besides its migrations table: tables in load order, and sequences. */
export interface DatabaseContents {
  tables: { name: string; columns: string[] }[];
  sequences: string[];
}

/**
 * The tables of the `public` schema (every migration creates its objects there), parents before
 * the tables whose foreign keys point at them, so rows load without deferring any constraint.
 */
export async function describeDatabase(client: pg.ClientBase): Promise<DatabaseContents> {
  const { rows } = await client.query<{ name: string; refs: string[]; columns: string[] }>(
    `SELECT c.relname AS name,
            ARRAY(SELECT DISTINCT r.relname FROM pg_constraint k JOIN pg_class r ON r.oid = k.confrelid
                  WHERE k.conrelid = c.oid AND k.contype = 'f' AND k.confrelid <> c.oid ORDER BY 1)::text[] AS refs,
            ARRAY(SELECT a.attname FROM pg_attribute a
                  WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
                  ORDER BY a.attnum)::text[] AS columns
     FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition AND c.relname <> 'pgmigrations'
     ORDER BY c.relname`,
  );
  const sequences = await client.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind = 'S' AND c.relname NOT LIKE 'pgmigrations%' ORDER BY 1`,
  );
  return { tables: loadOrder(rows), sequences: sequences.rows.map((row) => row.name) };
}

/** Topological order over foreign keys; a cycle (none in Kith's schemas) is refused rather than half-loaded. */
export function loadOrder<Table extends { name: string; refs: string[] }>(tables: Table[]): Table[] {
  const byName = new Map(tables.map((table) => [table.name, table]));
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const ordered: Table[] = [];
  const visit = (table: Table) => {
    if (placed.has(table.name)) return;
    if (visiting.has(table.name)) throw new Error(`Foreign keys form a cycle through table ${table.name}`);
    visiting.add(table.name);
    for (const ref of table.refs) {
      const parent = byName.get(ref);
      if (parent) visit(parent);
    }
    visiting.delete(table.name);
    placed.add(table.name);
    ordered.push(table);
  };
  tables.forEach(visit);
  return ordered;
}

export const columnList = (client: pg.ClientBase, columns: string[]) =>
  columns.map((column) => client.escapeIdentifier(column)).join(', ');

/** The migrations a database has applied, in the order they ran. */
export async function appliedMigrations(client: pg.ClientBase): Promise<string[]> {
  const exists = await client.query(`SELECT to_regclass('public.pgmigrations') IS NOT NULL AS present`);
  if (!exists.rows[0].present) return [];
  const { rows } = await client.query<{ name: string }>('SELECT name FROM pgmigrations ORDER BY id');
  return rows.map((row) => row.name);
}
