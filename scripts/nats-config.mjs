#!/usr/bin/env node
// Prints the nats-server configuration of a Kith bus (what the launcher runs, and what docker
// compose mounts from deploy/nats-server.conf), or with `--env` a fresh NATS password per process
// as .env lines for docker compose. Needs @kith/contracts built (`npm run build`).
import { generateNatsPassword, natsPasswordVariable, natsServerConfig } from '../packages/stack/src/nats-config.mjs';

if (process.argv.includes('--env')) {
  const { NATS_PEERS } = await import('@kith/contracts');
  for (const peer of NATS_PEERS) console.log(`${natsPasswordVariable(peer)}=${generateNatsPassword()}`);
} else {
  process.stdout.write(await natsServerConfig());
}
