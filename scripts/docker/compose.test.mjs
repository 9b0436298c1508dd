// The self-hosting test: the real docker-compose.yml under a real Docker engine (ours, with
// stand-ins for the public images: scripts/docker/standins.sh). It builds the image, starts the
// stack from a folder holding nothing but the compose file, then uses it as a self-hoster's
// people would: the first account registers and a second is refused, a contact is added and
// synced to a phone (vdirsyncer, a real CardDAV client), a password-reset mail goes out through
// an SMTP sink, everything is restarted and still there, and a backup taken, the installation
// wiped (volumes and all) and restored gives the same account export.
//
// `npm run test:compose` (root: it starts dockerd). Each step is a test; a failed step does not
// stop the next ones. Prints the time each phase took.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  copyFileSync,
  createWriteStream,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const run = promisify(execFile);
const IMAGE = process.env.KITH_COMPOSE_TEST_IMAGE ?? 'kith:compose-test';
const project = `kithct${randomBytes(3).toString('hex')}`;
const work = mkdtempSync(join(tmpdir(), 'kith-compose-test-'));
const timings = [];
const timed = async (what, action) => {
  const started = Date.now();
  try {
    return await action();
  } finally {
    timings.push(`${what}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
};

let dockerEnv;
let baseUrl;
let compose;

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** Runs a command, its output kept in the test's log folder; rejects with the output's tail. */
function logged(name, command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const logFile = join(work, `${name}.log`);
    const log = createWriteStream(logFile);
    const child = spawn(command, args, { cwd: work, env: dockerEnv, ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    child.once('error', reject);
    child.once('exit', (code) => {
      log.end(() => {
        if (code === 0) resolve(readFileSync(logFile, 'utf8'));
        else
          reject(
            new Error(`${command} ${args.join(' ')} exited ${code}:\n${readFileSync(logFile, 'utf8').slice(-4000)}`),
          );
      });
    });
  });
}

/** Generous: on a machine shared with other builds a first start can take minutes; bench:footprint holds the 20 s target. */
async function waitHealthy(timeoutMs = 300_000) {
  const started = Date.now();
  let last = 'no answer';
  while (Date.now() - started < timeoutMs) {
    try {
      const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(3000) });
      last = `${response.status} ${await response.text()}`;
      if (response.ok) return Date.now() - started;
    } catch (error) {
      last = error.message;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`not healthy after ${timeoutMs} ms: ${last}`);
}

async function api(method, path, { token, body } = {}) {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: response.status, body: json };
}

/** A command inside the gateway container (the image's `kith` command, or node to reach the private network). */
const inGateway = (...command) => compose('exec', '-T', 'gateway', ...command);

/** The mails the sink holds (mailpit's API; the stand-in is maildev: /api/email in version 3, /email in 2). */
async function mailboxText() {
  const script =
    "const get = (p) => fetch('http://mailsink:8025' + p).then((r) => (r.ok ? r.text() : Promise.reject(r.status)));" +
    "get('/api/v1/messages').catch(() => get('/api/email')).catch(() => get('/email')).then((t) => process.stdout.write(t));";
  return (await inGateway('node', '-e', script)).stdout;
}

const owner = {
  firstName: 'Olga',
  lastName: 'Owner',
  email: `owner-${randomBytes(3).toString('hex')}@example.org`,
  password: 'correct-horse-battery-1',
};
let token;
let contactId;
let appPassword;
let exportBefore;
let tokenAtBackup;
let tokenAfterBackup;

const vdirsyncerHome = join(work, 'phone');
function vdirsyncer(...args) {
  return run('vdirsyncer', ['-c', join(vdirsyncerHome, 'vdirsyncer.conf'), ...args], {
    env: { ...process.env, HOME: vdirsyncerHome, LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8' },
    timeout: 120_000,
  });
}
const phoneCards = () =>
  readdirSync(join(vdirsyncerHome, 'cards', 'contacts'))
    .filter((name) => name.endsWith('.vcf'))
    .map((name) => readFileSync(join(vdirsyncerHome, 'cards', 'contacts', name), 'utf8'));

/** RFC 6578 sync-collection of the owner's address book, as a phone asks for changes. */
async function syncCollection(syncToken) {
  const me = await api('GET', '/auth/me', { token });
  const response = await fetch(`${baseUrl}/dav/addressbooks/${me.body.data.user._id}/contacts/`, {
    method: 'REPORT',
    headers: {
      authorization: `Basic ${Buffer.from(`${owner.email}:${appPassword}`).toString('base64')}`,
      depth: '1',
      'content-type': 'application/xml; charset=utf-8',
    },
    body:
      '<?xml version="1.0"?><d:sync-collection xmlns:d="DAV:"><d:sync-token>' +
      syncToken +
      '</d:sync-token><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>',
  });
  const text = await response.text();
  return { status: response.status, text, token: /<d:sync-token>([^<]*)<\/d:sync-token>/.exec(text)?.[1] ?? null };
}

/** The account export without the instant it was made. */
async function accountExport() {
  let answer = await api('GET', '/account/export', { token });
  // Auth gathers the export from every service over NATS; on a machine loaded by other builds a
  // service may answer after the bus's timeout (503). Asking again is what a person would do.
  for (let retry = 0; answer.status === 503 && retry < 3; retry++) {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    answer = await api('GET', '/account/export', { token });
  }
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  const { exportedAt: _exportedAt, ...rest } = answer.body;
  return rest;
}

describe('docker compose: two commands to a working, durable, restorable Kith', { timeout: 60 * 60_000 }, () => {
  before(async () => {
    const standins = await timed('engine and stand-in images', () =>
      run('bash', [join(ROOT, 'scripts', 'docker', 'standins.sh')], { maxBuffer: 16 * 1024 * 1024 }),
    );
    const host = /export DOCKER_HOST=(\S+)/.exec(standins.stdout)?.[1];
    assert.ok(host, `standins.sh printed no DOCKER_HOST:\n${standins.stdout}\n${standins.stderr}`);
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    dockerEnv = {
      ...process.env,
      DOCKER_HOST: host,
      COMPOSE_PROJECT_NAME: project,
      KITH_IMAGE: IMAGE,
      KITH_PORT: String(port),
      APP_URL: `http://localhost:${port}`,
      SMTP_URL: 'smtp://mailsink:1025',
    };
    // A folder with the compose file alone: all the stack needs (the image aside).
    copyFileSync(join(ROOT, 'docker-compose.yml'), join(work, 'docker-compose.yml'));
    // The test's SMTP sink, on the private network only (the dev profile's catcher publishes a host port).
    writeFileSync(join(work, 'sink.yml'), 'services:\n  mailsink:\n    image: axllent/mailpit\n');
    compose = (...args) =>
      run('docker-compose', ['-f', 'docker-compose.yml', '-f', 'sink.yml', ...args], {
        cwd: work,
        env: dockerEnv,
        maxBuffer: 64 * 1024 * 1024,
      });
    // compose 1.29 cannot build with the host's network, which `npm ci` needs here.
    await timed('image build', () =>
      logged('build', 'docker', ['build', '--network', 'host', '-t', IMAGE, ROOT], { cwd: ROOT }),
    );
  });

  after(async () => {
    if (compose) {
      const logs = await compose('logs', '--no-color').catch((error) => ({ stdout: String(error) }));
      writeFileSync(join(work, 'stack.log'), logs.stdout ?? '');
      await compose('down', '-v', '--remove-orphans').catch(() => undefined);
    }
    const image = dockerEnv
      ? execFileSync('docker', ['image', 'inspect', IMAGE, '--format', '{{.Size}}'], { env: dockerEnv }).toString()
      : '0';
    console.log(
      [`compose test (logs in ${work}):`, ...timings, `image ${IMAGE}: ${(Number(image) / 1e6).toFixed(0)} MB`].join(
        '\n  ',
      ),
    );
  });

  it('starts from nothing and is healthy', async () => {
    const started = Date.now();
    await timed('first up (secrets, database roles, migrations)', async () => {
      await compose('up', '-d', '--no-build');
      await waitHealthy();
    });
    console.log(`healthy ${((Date.now() - started) / 1000).toFixed(1)} s after the first \`up\``);
    const health = await (await fetch(`${baseUrl}/api/health`)).json();
    assert.equal(health.checks.notifications.checks.email.status, 'up');
  });

  it('keeps the mail catcher to the dev profile, on the host loopback only', async () => {
    const { stdout } = await run('docker-compose', ['-f', 'docker-compose.yml', '--profile', 'dev', 'config'], {
      cwd: work,
      env: dockerEnv,
    });
    const mailpit = stdout.slice(stdout.indexOf('\n  mailpit:'));
    assert.match(mailpit, /host_ip: 127\.0\.0\.1|127\.0\.0\.1:8025:8025/);
    // Without the profile no catcher runs (`ps` lists the containers, not the file's services).
    const { stdout: containers } = await compose('ps');
    assert.match(containers, /_gateway_1/);
    assert.doesNotMatch(containers, /mailpit/);
  });

  it('gives each service a database role that owns its database and is no superuser', async () => {
    for (const service of ['auth', 'contacts', 'notifications']) {
      const script =
        "const pg = require('pg'); const fs = require('fs');" +
        `const url = fs.readFileSync('/run/kith/secrets/${service}.database-url', 'utf8').trim();` +
        'const c = new pg.Client({ connectionString: url }); c.connect().then(() => c.query(' +
        '"SELECT current_user AS role, r.rolsuper, pg_get_userbyid(d.datdba) AS owner FROM pg_roles r, pg_database d ' +
        'WHERE r.rolname = current_user AND d.datname = current_database()"' +
        ')).then((r) => { process.stdout.write(JSON.stringify(r.rows[0])); return c.end(); });';
      const { stdout } = await inGateway('node', '-e', script);
      assert.deepEqual(JSON.parse(stdout), { role: `kith_${service}`, rolsuper: false, owner: `kith_${service}` });
    }
  });

  it('registers the first account, and refuses a second one (registration by invitation)', async () => {
    const first = await api('POST', '/auth/register', { body: owner });
    assert.equal(first.status, 201, JSON.stringify(first.body));
    token = first.body.data.tokens.accessToken;
    const second = await api('POST', '/auth/register', {
      body: { ...owner, email: `stranger-${randomBytes(3).toString('hex')}@example.org` },
    });
    assert.equal(second.status, 403, JSON.stringify(second.body));
  });

  it('adds a contact and syncs it to a phone with vdirsyncer', async () => {
    const created = await api('POST', '/contacts', {
      token,
      body: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org' },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    contactId = created.body.data._id;
    const password = await api('POST', '/auth/app-passwords', {
      token,
      body: { name: 'vdirsyncer', currentPassword: owner.password },
    });
    assert.equal(password.status, 201, JSON.stringify(password.body));
    appPassword = password.body.data.password;
    mkdirSync(join(vdirsyncerHome, 'cards', 'contacts'), { recursive: true });
    writeFileSync(
      join(vdirsyncerHome, 'vdirsyncer.conf'),
      [
        '[general]',
        `status_path = "${join(vdirsyncerHome, 'status')}/"`,
        '[pair kith]',
        'a = "phone"',
        'b = "server"',
        'collections = ["from b"]',
        '[storage phone]',
        'type = "filesystem"',
        `path = "${join(vdirsyncerHome, 'cards')}/"`,
        'fileext = ".vcf"',
        '[storage server]',
        'type = "carddav"',
        `url = "${baseUrl}/"`,
        `username = "${owner.email}"`,
        `password = "${appPassword}"`,
        '',
      ].join('\n'),
    );
    await vdirsyncer('discover', 'kith');
    await vdirsyncer('sync');
    const cards = phoneCards();
    assert.equal(cards.length, 1);
    assert.match(cards[0], /FN:Ada Lovelace/);
  });

  it('sends a password-reset mail through the SMTP server it is given', async () => {
    const asked = await api('POST', '/auth/forgot-password', { body: { email: owner.email } });
    assert.equal(asked.status, 200, JSON.stringify(asked.body));
    const deadline = Date.now() + 30_000;
    let mailbox = '';
    while (Date.now() < deadline && !mailbox.includes(owner.email)) {
      mailbox = await mailboxText();
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    assert.ok(mailbox.includes(owner.email), `no mail to ${owner.email} in the sink: ${mailbox.slice(0, 500)}`);
    assert.match(mailbox, /reset/i);
  });

  it('restarts everything (containers recreated) and finds it all still there, with the same keys', async () => {
    await timed('restart (down, up) to healthy', async () => {
      await compose('down');
      await compose('up', '-d', '--no-build');
      const ms = await waitHealthy();
      console.log(`healthy ${(ms / 1000).toFixed(1)} s after \`up\` on a restart`);
    });
    // The token signed before the restart still verifies: the signing key was kept.
    const me = await api('GET', '/auth/me', { token });
    assert.equal(me.status, 200, JSON.stringify(me.body));
    const login = await api('POST', '/auth/login', { body: { email: owner.email, password: owner.password } });
    assert.equal(login.status, 200, JSON.stringify(login.body));
    const contact = await api('GET', `/contacts/${contactId}`, { token });
    assert.equal(contact.body.data.firstName, 'Ada');
    // The phone keeps syncing with the same app password; nothing changed, nothing moves.
    const { stdout, stderr } = await vdirsyncer('sync');
    assert.doesNotMatch(`${stdout}${stderr}`, /Copying|Deleting|error/i);
    assert.equal(phoneCards().length, 1);
  });

  it('backs up, is wiped (volumes and all), restores, and gives the same account export', async () => {
    tokenAtBackup = (await syncCollection('')).token;
    assert.ok(tokenAtBackup, 'the address book gave no sync token');
    exportBefore = await accountExport();
    const backupLog = await timed('backup', () => inGateway('kith', 'backup', '/backups/compose-test.tar.gz'));
    assert.match(backupLog.stdout, /backup written: \/backups\/compose-test\.tar\.gz/);
    // A change after the backup, which the phone sees: the restore takes it back.
    const later = await api('POST', '/contacts', { token, body: { firstName: 'Grace', lastName: 'Hopper' } });
    assert.equal(later.status, 201);
    await vdirsyncer('sync');
    assert.equal(phoneCards().length, 2);
    tokenAfterBackup = (await syncCollection(tokenAtBackup)).token;

    const archive = join(work, 'compose-test.tar.gz');
    const { stdout } = await run(
      'docker-compose',
      [
        '-f',
        'docker-compose.yml',
        '-f',
        'sink.yml',
        'exec',
        '-T',
        'gateway',
        'base64',
        '-w0',
        '/backups/compose-test.tar.gz',
      ],
      { cwd: work, env: dockerEnv, maxBuffer: 256 * 1024 * 1024 },
    );
    writeFileSync(archive, Buffer.from(stdout, 'base64'));
    await timed('wipe (down -v) and a fresh up to healthy', async () => {
      await compose('down', '-v');
      await compose('up', '-d', '--no-build');
      await waitHealthy();
    });
    const fresh = await api('POST', '/auth/login', { body: { email: owner.email, password: owner.password } });
    assert.equal(fresh.status, 401, 'the wiped installation still knew the owner');

    await timed('restore, restart to healthy', async () => {
      await run(
        'sh',
        [
          '-c',
          `docker-compose -f docker-compose.yml -f sink.yml exec -T gateway sh -c 'cat > /backups/restore-me.tar.gz' < "${archive}"`,
        ],
        { cwd: work, env: dockerEnv },
      );
      const restored = await inGateway('kith', 'restore', 'restore-me.tar.gz');
      assert.match(restored.stdout, /restored the backup of/);
      await compose('restart', 'auth', 'contacts', 'notifications', 'gateway');
      await waitHealthy();
    });
    // The access token from before the wipe verifies again: the signing key came back with the data.
    assert.deepEqual(await accountExport(), exportBefore);
    const login = await api('POST', '/auth/login', { body: { email: owner.email, password: owner.password } });
    assert.equal(login.status, 200, JSON.stringify(login.body));
  });

  it('keeps CardDAV honest after the restore: old sync tokens valid, later ones refused so the phone resyncs', async () => {
    // A write after the restore, before the phone comes back, must not make the later token look current.
    const written = await api('POST', '/contacts', { token, body: { firstName: 'Katherine', lastName: 'Johnson' } });
    assert.equal(written.status, 201);
    const fromBackup = await syncCollection(tokenAtBackup);
    assert.equal(fromBackup.status, 207, fromBackup.text);
    assert.match(fromBackup.text, /<d:href>/);
    const fromLater = await syncCollection(tokenAfterBackup);
    assert.equal(fromLater.status, 403, fromLater.text);
    assert.match(fromLater.text, /valid-sync-token/);
    // vdirsyncer (which lists etags rather than using tokens) converges on the server's state.
    await vdirsyncer('sync');
    const names = phoneCards()
      .map((card) => /FN:(.*)/.exec(card)?.[1].trim())
      .sort();
    assert.deepEqual(names, ['Ada Lovelace', 'Katherine Johnson']);
  });
});
