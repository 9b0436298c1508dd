// Starts Kith's services and gateway as child processes against given infrastructure.
// Used by `npm start`, the integration tests and the benchmarks, so all run the same way.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { generateKeyPairSync } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, httpOk, isPortFree, preferredPort, startProcess, waitUntil } from './processes.mjs';
import { supervise } from './supervisor.mjs';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const SERVICES = ['auth', 'contacts', 'notifications'];
// 9464 is Prometheus' usual exporter port: the gateway's metrics listener under `npm start`.
export const DEFAULT_PORTS = { gateway: 8080, auth: 3001, contacts: 3002, notifications: 3003, gatewayMetrics: 9464 };

const entryOf = (name) =>
  name === 'gateway' ? join(ROOT, 'gateway', 'dist', 'main.js') : join(ROOT, 'services', name, 'dist', 'main.js');

/**
 * Replica counts from KITH_REPLICAS (every service) and KITH_REPLICAS_<SERVICE> (one service,
 * wins): `{ auth: 2, contacts: 3, notifications: 2 }`. Unset means one of each.
 */
export function replicasFromEnv(env = process.env) {
  const count = (variable) => {
    const value = env[variable];
    if (value === undefined || value === '') return undefined;
    const number = Number(value);
    if (!Number.isInteger(number) || number < 1 || number > 16)
      throw new Error(`${variable} must be a whole number from 1 to 16, not "${value}"`);
    return number;
  };
  const all = count('KITH_REPLICAS') ?? 1;
  return Object.fromEntries(SERVICES.map((name) => [name, count(`KITH_REPLICAS_${name.toUpperCase()}`) ?? all]));
}

/** An Ed25519 key pair for access tokens, as PEM. */
export function generateJwtKeys() {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519', {
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  return { privateKey, publicKey };
}

/** Keys from JWT_PRIVATE_KEY/JWT_PUBLIC_KEY, else a development pair kept in `dir` (created once). */
export function loadOrCreateJwtKeys(dir) {
  if (process.env.JWT_PRIVATE_KEY && process.env.JWT_PUBLIC_KEY) {
    return { privateKey: process.env.JWT_PRIVATE_KEY, publicKey: process.env.JWT_PUBLIC_KEY };
  }
  const privatePath = join(dir, 'jwt-private.pem');
  const publicPath = join(dir, 'jwt-public.pem');
  if (!existsSync(privatePath) || !existsSync(publicPath)) {
    mkdirSync(dir, { recursive: true });
    const keys = generateJwtKeys();
    writeFileSync(privatePath, keys.privateKey, { mode: 0o600 });
    writeFileSync(publicPath, keys.publicKey);
  }
  return { privateKey: readFileSync(privatePath, 'utf8'), publicKey: readFileSync(publicPath, 'utf8') };
}

/** Drops the databases of the stack started with `databaseSuffix` (its services must be stopped). */
export async function dropStackDatabases(serverUrl, databaseSuffix) {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: databaseUrlFor(serverUrl, 'postgres') });
  await admin.connect();
  try {
    for (const name of SERVICES) {
      await admin.query(`DROP DATABASE IF EXISTS "kith_${name}${databaseSuffix}" WITH (FORCE)`);
    }
  } finally {
    await admin.end();
  }
}

