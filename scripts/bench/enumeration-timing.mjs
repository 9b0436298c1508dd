#!/usr/bin/env node
// Does the time of an answer tell whether an address has an account? Medians of forgot-password
// and of a failed login, for a known and an unknown address, many tries each, interleaved, at the
// auth port and through the gateway. Target: medians within 2 ms of each other.
//
//   npm run bench:enumeration [-- --tries=200]
import '../require-node.mjs';
import { log, reportTargets, startBenchStack } from './bench-stack.mjs';

const TRIES = Number(process.argv.find((arg) => arg.startsWith('--tries='))?.slice('--tries='.length) ?? 200);
const TARGET_MS = 2;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return (sorted[(sorted.length - 1) >> 1] + sorted[sorted.length >> 1]) / 2;
};

async function post(baseUrl, path, body, expectedStatus) {
  const started = performance.now();
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  const elapsed = performance.now() - started;
  if (response.status !== expectedStatus) throw new Error(`${path}: ${response.status}, expected ${expectedStatus}`);
  return elapsed;
}

/** Interleaved, in alternating order, with a pause for work done after an answer. */
async function compare(known, unknown) {
  const times = { known: [], unknown: [] };
  for (let i = 0; i < TRIES; i++) {
    for (const which of i % 2 ? ['unknown', 'known'] : ['known', 'unknown']) {
      times[which].push(await (which === 'known' ? known(i) : unknown(i)));
      await sleep(20);
    }
  }
  return {
    known: median(times.known),
    unknown: median(times.unknown),
    // Each known try against the unknown one next to it: slow drifts of the machine's load cancel out.
    paired: median(times.known.map((known, i) => known - times.unknown[i])),
  };
}

// notifications takes the reset mails, so auth is not busy retrying them meanwhile.
const bench = await startBenchStack({ name: 'enumeration', env: { LOGIN_BACKOFF_FREE_ATTEMPTS: '1000000' } });
const failures = [];
try {
  await bench.stack.startService('notifications');
  const { user } = await bench.registerUser();
  const targets = { 'auth port': bench.stack.urls.auth, gateway: bench.stack.gatewayUrl };
  log(`${TRIES} tries each, interleaved; target: medians within ${TARGET_MS} ms\n`);
  for (const [where, baseUrl] of Object.entries(targets)) {
    for (let i = 0; i < 10; i++) await post(baseUrl, '/api/auth/forgot-password', { email: user.email }, 200);
    const measures = {
      'forgot-password': await compare(
        () => post(baseUrl, '/api/auth/forgot-password', { email: user.email }, 200),
        (i) => post(baseUrl, '/api/auth/forgot-password', { email: `nobody-${i}@example.test` }, 200),
      ),
      'failed login': await compare(
        () => post(baseUrl, '/api/auth/login', { email: user.email, password: 'not-the-password' }, 401),
        (i) =>
          post(baseUrl, '/api/auth/login', { email: `nobody-${i}@example.test`, password: 'not-the-password' }, 401),
      ),
    };
    for (const [what, { known, unknown, paired }] of Object.entries(measures)) {
      const difference = Math.abs(known - unknown);
      log(
        `${what.padEnd(16)} via ${where.padEnd(9)}: known ${known.toFixed(2)} ms, unknown ${unknown.toFixed(2)} ms, ` +
          `difference ${difference.toFixed(2)} ms (median of paired differences ${paired.toFixed(2)} ms)`,
      );
      if (difference >= TARGET_MS) failures.push(`${what} via ${where}: medians ${difference.toFixed(2)} ms apart`);
    }
  }
} finally {
  await bench.stop();
}
process.exitCode = reportTargets(failures);
