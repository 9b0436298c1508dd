#!/usr/bin/env node
// Footprint benchmark (`npm run bench:footprint`, as root): the self-hosted stack as docker compose
// runs it. Prints the image's size, the time from `up` to healthy (first start and a restart),
// each process's memory idle and under a contacts-screen load (autocannon, 20 connections, on an
// account of BENCH_FOOTPRINT_CONTACTS contacts), and the whole stack's, against the targets:
// idle RSS ≤ 90 MB per Node process, ≤ 450 MB for the stack with PostgreSQL, image ≤ 350 MB,
// healthy ≤ 20 s after `up` once the stack has started before.
// Memory is read from /proc on the host (a container's processes are the host's): RSS of each
// Node process, and for PostgreSQL (many processes sharing memory) the sum of their PSS, which
// counts shared pages once. Builds the image (KITH_IMAGE, default kith:latest) if it is missing.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import { ROOT } from '@kith/stack';
import { log, reportTargets } from './bench-stack.mjs';

const run = promisify(execFile);
const IMAGE = process.env.KITH_IMAGE ?? 'kith:latest';
const CONTACTS = Number(process.env.BENCH_FOOTPRINT_CONTACTS ?? 5_000);
const LOAD_SECONDS = Number(process.env.BENCH_DURATION ?? 15);
const TARGETS = { nodeIdleMb: 90, stackIdleMb: 450, imageMb: 350, healthySeconds: 20 };
const NODE_SERVICES = ['gateway', 'auth', 'contacts', 'notifications'];
const MB = 1024 * 1024;

const standins = await run('bash', [join(ROOT, 'scripts', 'docker', 'standins.sh')], { maxBuffer: 16 * MB });
const env = { ...process.env, DOCKER_HOST: /export DOCKER_HOST=(\S+)/.exec(standins.stdout)[1] };
const docker = (...args) => run('docker', args, { env, maxBuffer: 64 * MB });

if (
  !(await docker('image', 'inspect', IMAGE).then(
    () => true,
    () => false,
  ))
) {
  log(`Building ${IMAGE}...`);
  await run('docker', ['build', '--network', 'host', '-t', IMAGE, ROOT], { env, maxBuffer: 256 * MB });
}
const imageBytes = Number((await docker('image', 'inspect', IMAGE, '--format', '{{.Size}}')).stdout);

const port = await new Promise((resolve) => {
  const server = createServer().listen(0, '127.0.0.1', () => {
    const { port: free } = server.address();
    server.close(() => resolve(free));
  });
});
const baseUrl = `http://127.0.0.1:${port}`;
const work = mkdtempSync(join(tmpdir(), 'kith-footprint-'));
copyFileSync(join(ROOT, 'docker-compose.yml'), join(work, 'docker-compose.yml'));
const composeEnv = {
  ...env,
  COMPOSE_PROJECT_NAME: `kithfp${randomBytes(3).toString('hex')}`,
  KITH_IMAGE: IMAGE,
  KITH_PORT: String(port),
};
const compose = (...args) => run('docker-compose', args, { cwd: work, env: composeEnv, maxBuffer: 64 * MB });