export function databaseUrlFor(serverUrl, name) {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Starts the named services (and the gateway if listed) and waits until each answers /health.
 * Returns handles to stop, restart or add replicas of a service. With `supervise`, a process
 * that dies unexpectedly is restarted (see supervisor.mjs); stopService and stop never are.
 * Each process connects to NATS as its own user, from `infra.natsCredentials`. `replicas` (e.g.
 * `{ contacts: 3 }`) starts that many of a service, and the gateway balances over all of them.
 * With `logDir`, each process writes its output to `<logDir>/<name>-<replica>.log`.
 */
export async function startStack({
  infra,
  services = [...SERVICES, 'gateway'],
  keys,
  env = {},
  ports = {},
  databaseSuffix = '',
  quiet = false,
  logDir,
  appUrl,
  supervise: restart = false,
  replicas: replicaCounts = {},
  log,
}) {
  for (const name of services) {
    if (!existsSync(entryOf(name))) throw new Error(`${entryOf(name)} is missing: run \`npm run build\` first.`);
  }
  const resolvedPorts = {};
  // The gateway's metrics listener (loopback only): the asked port when it is free, else any free one.
  const metricsPort = ports.gatewayMetrics == null ? await freePort() : await preferredPort(ports.gatewayMetrics);
  for (const name of [...SERVICES, 'gateway']) {
    // The gateway's port is the public one and must be exactly as asked; services just need a free one.
    resolvedPorts[name] =
      ports[name] == null ? await freePort() : name === 'gateway' ? ports[name] : await preferredPort(ports[name]);
  }
  // A readiness probe must never be answered by someone else's gateway on the same port.
  if (services.includes('gateway') && !(await isPortFree(resolvedPorts.gateway))) {
    throw new Error(
      `Port ${resolvedPorts.gateway} is already in use (is Kith already running?). Set PORT to use another one.`,
    );
  }
  /** name → replica number → port: a replica keeps its address across restarts (the gateway knows it). */
  const replicaPorts = Object.fromEntries([...SERVICES, 'gateway'].map((name) => [name, { 1: resolvedPorts[name] }]));
  for (const name of SERVICES) {
    for (let replica = 2; replica <= (replicaCounts[name] ?? 1); replica += 1)
      replicaPorts[name][replica] = await freePort();
  }
  const urls = Object.fromEntries(SERVICES.map((name) => [name, `http://127.0.0.1:${resolvedPorts[name]}`]));
  const replicaUrls = (name) => Object.values(replicaPorts[name]).map((port) => `http://127.0.0.1:${port}`);
  const databaseUrls = Object.fromEntries(
    SERVICES.map((name) => [name, databaseUrlFor(infra.databaseUrl, `kith_${name}${databaseSuffix}`)]),
  );
  const gatewayUrl = `http://127.0.0.1:${resolvedPorts.gateway}`;

  const sharedEnv = {
    NODE_ENV: process.env.NODE_ENV ?? 'production',
    NATS_URL: infra.natsUrl,
    SMTP_URL: infra.smtpUrl ?? '',
    JWT_PUBLIC_KEY: keys.publicKey,
    APP_URL: appUrl ?? `http://localhost:${resolvedPorts.gateway}`,
    SEED_DEMO: 'true',
    // Pretty console for people unless LOG_FORMAT=json (log shippers, the observability tests).
    ...(process.env.LOG_FORMAT ? { LOG_FORMAT: process.env.LOG_FORMAT } : {}),
    ...(process.env.LOG_LEVEL ? { LOG_LEVEL: process.env.LOG_LEVEL } : {}),
  };
  const envFor = (name, port) => {
    const credentials = infra.natsCredentials?.[name];
    const own = {
      PORT: String(port),
      ...(credentials ? { NATS_USER: credentials.user, NATS_PASSWORD: credentials.password } : {}),
    };
    if (name === 'auth') own.JWT_PRIVATE_KEY = keys.privateKey;
    if (name === 'gateway') {
      Object.assign(own, {
        AUTH_URL: replicaUrls('auth').join(','),
        CONTACTS_URL: replicaUrls('contacts').join(','),
        NOTIFICATIONS_URL: replicaUrls('notifications').join(','),
        STATIC_DIR: ROOT,
        METRICS_PORT: String(metricsPort),
      });
    } else {
      own.DATABASE_URL = databaseUrls[name];
    }
    // Explicit overrides win, so a test can point the gateway at a stand-in upstream.
    return { PATH: process.env.PATH, HOME: process.env.HOME, ...sharedEnv, ...own, ...env };
  };

  /** name → list of running replicas (index 0 is the primary on the published port). */
  const running = new Map();

  let stopping = false;

  async function startService(name, { replica = 1, env: extraEnv = {} } = {}) {
    replicaPorts[name][replica] ??= await freePort();
    const port = replicaPorts[name][replica];
    const label = replica === 1 ? name : `${name}#${replica}`;
    const healthUrl =
      name === 'gateway' ? `http://127.0.0.1:${port}/api/health/live` : `http://127.0.0.1:${port}/health`;
    const supervised = await supervise({
      label,
      spawn: () =>
        startProcess(label, process.execPath, ['--enable-source-maps', entryOf(name)], {
          env: { ...envFor(name, port), ...extraEnv },
          cwd: ROOT,
          quiet,
          ...(logDir ? { logFile: join(logDir, `${name}-${replica}.log`) } : {}),
        }),
      ready: (proc) => waitUntil(() => httpOk(healthUrl), { process: proc, what: label, timeoutMs: 90_000 }),
      restart,
      halted: () => stopping,
      ...(log ? { log } : {}),
    });
    const handle = Object.assign(supervised, {
      name: label,
      port,
      url: `http://127.0.0.1:${port}`,
      healthUrl,
      replica,
    });
    running.set(name, [...(running.get(name) ?? []).filter((other) => other.replica !== replica), handle]);
    return handle;
  }

  async function stopService(name, { replica } = {}) {
    const replicas = running.get(name) ?? [];
    const targets = replica ? replicas.filter((handle) => handle.replica === replica) : replicas;
    await Promise.all(targets.map((handle) => handle.stop()));
    running.set(
      name,
      replicas.filter((handle) => !targets.includes(handle)),
    );
  }

  async function stop() {
    stopping = true;
    // Gateway first so no new requests arrive, then the services.
    await stopService('gateway');
    await Promise.all([...running.keys()].map((name) => stopService(name)));
  }

  try {
    // Services boot in parallel (each migrates its own database); the gateway last.
    // A service's first replica migrates its database before the others start.
    await Promise.all(
      services
        .filter((name) => name !== 'gateway')
        .map(async (name) => {
          await startService(name);
          const more = Array.from({ length: (replicaCounts[name] ?? 1) - 1 }, (_, index) => index + 2);
          await Promise.all(more.map((replica) => startService(name, { replica })));
        }),
    );
    if (services.includes('gateway')) await startService('gateway');
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    gatewayUrl,
    /** Prometheus text of the gateway (services serve theirs at `${urls[name]}/metrics`). */
    gatewayMetricsUrl: `http://127.0.0.1:${metricsPort}/metrics`,
    urls,
    /** Every replica's base URL of a service, as the gateway was given them. */
    replicaUrls,
    ports: resolvedPorts,
    databaseUrls,
    natsUrl: infra.natsUrl,
    natsCredentials: infra.natsCredentials ?? {},
    smtpUrl: infra.smtpUrl,
    env: { ...sharedEnv, JWT_PRIVATE_KEY: keys.privateKey },
    running,
    startService,
    stopService,
    stop,
  };
}
