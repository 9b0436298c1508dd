#!/usr/bin/env node
// `npm run bench:reminders [-- --users=200,1000 --contacts=20]`: a daily reminder run for N users
// with M overdue contacts each, into a local SMTP sink. Auth users and contacts are seeded straight
// into their databases in SQL; the run is triggered over HTTP and timed until the sink has every
// mail. Reports wall time and the peak RSS of the notifications process, per size, so memory can
// be compared across sizes (it should stay flat: the run reads users in batches).
// Infrastructure: DATABASE_URL / NATS_URL when set, else embedded PostgreSQL and nats-server.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { importPKCS8, SignJWT } from 'jose';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { ROOT, dropStackDatabases, generateJwtKeys, startInfra, startStack } from '@kith/stack';

const option = (name, fallback) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const sizes = option('users', '200,1000').split(',').map(Number);
const contactsPerUser = Number(option('contacts', '20'));
const TARGET_MS = 60_000;
const verbose = process.argv.includes('--verbose');
/** Caps the notifications process's V8 old space: a run that kept per-user data would die of it. */
const oldSpaceMiB = option('old-space-mib', '');

/** An SMTP server that only counts: messages received, and distinct recipients (to spot a double send). */
async function startSink() {
  const recipients = new Map();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    closeTimeout: 100,
    onData(stream, session, callback) {
      stream.on('end', () => {
        for (const { address } of session.envelope.rcptTo) recipients.set(address, (recipients.get(address) ?? 0) + 1);
        callback();
      });
      stream.resume();
    },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${server.server.address().port}`,
    delivered: () => [...recipients.values()].reduce((sum, count) => sum + count, 0),
    duplicates: () => [...recipients.values()].filter((count) => count > 1).length,
    reset: () => recipients.clear(),
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}

async function query(databaseUrl, text, values = []) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

/** N users in auth; per user one list (30 days) and M contacts, all overdue, a fifth never contacted. */
async function seed(stack, users) {
  const { rows } = await query(
    stack.databaseUrls.auth,
    `INSERT INTO users (first_name, last_name, email, password_hash)
     SELECT 'Bench', 'User ' || n, 'bench-' || n || '@example.test', 'not-a-real-hash' FROM generate_series(1, $1) AS n
     RETURNING id`,
    [users],
  );
  const ids = rows.map((row) => row.id);
  await query(
    stack.databaseUrls.contacts,
    `WITH lists AS (
       INSERT INTO contact_lists (user_id, name, color, reminder_days)
       SELECT user_id, 'Friends', '#10b981', 30 FROM unnest($1::uuid[]) AS user_id
       RETURNING id, user_id, reminder_days
     ), seeded AS (
       SELECT l.user_id, CASE WHEN n % 2 = 0 THEN l.id END AS list_id, n,
              CASE WHEN n % 5 = 0 THEN NULL ELSE now() - make_interval(days => 100 + n * 7) END AS last_contact,
              CASE WHEN n % 2 = 0 THEN l.reminder_days ELSE 90 END AS interval_days
       FROM lists l CROSS JOIN generate_series(1, $2) AS n
     )
     INSERT INTO contacts (user_id, first_name, last_name, list_id, last_contact_date, overdue_at)
     SELECT user_id, 'Friend', 'Number ' || n, list_id, last_contact, contact_overdue_at(last_contact, interval_days) FROM seeded`,
    [ids, contactsPerUser],
  );
  return ids;
}

/** Resident set size of a process now, and its peak since the last reset, in MiB (Linux /proc). */
function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field) => {
    const match = new RegExp(`${field}:\\s+(\\d+)`).exec(status);
    if (!match) throw new Error(`notifications (pid ${pid}) is no longer running`);
    return Number(match[1]);
  };
  return { rss: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 };
}

function resetPeak(pid) {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

async function benchmark(infra, sink, users) {
  const keys = generateJwtKeys();
  const suffix = `_bench${users}`;
  const dropDatabases = () => dropStackDatabases(infra.databaseUrl, suffix);
  await dropDatabases();
  const stack = await startStack({
    infra: { ...infra, smtpUrl: sink.url },
    services: ['auth', 'contacts'],
    keys,
    databaseSuffix: suffix,
    quiet: !verbose,
    env: { SEED_DEMO: 'false', NODE_ENV: 'production', DAILY_REMINDER_CRON: '0 0 1 1 *', LOG_LEVEL: 'warn' },
  });
  try {
    await stack.startService('notifications', {
      env: oldSpaceMiB ? { NODE_OPTIONS: `--max-old-space-size=${oldSpaceMiB}` } : {},
    });
    const seedStarted = Date.now();
    const ids = await seed(stack, users);
    const seedMs = Date.now() - seedStarted;
    const token = await new SignJWT({ email: 'bench-1@example.test' })
      .setProtectedHeader({ alg: 'EdDSA' })
      .setSubject(ids[0])
      .setIssuer('kith-auth')
      .setAudience('kith-api')
      .setIssuedAt()
      .setExpirationTime('15m')
      .sign(await importPKCS8(keys.privateKey, 'EdDSA'));

    const pid = stack.running.get('notifications')[0].child.pid;
    const before = memoryOf(pid);
    const peakWasReset = resetPeak(pid);
    let sampledPeak = before.rss;
    const sampler = setInterval(() => (sampledPeak = Math.max(sampledPeak, memoryOf(pid).rss)), 25);
    sink.reset();

    const started = Date.now();
    const response = await fetch(`${stack.urls.notifications}/api/notifications/trigger-daily`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    const body = await response.json();
    const queuedMs = Date.now() - started;
    if (!response.ok) throw new Error(`trigger-daily answered ${response.status}: ${JSON.stringify(body)}`);
    const progress = verbose
      ? setInterval(
          () => console.log(`[bench] ${((Date.now() - started) / 1000).toFixed(0)} s: ${sink.delivered()} delivered`),
          1000,
        )
      : null;
    while (sink.delivered() < users && Date.now() - started < 5 * TARGET_MS)
      await new Promise((resolve) => setTimeout(resolve, 20));
    clearInterval(progress);
    const deliveredMs = Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 500));
    clearInterval(sampler);
    const after = memoryOf(pid);
    return {
      users,
      contacts: users * contactsPerUser,
      seedMs,
      queuedMs,
      deliveredMs,
      delivered: sink.delivered(),
      duplicates: sink.duplicates(),
      result: body.data,
      rssBeforeMiB: before.rss,
      peakRssMiB: peakWasReset ? after.peak : sampledPeak,
      peakSource: peakWasReset ? 'VmHWM' : 'sampled VmRSS',
    };
  } finally {
    await stack.stop();
    await dropDatabases();
  }
}

const sink = await startSink();
const infra = await startInfra({ dataDir: join(ROOT, '.data', 'bench'), quiet: true, log: () => {} });
const results = [];
try {
  for (const users of sizes) {
    process.stdout.write(`daily run for ${users} users x ${contactsPerUser} overdue contacts... `);
    const result = await benchmark(infra, sink, users);
    results.push(result);
    console.log(`${(result.deliveredMs / 1000).toFixed(1)} s`);
  }
} finally {
  await infra.stop();
  await sink.stop();
}

const mib = (value) => `${value.toFixed(1)} MiB`;
console.log('');
if (oldSpaceMiB) console.log(`notifications ran with --max-old-space-size=${oldSpaceMiB}`);
console.log('users | contacts | run answered | all mail delivered | delivered | duplicates | RSS before | peak RSS');
for (const r of results) {
  console.log(
    `${r.users} | ${r.contacts} | ${(r.queuedMs / 1000).toFixed(2)} s | ${(r.deliveredMs / 1000).toFixed(2)} s | ${r.delivered} | ${r.duplicates} | ${mib(r.rssBeforeMiB)} | ${mib(r.peakRssMiB)} (${r.peakSource})`,
  );
}
const failures = results.filter((r) => r.delivered !== r.users || r.duplicates > 0 || r.deliveredMs > TARGET_MS);
if (results.length > 1) {
  const [small, large] = [results[0], results[results.length - 1]];
  console.log(
    `\npeak RSS ${large.users} users / ${small.users} users: ${(large.peakRssMiB / small.peakRssMiB).toFixed(2)}x for ${(large.users / small.users).toFixed(1)}x the users`,
  );
}
console.log(
  failures.length
    ? `\nFAILED: ${failures.map((r) => `${r.users} users`).join(', ')} (every mail exactly once, within ${TARGET_MS / 1000} s)`
    : `\nOK: every mail delivered exactly once, each run within ${TARGET_MS / 1000} s`,
);
process.exit(failures.length ? 1 : 0);
