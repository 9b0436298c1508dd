#!/usr/bin/env node
// `npm start`: build everything, bring up infrastructure (from env or embedded), start every
// service and the gateway (restarting any that crashes), print the URLs, and stop it all on
// Ctrl-C / SIGTERM.
import './require-node.mjs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { inspect } from 'node:util';
import {
  DEFAULT_PORTS,
  ROOT,
  loadOrCreateJwtKeys,
  loadOrCreateCalendarFeedEncryptionKey,
  loadOrCreateTotpEncryptionKey,
  replicasFromEnv,
  startInfra,
  startStack,
} from '@kith/stack';

const dataDir = process.env.KITH_DATA_DIR ?? join(ROOT, '.data');
const skipBuild = process.argv.includes('--no-build');

if (!skipBuild) {
  console.log('Building Kith (cached builds are reused)...');
  execFileSync('npx', ['nx', 'run-many', '-t', 'build', '--output-style=static'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
  });
}

let infra;
let stack;
let stopping = false;
async function shutdown(signal, exitCode = 0) {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal ?? 'exit'}: stopping Kith...`);
  await stack?.stop().catch((error) => console.error(error));
  await infra?.stop().catch((error) => console.error(error));
  console.log('Stopped.');
  process.exit(exitCode);
}
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));

try {
  infra = await startInfra({ dataDir });
  const gatewayPort = Number(process.env.PORT ?? DEFAULT_PORTS.gateway);
  stack = await startStack({
    infra,
    keys: loadOrCreateJwtKeys(join(dataDir, 'keys')),
    ports: { ...DEFAULT_PORTS, gateway: gatewayPort },
    appUrl: process.env.APP_URL,
    // A service or the gateway that crashes is started again (0.5 s, doubling to 30 s), logged as [supervisor].
    supervise: true,
    // KITH_REPLICAS=2 (every service) or KITH_REPLICAS_CONTACTS=3 (one); the gateway balances over them.
    replicas: replicasFromEnv(),
    env: {
      NODE_ENV: 'production',
      ...(process.env.SEED_DEMO ? { SEED_DEMO: process.env.SEED_DEMO } : {}),
      TOTP_ENCRYPTION_KEY: loadOrCreateTotpEncryptionKey(join(dataDir, 'keys')),
      CALENDAR_FEED_ENCRYPTION_KEY: loadOrCreateCalendarFeedEncryptionKey(join(dataDir, 'keys')),
      // A local install: a webhook / ntfy test sink on this machine must be reachable.
      ALLOW_PRIVATE_WEBHOOKS: process.env.ALLOW_PRIVATE_WEBHOOKS ?? 'true',
    },
  });
  const url = process.env.APP_URL ?? `http://localhost:${gatewayPort}`;
  console.log(`
  Kith is running.
    App:          ${url}
    Health:       ${url}/api/health
    Demo account: demo@kith.app / demo1234${infra.mailUiUrl ? `\n    Mail inbox:   ${infra.mailUiUrl}` : ''}
  Press Ctrl-C to stop.
`);
} catch (error) {
  console.error(`\nKith could not start: ${error?.message || inspect(error)}`);
  await shutdown(undefined, 1);
}
