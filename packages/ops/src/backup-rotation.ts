import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/** `kith-20250131-030000.tar.gz`: names sort in time order. */
export const backupFileName = (at: Date): string =>
  `kith-${at.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15)}.tar.gz`;

const BACKUP_FILE = /^kith-\d{8}-\d{6}\.tar\.gz$/;

/** Deletes all but the newest `keep` backups in `dir` (only files named like backupFileName); returns the deleted names. */
export function pruneBackups(dir: string, keep: number): string[] {
  const backups = readdirSync(dir)
    .filter((name) => BACKUP_FILE.test(name))
    .sort();
  const doomed = backups.slice(0, Math.max(0, backups.length - keep));
  for (const name of doomed) rmSync(join(dir, name));
  return doomed;
}

/** The next time of day `hhmm` (UTC) strictly after `now`. */
export function nextRunAfter(now: Date, hhmm: string): Date {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(hhmm);
  if (!match) throw new Error(`KITH_BACKUP_AT must be a time of day as HH:MM (UTC), not "${hhmm}"`);
  const next = new Date(now);
  next.setUTCHours(Number(match[1]), Number(match[2]), 0, 0);
  if (next <= now) next.setUTCDate(next.getUTCDate() + 1);
  return next;
}
