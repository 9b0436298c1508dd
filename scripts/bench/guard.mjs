#!/usr/bin/env node
// `npm run bench:guard`: CI's speed guard, a short run of the contacts and browser benchmarks
// (10 000 contacts, 2 rounds of 2 s per read; 5 vs 20 000 contacts in Chromium) that fails only on
// ratios measured in the same run: a read's throughput share of its floor (the same SQL from a bare
// node:http + pg server) below its bound (25 %; the full benchmark's target is 50 %), or the first card at 20 000 contacts over 1.5× the
// 5-contact figure (and the DOM at the last contact over its count). Never absolute times: the
// machine is shared and its load varies. Prints how long each part took. Needs `npm run build`.
import '../require-node.mjs';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const parts = [
  {
    name: 'contacts reads against their floor',
    script: 'contacts.mjs',
    env: { BENCH_CONTACTS: '10000', BENCH_ROUNDS: '2', BENCH_DURATION: '2' },
  },
  { name: 'first card in Chromium, 5 vs 20 000 contacts', script: 'web.mjs', env: { BENCH_ROUNDS: '2' } },
];

const run = (script, env) =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, [fileURLToPath(new URL(script, import.meta.url))], {
      stdio: 'inherit',
      env: { ...process.env, ...env, BENCH_GUARD: '1' },
    });
    child.once('error', () => resolve(1));
    child.once('exit', (code) => resolve(code ?? 1));
  });

const results = [];
for (const part of parts) {
  const started = Date.now();
  const code = await run(part.script, part.env);
  results.push({ ...part, code, seconds: Math.round((Date.now() - started) / 1000) });
}
console.log('\n=== Speed guard ===');
for (const { name, code, seconds } of results) console.log(`  ${code === 0 ? 'PASS' : 'FAIL'}  ${name} (${seconds} s)`);
console.log(`  ${results.reduce((sum, result) => sum + result.seconds, 0)} s in all`);
process.exit(results.every((result) => result.code === 0) ? 0 : 1);
