#!/usr/bin/env node
// `npm run backup [-- file]` and `npm run restore -- <file>`: the `kith backup` / `kith restore`
// of a Kith run by `npm start`: its databases (the embedded PostgreSQL in .data/, or DATABASE_URL)
// and its keys (.data/keys). Restore with Kith stopped, or restart it afterwards.
import './require-node.mjs';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ROOT, SERVICES, databaseUrlFor, openDatabaseServer } from '@kith/stack';

if (!existsSync(join(ROOT, 'packages', 'ops', 'dist', 'index.js'))) {
  console.error('Build Kith first: npm run build');
  process.exit(1);
}
const { backup, backupFileName, restore } = await import('@kith/ops');
const [command, file] = process.argv.slice(2);
const dataDir = process.env.KITH_DATA_DIR ?? join(ROOT, '.data');
const secretsDir = join(dataDir, 'keys');

const server = await openDatabaseServer(dataDir, console.log);
try {
  const databases = Object.fromEntries(SERVICES.map((name) => [name, databaseUrlFor(server.url, `kith_${name}`)]));
  if (command === 'restore') {
    if (!file) throw new Error('Name the archive to restore: npm run restore -- <file>');
    const manifest = await restore(resolve(file), { databases, secretsDir, log: console.log });
    console.log(`Restored the backup of ${manifest.createdAt}. Start (or restart) Kith: npm start`);
  } else {
    const out = resolve(file ?? join(dataDir, 'backups', backupFileName(new Date())));
    const manifest = await backup({ databases, secretsDir }, out);
    console.log(`Backup written: ${out} (${manifest.secrets.length} keys, databases as of ${manifest.createdAt})`);
  }
} catch (error) {
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await server.stop();
}
