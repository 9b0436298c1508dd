import {
  chmodSync,
  copyFileSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import * as tar from 'tar';
import { type BackupManifest, type DatabaseDump, MANIFEST_FILE, tableFile } from './archive.js';
import { appliedMigrations, columnList, describeDatabase } from './database-dump.js';
import { ALL_SECRET_FILES, DATABASE_SERVICES, type DatabaseService } from './layout.js';

export interface BackupSource {
  /** Each service's database, reached as the role that owns it. */
  databases: Record<DatabaseService, string>;
  /** The installation's secrets directory; every known secret in it goes into the archive. */
  secretsDir: string;
}

/**
 * Writes one archive (tar.gz, mode 0600: it holds the keys) of every service's database and the
 * secrets. Each database is read inside one REPEATABLE READ transaction, and the three
 * transactions start together, before any row is read: every table of a database is as of one
 * instant, and the databases as of the same moment give or take the milliseconds between three
 * BEGINs. Nothing is locked: Kith keeps serving while a backup runs.
 */
export async function backup(source: BackupSource, outFile: string): Promise<BackupManifest> {
  mkdirSync(dirname(outFile), { recursive: true });
  const work = mkdtempSync(join(dirname(outFile), '.kith-backup-'));
  const clients = Object.fromEntries(
    DATABASE_SERVICES.map((service) => [service, new pg.Client({ connectionString: source.databases[service] })]),
  ) as Record<DatabaseService, pg.Client>;
  try {
    await Promise.all(Object.values(clients).map((client) => client.connect()));
    await Promise.all(
      Object.values(clients).map(async (client) => {
        await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
        // The snapshot is taken at a transaction's first statement, not at BEGIN.
        await client.query('SELECT 1');
      }),
    );
    const databases = {} as Record<DatabaseService, DatabaseDump>;
    for (const service of DATABASE_SERVICES) databases[service] = await dumpDatabase(clients[service], service, work);

    mkdirSync(join(work, 'secrets'), { mode: 0o700 });
    const secrets = ALL_SECRET_FILES.filter((name) => existsSync(join(source.secretsDir, name)));
    for (const name of secrets) copyFileSync(join(source.secretsDir, name), join(work, 'secrets', name));

    const manifest: BackupManifest = {
      format: 'kith-backup',
      version: 1,
      createdAt: new Date().toISOString(),
      databases,
      secrets,
    };
    writeFileSync(join(work, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    const partial = join(dirname(outFile), `.${basename(outFile)}.partial`);
    // The manifest first, so a reader learns what follows before reading it.
    await tar.create({ gzip: true, file: partial, cwd: work, portable: true }, [MANIFEST_FILE, 'secrets', 'databases']);
    chmodSync(partial, 0o600);
    renameSync(partial, outFile);
    return manifest;
  } finally {
    await Promise.all(Object.values(clients).map((client) => client.end().catch(() => undefined)));
    rmSync(work, { recursive: true, force: true });
  }
}

async function dumpDatabase(client: pg.Client, service: DatabaseService, work: string): Promise<DatabaseDump> {
  const migrations = await appliedMigrations(client);
  const contents = await describeDatabase(client);
  mkdirSync(join(work, 'databases', service), { recursive: true });
  const tables: DatabaseDump['tables'] = [];
  for (const { name, columns } of contents.tables) {
    const table = client.escapeIdentifier(name);
    const { rows } = await client.query<{ count: string }>(`SELECT count(*) AS count FROM ${table}`);
    const file = tableFile(service, name);
    await pipeline(
      client.query(copyTo(`COPY (SELECT ${columnList(client, columns)} FROM ${table}) TO STDOUT`)),
      createWriteStream(join(work, file)),
    );
    tables.push({ name, columns, rows: Number(rows[0]!.count), file });
  }
  const sequences: DatabaseDump['sequences'] = [];
  for (const name of contents.sequences) {
    const { rows } = await client.query<{ last_value: string; is_called: boolean }>(
      `SELECT last_value::text, is_called FROM ${client.escapeIdentifier(name)}`,
    );
    sequences.push({ name, lastValue: rows[0]!.last_value, isCalled: rows[0]!.is_called });
  }
  return { migrations, tables, sequences };
}