async function untilHealthy() {
  const started = Date.now();
  for (;;) {
    const ok = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return (Date.now() - started) / 1000;
    if (Date.now() - started > 600_000) throw new Error('the stack did not become healthy in 10 minutes');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Host PIDs of a compose service's processes. */
async function pidsOf(service) {
  const { stdout: id } = await compose('ps', '-q', service);
  const { stdout } = await docker('top', id.trim(), '-eo', 'pid');
  return stdout
    .split('\n')
    .slice(1)
    .map((line) => Number(line.trim()))
    .filter(Boolean);
}

const kib = (text, field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0) * 1024;
const rssOf = (pid) => {
  try {
    return kib(readFileSync(`/proc/${pid}/status`, 'utf8'), 'VmRSS');
  } catch {
    return 0;
  }
};
const pssOf = (pid) => {
  try {
    return kib(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'), 'Pss');
  } catch {
    return 0;
  }
};

/** Bytes per part: each Node process's RSS, PostgreSQL's and NATS's processes' PSS. */
async function memory(pids) {
  const figures = {};
  for (const service of NODE_SERVICES) figures[service] = rssOf(pids[service][0]);
  figures.postgres = pids.postgres.reduce((sum, pid) => sum + pssOf(pid), 0);
  figures.nats = pids.nats.reduce((sum, pid) => sum + pssOf(pid), 0);
  return figures;
}
const total = (figures) => Object.values(figures).reduce((sum, bytes) => sum + bytes, 0);

async function api(method, path, { token, body } = {}) {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
  return json.data;
}

let exitCode = 1;
try {
  log(`Image ${IMAGE}: ${(imageBytes / 1e6).toFixed(0)} MB`);
  await compose('up', '-d', '--no-build');
  const firstStart = await untilHealthy();
  log(`First start (secrets, roles, migrations): healthy ${firstStart.toFixed(1)} s after \`up\``);

  const { tokens } = await api('POST', '/auth/register', {
    body: { firstName: 'Foot', lastName: 'Print', email: `footprint@example.org`, password: 'footprint-password-1' },
  });
  const token = tokens.accessToken;
  for (let offset = 0; offset < CONTACTS; offset += 1000) {
    const contacts = Array.from({ length: Math.min(1000, CONTACTS - offset) }, (_, index) => ({
      firstName: `Person${offset + index}`,
      lastName: ['Smith', 'Jones', 'Garcia', 'Nguyen', 'Okafor'][index % 5],
      email: `person${offset + index}@example.org`,
      phoneNumber: '',
    }));
    await api('POST', '/contacts/import/confirm', { token, body: { contacts } });
  }
  log(`Seeded ${CONTACTS} contacts through the import`);

  await compose('restart');
  const restart = await untilHealthy();
  log(`Restart: healthy ${restart.toFixed(1)} s after \`restart\``);
  // Idle: after start-up work (migrations, caches, first GC) has settled.
  await new Promise((resolve) => setTimeout(resolve, 20_000));
  const pids = Object.fromEntries(
    await Promise.all([...NODE_SERVICES, 'postgres', 'nats'].map(async (service) => [service, await pidsOf(service)])),
  );
  const idle = await memory(pids);

  const peak = Object.fromEntries(Object.keys(idle).map((part) => [part, 0]));
  const sampler = setInterval(async () => {
    const now = await memory(pids);
    for (const part of Object.keys(now)) peak[part] = Math.max(peak[part], now[part]);
  }, 250);
  const paths = [
    '/api/contacts?page=1&limit=50',
    '/api/contacts?page=3&limit=50&search=smith',
    '/api/contacts?page=1&limit=50&sortBy=lastContact',
    '/api/contacts/overdue?page=1&limit=50',
    '/api/lists',
  ];
  let next = 0;
  const load = await autocannon({
    url: baseUrl,
    connections: 20,
    duration: LOAD_SECONDS,
    headers: { authorization: `Bearer ${token}` },
    requests: [{ setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) }],
  });
  clearInterval(sampler);

  const mb = (bytes) => `${(bytes / MB).toFixed(0).padStart(5)} MB`;
  log(`\nMemory (RSS per Node process; PSS summed for PostgreSQL and NATS):`);
  log(`  ${'part'.padEnd(14)} ${'idle'.padStart(8)} ${'under load'.padStart(11)}`);
  for (const part of Object.keys(idle)) log(`  ${part.padEnd(14)} ${mb(idle[part])}   ${mb(peak[part])}`);
  log(`  ${'whole stack'.padEnd(14)} ${mb(total(idle))}   ${mb(total(peak))} (peaks of each part, added)`);
  log(
    `Load: ${load.requests.total} requests in ${LOAD_SECONDS} s, p99 ${load.latency.p99} ms, ` +
      `${load.non2xx} non-2xx, ${load.errors} errors`,
  );

  const failures = [];
  for (const service of NODE_SERVICES) {
    if (idle[service] > TARGETS.nodeIdleMb * MB)
      failures.push(`${service} idle RSS ${mb(idle[service]).trim()} > ${TARGETS.nodeIdleMb} MB`);
  }
  if (total(idle) > TARGETS.stackIdleMb * MB)
    failures.push(`whole stack idle ${mb(total(idle)).trim()} > ${TARGETS.stackIdleMb} MB`);
  if (imageBytes > TARGETS.imageMb * 1e6)
    failures.push(`image ${(imageBytes / 1e6).toFixed(0)} MB > ${TARGETS.imageMb} MB`);
  if (restart > TARGETS.healthySeconds)
    failures.push(`healthy ${restart.toFixed(1)} s after a restart > ${TARGETS.healthySeconds} s`);
  exitCode = reportTargets(failures);
} finally {
  await compose('down', '-v').catch(() => undefined);
}
process.exit(exitCode);
