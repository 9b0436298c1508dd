// Test harness: a real stack (built services as processes) on the PostgreSQL and NATS named by
// DATABASE_URL and NATS_URL (scripts/test.mjs provides them), with fresh databases per stack.
import { randomBytes } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import { relative } from 'node:path';
import pg from 'pg';
import { natsInboxPrefix } from '@kith/contracts';
import { startNatsServer } from './infra.mjs';
import { dropStackDatabases, generateJwtKeys, ROOT, startStack, SERVICES } from './stack.mjs';

import { apiConformance } from './api-conformance.mjs';

export { apiConformance };
export { committedDbTypes, dbTypesOf } from './db-types.mjs';

let userCounter = 0;
/** Gateway URL → the checker of the OpenAPI document it serves: every answer of the suite is held to it. */
const conformanceByGateway = new Map();

export async function startTestStack({
  services = [...SERVICES, 'gateway'],
  env = {},
  smtpUrl,
  supervise = false,
  databaseSuffix,
  logDir,
} = {}) {
  const { DATABASE_URL } = process.env;
  if (!DATABASE_URL) {
    throw new Error('Integration tests need DATABASE_URL (run them with `npm test`, which provides it).');
  }
  // Fresh databases, unless the test prepared its own (e.g. made by an older release).
  const suffix = databaseSuffix ?? `_t${randomBytes(4).toString('hex')}`;
  // Each stack gets its own NATS: services of two stacks in one queue group would answer each other.
  const nats = await startNatsServer({ port: 0 });
  const infra = {
    databaseUrl: DATABASE_URL,
    natsUrl: nats.url,
    natsCredentials: nats.credentials,
    smtpUrl: smtpUrl ?? process.env.SMTP_URL ?? 'smtp://127.0.0.1:1',
  };
  let stack;
  try {
    stack = await startStack({
      infra,
      services,
      keys: generateJwtKeys(),
      databaseSuffix: suffix,
      quiet: process.env.STACK_VERBOSE !== '1',
      env: {
        SEED_DEMO: 'false',
        AUTH_RATE_LIMIT_MAX: '100000',
        NODE_ENV: 'test',
        CALENDAR_FEED_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
        ...env,
      },
      supervise,
      // Each process's whole output in `<logDir>/<name>-<replica>.log` (else only its recent lines are kept).
      logDir,
    });
  } catch (error) {
    await nats.stop();
    throw error;
  }

  if (services.includes('gateway')) {
    const document = await (await fetch(`${stack.gatewayUrl}/api/openapi.json`)).json();
    conformanceByGateway.set(stack.gatewayUrl, apiConformance(document, { lazy: true }));
  }

  /** Registers a fresh user through the gateway. */
  async function registerUser(overrides = {}) {
    userCounter += 1;
    const body = {
      firstName: 'Test',
      lastName: `User${userCounter}`,
      email: `user${userCounter}-${randomBytes(4).toString('hex')}@example.test`,
      password: 'correct-horse-1',
      ...overrides,
    };
    const response = await fetch(`${stack.gatewayUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    checkAnswer(stack.gatewayUrl, {
      method: 'POST',
      url: '/api/auth/register',
      status: response.status,
      contentType: response.headers.get('content-type'),
      body: text,
    });
    const json = JSON.parse(text);
    if (response.status !== 201) throw new Error(`register failed: ${response.status} ${JSON.stringify(json)}`);
    const { user, tokens } = json.data;
    return { user, tokens, password: body.password, authHeader: { authorization: `Bearer ${tokens.accessToken}` } };
  }

  /** The X-Step-Up header for guarded changes, got with the user's password (and factor) as a person would. */
  async function stepUpHeader(user, factor = {}) {
    const answer = await call(stack.gatewayUrl, 'POST', '/api/auth/step-up', {
      body: { password: user.password, ...factor },
      headers: user.authHeader,
    });
    if (answer.status !== 200) throw new Error(`step-up failed: ${answer.status} ${JSON.stringify(answer.body)}`);
    return { 'x-step-up': answer.body.data.stepUpToken };
  }

  /** Drops this stack's databases after stopping it. */
  async function stop() {
    conformanceByGateway.delete(stack.gatewayUrl);
    await stack.stop();
    await nats.stop();
    await dropStackDatabases(DATABASE_URL, suffix);
  }

  /**
   * Options for `connect()` of @nats-io/transport-node (or Nest's NATS client) that connect as
   * `peer` would: its user, password and inbox. The bus admits no one else.
   */
  function natsConnectOptions(peer) {
    const { user, password } = nats.credentials[peer];
    return { servers: nats.url, user, pass: password, inboxPrefix: natsInboxPrefix(peer), name: `test-as-${peer}` };
  }

  return { ...stack, registerUser, stepUpHeader, natsConnectOptions, stop };
}

/** Polls `probe` every 100 ms until it returns a truthy value, which it returns. */
export async function eventually(probe, { timeoutMs = 10_000, what = 'condition' } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Says that the running test repeats a measurement (a retry inside the test): printed, and written
 * for scripts/test.mjs (KITH_RETRIES_INSIDE_FILE), which counts the test as flaky and fails the run
 * unless scripts/test-allowlist.mjs names it. Call it before each repeat, with what missed.
 */
export function noteRetry(why) {
  const state = globalThis.expect?.getState?.() ?? {};
  const file = state.testPath ? relative(ROOT, state.testPath) : 'an unknown file';
  const name = `${file}: ${state.currentTestName ?? 'an unknown test'}`;
  console.warn(`retried inside ${name}: ${why}`);
  const target = process.env.KITH_RETRIES_INSIDE_FILE;
  if (target) appendFileSync(target, `${JSON.stringify({ name, why })}\n`);
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Throws when an answer through a test stack's gateway does not conform to the document it serves. */
export function checkAnswer(baseUrl, answer) {
  const problems = conformanceByGateway.get(baseUrl)?.check(answer) ?? [];
  if (problems.length) {
    throw new Error(
      `The answer does not conform to the OpenAPI document (packages/contracts/src/api/routes/):\n${problems.join('\n')}`,
    );
  }
}

/**
 * Calls an HTTP JSON API (the gateway, or a service directly) and reads the answer. Answers
 * through a test stack's gateway must conform to its OpenAPI document.
 */
export async function call(baseUrl, method, path, options = {}) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { ...(options.body === undefined ? {} : { 'content-type': 'application/json' }), ...options.headers },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  checkAnswer(baseUrl, {
    method,
    url: path,
    status: response.status,
    contentType: response.headers.get('content-type'),
    body: text,
  });
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** Runs one SQL statement against a database of the stack. */
export async function sql(databaseUrl, text, values = []) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}
