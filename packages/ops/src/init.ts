import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { NATS_PEERS } from '@kith/contracts';
import { DATABASE_SERVICES, ROOT, SecretFile } from './layout.js';
import {
  type DatabaseAddress,
  ensureSecrets,
  type FileOwner,
  randomPassword,
  readSecret,
  writeSecretFile,
} from './secrets.js';

export interface InitOptions {
  secretsDir: string;
  /** The PostgreSQL superuser's password (created here on the first start; the postgres container reads it). */
  postgresPasswordFile: string;
  /** Where nats-server's configuration goes, with the NATS passwords in it. */
  natsConfigFile: string;
  database: DatabaseAddress;
  /** Owner of the secrets the Kith processes read. */
  owner?: FileOwner;
  /** How long to wait for PostgreSQL to accept connections. */
  waitMs?: number;
  log?: (message: string) => void;
}

/**
 * The one-shot first step of every `docker compose up`: creates the secrets an installation lacks
 * (and keeps the others), writes nats-server's configuration, and gives each service a
 * PostgreSQL role that owns its database and nothing else. Safe to run any number of times.
 */
export async function init(options: InitOptions): Promise<void> {
  const log = options.log ?? console.log;
  const created = ensureSecrets(options.secretsDir, options.database, options.owner);
  log(created.length ? `created secrets: ${created.join(', ')}` : 'secrets: all present, unchanged');

  mkdirSync(dirname(options.postgresPasswordFile), { recursive: true, mode: 0o700 });
  if (!existsSync(options.postgresPasswordFile)) {
    writeSecretFile(options.postgresPasswordFile, `${randomPassword()}\n`);
    log('created the PostgreSQL superuser password');
  }

  mkdirSync(dirname(options.natsConfigFile), { recursive: true, mode: 0o700 });
  writeSecretFile(options.natsConfigFile, natsConfigWithPasswords(options.secretsDir));
  log(`wrote ${options.natsConfigFile}`);

  const superuserPassword = readFileSync(options.postgresPasswordFile, 'utf8').trim();
  const admin = await connectWhenReady(
    {
      host: options.database.host,
      port: options.database.port,
      user: 'postgres',
      password: superuserPassword,
      database: 'postgres',
    },
    options.waitMs ?? 60_000,
  );
  try {
    for (const service of DATABASE_SERVICES) {
      const url = new URL(readSecret(options.secretsDir, SecretFile.databaseUrl(service)));
      await ensureOwnedDatabase(
        admin,
        decodeURIComponent(url.username),
        decodeURIComponent(url.password),
        url.pathname.slice(1),
      );
      log(`database ${url.pathname.slice(1)}: owned by role ${url.username}`);
    }
  } finally {
    await admin.end();
  }
}

/**
 * deploy/nats-server.conf (generated from the permission table in @kith/contracts) reads each
 * password as `$NATS_<PEER>_PASSWORD`; variables defined at the top of the file resolve them, so
 * nats-server needs neither a shell nor its environment (the official image has neither).
 */
export function natsConfigWithPasswords(secretsDir: string): string {
  const definitions = NATS_PEERS.map(
    (peer) =>
      `NATS_${peer.toUpperCase()}_PASSWORD: ${JSON.stringify(readSecret(secretsDir, SecretFile.natsPassword(peer)))}`,
  );
  return [
    '# Written by `kith init` at every start: the NATS passwords, then deploy/nats-server.conf.',
    ...definitions,
    '',
    readFileSync(join(ROOT, 'deploy', 'nats-server.conf'), 'utf8'),
  ].join('\n');
}

async function connectWhenReady(config: pg.ClientConfig, waitMs: number): Promise<pg.Client> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const client = new pg.Client(config);
    try {
      await client.connect();
      return client;
    } catch (error) {
      await client.end().catch(() => undefined);
      // 57P03: the server is starting up. A refused or unresolved address: the container is not up yet.
      const code = (error as { code?: string }).code;
      const transient = code === '57P03' || code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN';
      if (!transient || Date.now() > deadline) throw error;
      await sleep(500);
    }
  }
}

/**
 * A login role that is no superuser and may create nothing outside its database, and that
 * database, owned by it. The password is set on every run, so the secret file stays the truth.
 * Other roles may not even connect to it.
 */
async function ensureOwnedDatabase(admin: pg.Client, role: string, password: string, database: string): Promise<void> {
  const roleName = admin.escapeIdentifier(role);
  const exists = await admin.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role]);
  await admin.query(
    `${exists.rowCount ? 'ALTER' : 'CREATE'} ROLE ${roleName} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD ${admin.escapeLiteral(password)}`,
  );
  const owner = await admin.query<{ owner: string }>(
    'SELECT pg_get_userbyid(datdba) AS owner FROM pg_database WHERE datname = $1',
    [database],
  );
  const databaseName = admin.escapeIdentifier(database);
  if (!owner.rowCount) await admin.query(`CREATE DATABASE ${databaseName} OWNER ${roleName}`);
  else if (owner.rows[0]!.owner !== role) await admin.query(`ALTER DATABASE ${databaseName} OWNER TO ${roleName}`);
  await admin.query(`REVOKE ALL ON DATABASE ${databaseName} FROM PUBLIC`);
}
