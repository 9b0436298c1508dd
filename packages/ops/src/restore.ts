import { createReadStream, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { runner } from 'node-pg-migrate';
import * as tar from 'tar';
import { type BackupManifest, type DatabaseDump, MANIFEST_FILE } from './archive.js';
import { columnList } from './database-dump.js';
import { DATA_SECRET_FILES, DATABASE_SERVICES, type DatabaseService, migrationsDirOf } from './layout.js';
import { type FileOwner, writeSecretFile } from './secrets.js';

export interface RestoreTarget {
  databases: Record<DatabaseService, string>;
  secretsDir: string;
  owner?: FileOwner;
  log?: (message: string) => void;
}

/** The migrations this build carries for a service, in the order they apply (node-pg-migrate names them by file). */
export function availableMigrations(service: DatabaseService): string[] {
  return readdirSync(migrationsDirOf(service))
    .filter((file) => file.endsWith('.sql'))
    .map((file) => file.replace(/\.sql$/, ''))
    .sort();
}

/**
 * Puts an installation back to the state of an archive: each service's database is emptied,
 * migrated to the archive's schema, loaded with its rows (triggers off: the rows already hold
 * what triggers computed, e.g. CardDAV change numbers), then migrated to this build's schema,
 * so an archive of an older release restores into a newer one. Then the keys the data needs
 * (token signing, two-factor sealing) are written back. The archive is checked whole before any
 * database is touched. Restart every Kith process afterwards: they hold the old keys in memory.
 */
export async function restore(archiveFile: string, target: RestoreTarget): Promise<BackupManifest> {
  const log = target.log ?? (() => {});
  const work = mkdtempSync(join(tmpdir(), 'kith-restore-'));
  try {
    await tar.extract({ file: archiveFile, cwd: work, strict: true });
    const manifest = readManifest(work);
    for (const service of DATABASE_SERVICES) checkRestorable(service, manifest.databases[service], work);
    for (const service of DATABASE_SERVICES) {
      await restoreDatabase(target.databases[service], service, manifest.databases[service], work);
      log(
        `${service}: ${manifest.databases[service].tables.reduce((sum, table) => sum + table.rows, 0)} rows restored`,
      );
    }
    for (const name of DATA_SECRET_FILES.filter((file) => manifest.secrets.includes(file))) {
      writeSecretFile(join(target.secretsDir, name), readFileSync(join(work, 'secrets', name), 'utf8'), target.owner);
    }
    return manifest;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function readManifest(work: string): BackupManifest {
  const path = join(work, MANIFEST_FILE);
  if (!existsSync(path)) throw new Error(`Not a Kith backup: ${MANIFEST_FILE} is missing`);
  const manifest = JSON.parse(readFileSync(path, 'utf8')) as BackupManifest;
  if (manifest.format !== 'kith-backup' || manifest.version !== 1) {
    throw new Error(`Not a Kith backup this version can read (format ${manifest.format}, version ${manifest.version})`);
  }
  return manifest;
}

/** An archive restores when this build has every migration it had, in the same order, and its files are all there. */
function checkRestorable(service: DatabaseService, dump: DatabaseDump | undefined, work: string): void {
  if (!dump) throw new Error(`The backup has no ${service} database`);
  const available = availableMigrations(service);
  const mismatch = dump.migrations.findIndex((name, index) => available[index] !== name);
  if (mismatch !== -1) {
    throw new Error(
      `The backup's ${service} database has migration ${dump.migrations[mismatch]}, which this version of Kith ` +
        'does not have there: restore it with the version that made it (or a newer one)',
    );
  }
  for (const table of dump.tables) {
    if (!existsSync(join(work, table.file))) throw new Error(`The backup is incomplete: ${table.file} is missing`);
  }
}

async function migrate(databaseUrl: string, service: DatabaseService, count?: number): Promise<void> {
  await runner({
    databaseUrl,
    dir: migrationsDirOf(service),
    direction: 'up',
    migrationsTable: 'pgmigrations',
    checkOrder: true,
    log: () => {},
    ...(count === undefined ? {} : { count }),
  });
}

async function restoreDatabase(databaseUrl: string, service: DatabaseService, dump: DatabaseDump, work: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // The database's owner may drop its public schema with everything in it, whoever made each object.
    await client.query('DROP SCHEMA IF EXISTS public CASCADE');
    await client.query('CREATE SCHEMA public');
    if (dump.migrations.length > 0) await migrate(databaseUrl, service, dump.migrations.length);
    await client.query('BEGIN');
    const tables = dump.tables.map((table) => client.escapeIdentifier(table.name));
    for (const table of tables) await client.query(`ALTER TABLE ${table} DISABLE TRIGGER USER`);
    // Migrations may have inserted rows of their own; the archive holds the real ones.
    if (tables.length) await client.query(`TRUNCATE ${tables.join(', ')}`);
    for (const table of dump.tables) {
      const name = client.escapeIdentifier(table.name);
      await pipeline(
        createReadStream(join(work, table.file)),
        client.query(copyFrom(`COPY ${name} (${columnList(client, table.columns)}) FROM STDIN`)),
      );
      const { rows } = await client.query<{ count: string }>(`SELECT count(*) AS count FROM ${name}`);
      if (Number(rows[0]!.count) !== table.rows) {
        throw new Error(`${service}.${table.name}: ${rows[0]!.count} rows loaded, the backup has ${table.rows}`);
      }
    }
    for (const table of tables) await client.query(`ALTER TABLE ${table} ENABLE TRIGGER USER`);
    for (const sequence of dump.sequences) {
      await client.query('SELECT setval($1::regclass, $2::bigint, $3)', [
        client.escapeIdentifier(sequence.name),
        sequence.lastValue,
        sequence.isCalled,
      ]);
    }
    // A service's own step after a restore (CardDAV keeps clients from trusting what they saw after the backup).
    const hook = await client.query(`SELECT to_regprocedure('public.kith_after_restore()') IS NOT NULL AS present`);
    if (hook.rows[0].present) await client.query('SELECT kith_after_restore()');
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
  await migrate(databaseUrl, service);
}
