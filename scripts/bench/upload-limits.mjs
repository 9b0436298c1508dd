#!/usr/bin/env node
// Oversized uploads against the contacts service, sent chunked (no Content-Length), directly at
// its port and through the gateway: what each answers, how fast, and how much the contacts
// process's resident memory grows meanwhile (sampled from /proc every 10 ms).
//
//   npm run bench:uploads            (Linux: reads /proc/<pid>/status)
//
// Bodies: an 8 MB vCard file; and the same file behind 64 text fields of 1 MB each.
import '../require-node.mjs';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { log, startBenchStack } from './bench-stack.mjs';

const MB = 1024 * 1024;
const FILE_BYTES = 8 * MB;
const FIELDS = 64;
const FIELD_BYTES = MB;

const rssOf = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) * 1024;
const mb = (bytes) => `${(bytes / MB).toFixed(1)} MB`;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The multipart body, produced as it is sent: text fields first (if any), then the file. */
function* multipartChunks(boundary, fields) {
  const field = Buffer.alloc(FIELD_BYTES, 'f');
  for (let i = 0; i < fields; i++) {
    yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="note${i}"\r\n\r\n`);
    yield field;
    yield Buffer.from('\r\n');
  }
  yield Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="vcfFile"; filename="big.vcf"\r\nContent-Type: text/vcard\r\n\r\n`,
  );
  const card = Buffer.from(`BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Big Card\r\nNOTE:${'x'.repeat(4000)}\r\nEND:VCARD\r\n`);
  for (let sent = 0; sent < FILE_BYTES; sent += card.length) yield card;
  yield Buffer.from(`\r\n--${boundary}--\r\n`);
}

/** Sends the body chunked, stopping once an answer arrives; resolves with what happened. */
function upload(url, token, fields) {
  return new Promise((resolve) => {
    const boundary = `bench${Date.now()}`;
    const started = performance.now();
    let sent = 0;
    let settled = false;
    const finish = (outcome) => {
      if (settled) return;
      settled = true;
      resolve({ ...outcome, sent, ms: performance.now() - started });
      request.destroy();
    };
    const request = http.request(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'transfer-encoding': 'chunked',
      },
    });
    request.on('response', (response) => {
      let body = '';
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => finish({ status: response.statusCode, body: body.slice(0, 120) }));
    });
    request.on('error', (error) => finish({ status: `connection ${error.code ?? error.message}` }));
    const chunks = multipartChunks(boundary, fields);
    // next() by hand: leaving a for…of on backpressure would close the generator.
    const pump = () => {
      for (let next = chunks.next(); !next.done; next = chunks.next()) {
        if (settled) return;
        sent += next.value.length;
        if (!request.write(next.value)) return request.once('drain', pump);
      }
      request.end();
    };
    pump();
  });
}

/** Runs `work` while sampling the RSS of `pid`; the baseline is the median of a quiet second before. */
async function measured(pid, work) {
  const quiet = [];
  for (let i = 0; i < 20; i++) {
    quiet.push(rssOf(pid));
    await sleep(50);
  }
  quiet.sort((a, b) => a - b);
  const baseline = quiet[10];
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 10);
  const outcome = await work();
  await sleep(500);
  clearInterval(sampler);
  return { ...outcome, baseline, peak, after: rssOf(pid) };
}

const bench = await startBenchStack({ name: 'uploads' });
try {
  const { tokens } = await bench.registerUser();
  const pid = bench.stack.running.get('contacts')[0].child.pid;
  const targets = { 'contacts port': bench.stack.urls.contacts, gateway: bench.stack.gatewayUrl };
  log(`contacts service pid ${pid}; every body is sent chunked (Transfer-Encoding: chunked)\n`);
  for (const [body, fields] of [
    [`8 MB file`, 0],
    [`${FIELDS} x 1 MB text fields + 8 MB file`, FIELDS],
  ]) {
    for (const [where, base] of Object.entries(targets)) {
      const result = await measured(pid, () => upload(`${base}/api/contacts/import/parse`, tokens.accessToken, fields));
      log(
        `${body.padEnd(36)} via ${where.padEnd(13)} → ${String(result.status).padEnd(4)} in ${result.ms.toFixed(0).padStart(5)} ms; ` +
          `contacts RSS ${mb(result.baseline)} → peak ${mb(result.peak)} (+${mb(result.peak - result.baseline)}), ` +
          `${mb(result.after)} after; client had written ${mb(result.sent)}`,
      );
      if (result.body) log(`    ${result.body}`);
    }
  }
} finally {
  await bench.stop();
}
