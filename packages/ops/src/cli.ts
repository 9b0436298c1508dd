#!/usr/bin/env node
// `kith`: what a deployment runs besides the services. In the image: `kith init` (the compose
// file's one-shot first step), `docker compose exec gateway kith backup`, `kith restore <file>`,
// and `kith backup-schedule` (the compose file's `backup` profile).
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { backup } from './backup.js';
import { backupFileName, nextRunAfter, pruneBackups } from './backup-rotation.js';
import { init } from './init.js';
import { restore } from './restore.js';
import { databaseUrlsFrom, type FileOwner } from './secrets.js';

const env = process.env;
const secretsDir = env.KITH_SECRETS_DIR ?? '/run/kith/secrets';
const backupDir = env.KITH_BACKUP_DIR ?? '/backups';
/** Run as root (the init container), files go to the image's `node` user (1000), which every Kith process runs as. */
const owner: FileOwner | undefined = process.getuid?.() === 0 ? { uid: 1000, gid: 1000 } : undefined;
const log = (message: string) => console.log(`[kith] ${message}`);

const USAGE = `Usage:
  kith init                 create missing secrets, nats-server's config, each service's database role
  kith backup [file]        write one archive of every database and the secrets (default: ${backupDir}/kith-<time>.tar.gz)
  kith restore <file>       put every database and the keys back as they were in that archive
  kith backup-schedule      take a backup every day at KITH_BACKUP_AT (UTC, default 03:00), keep KITH_BACKUP_KEEP (7)`;

async function takeBackup(file?: string): Promise<string> {
  const out = resolve(file ?? join(backupDir, backupFileName(new Date())));
  const started = Date.now();
  const manifest = await backup({ databases: databaseUrlsFrom(secretsDir), secretsDir }, out);
  const rows = Object.values(manifest.databases).reduce(
    (sum, dump) => sum + dump.tables.reduce((count, table) => count + table.rows, 0),
    0,
  );
  log(`backup written: ${out} (${rows} rows, ${manifest.secrets.length} secrets, ${Date.now() - started} ms)`);
  return out;
}

async function schedule(): Promise<never> {
  const at = env.KITH_BACKUP_AT ?? '03:00';
  const keep = Number(env.KITH_BACKUP_KEEP ?? 7);
  if (!Number.isInteger(keep) || keep < 1)
    throw new Error(`KITH_BACKUP_KEEP must be a whole number from 1, not "${env.KITH_BACKUP_KEEP}"`);
  for (;;) {
    const next = nextRunAfter(new Date(), at);
    log(`next backup at ${next.toISOString()}, keeping the newest ${keep} in ${backupDir}`);
    await new Promise((done) => setTimeout(done, next.getTime() - Date.now()));
    try {
      await takeBackup();
      const deleted = pruneBackups(backupDir, keep);
      if (deleted.length) log(`deleted older backups: ${deleted.join(', ')}`);
    } catch (error) {
      // The next night tries again; the failure is in the log for whoever watches it.
      console.error(`[kith] backup failed: ${(error as Error).message}`);
    }
  }
}

async function main(args: string[]): Promise<void> {
  const [command, argument] = args;
  switch (command) {
    case 'init':
      await init({
        secretsDir,
        postgresPasswordFile: env.POSTGRES_PASSWORD_FILE ?? '/run/kith/postgres/password',
        natsConfigFile: env.KITH_NATS_CONFIG ?? '/run/kith/nats/nats-server.conf',
        database: { host: env.POSTGRES_HOST ?? 'postgres', port: Number(env.POSTGRES_PORT ?? 5432) },
        owner,
        log,
      });
      return;
    case 'backup':
      await takeBackup(argument);
      return;
    case 'restore': {
      if (!argument) throw new Error(`kith restore needs the archive to restore\n${USAGE}`);
      const file = existsSync(argument) ? argument : join(backupDir, argument);
      const manifest = await restore(file, { databases: databaseUrlsFrom(secretsDir), secretsDir, owner, log });
      log(`restored the backup of ${manifest.createdAt}. Restart Kith now: docker compose restart`);
      return;
    }
    case 'backup-schedule':
      await schedule();
      return;
    default:
      console.log(USAGE);
      if (command && command !== 'help' && command !== '--help') process.exitCode = 2;
  }
}

main(process.argv.slice(2)).catch((error: Error) => {
  console.error(`[kith] ${error.message}`);
  process.exit(1);
});
