import pg from 'pg';
import { runner } from 'node-pg-migrate';

/** Creates the database named in `databaseUrl` if it does not exist (connecting to `postgres`). */
export async function ensureDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!/^[a-zA-Z0-9_]+$/.test(name)) throw new Error(`Refusing to create database with unsafe name "${name}"`);
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) {
      // Two replicas may race here; a duplicate_database error means the other one won.
      await admin.query(`CREATE DATABASE "${name}"`).catch((error: { code?: string }) => {
        if (error.code !== '42P04' && error.code !== '23505') throw error;
      });
    }
  } finally {
    await admin.end();
  }
}

/**
 * Applies the service's SQL migrations (node-pg-migrate takes an advisory lock, so replicas
 * starting together apply each migration once).
 */
export async function runMigrations(
  databaseUrl: string,
  migrationsDir: string,
  log: (message: string) => void = () => {},
): Promise<void> {
  await runner({
    databaseUrl,
    dir: migrationsDir,
    direction: 'up',
    migrationsTable: 'pgmigrations',
    checkOrder: true,
    log,
    noLock: false,
  });
}

/** Ensure + migrate: what every service does before it listens. */
export async function prepareDatabase(
  databaseUrl: string,
  migrationsDir: string,
  log?: (message: string) => void,
): Promise<void> {
  await ensureDatabase(databaseUrl);
  await runMigrations(databaseUrl, migrationsDir, log);
}

/** BEGIN … COMMIT on one pooled connection; any error rolls back and is rethrown. */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
