#!/usr/bin/env node
// Records, in package-lock.json, the platform-specific optional binaries (e.g.
// @rspack/binding-darwin-arm64) that the npm registry mirror on our machines does not serve.
// npm cannot resolve them, so it leaves them out of the lock, and `npm ci` then refuses the
// lock as "out of sync". Each stub carries the os/cpu/libc its name implies, so npm skips it on
// every other platform exactly as it would skip the real package. Re-run after `npm install`.
import { readFileSync, writeFileSync } from 'node:fs';

const OS = ['darwin', 'win32', 'linux', 'freebsd', 'android', 'openharmony', 'sunos', 'aix'];
const CPU = {
  arm64: 'arm64',
  x64: 'x64',
  ia32: 'ia32',
  arm: 'arm',
  ppc64: 'ppc64',
  riscv64: 'riscv64',
  s390x: 's390x',
  loong64: 'loong64',
  wasm32: 'wasm32',
};

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((part) => OS.includes(part));
  const cpu = parts.map((part) => CPU[part]).find(Boolean);
  const libc = parts.some((part) => part === 'musl' || part.startsWith('musl'))
    ? 'musl'
    : parts.includes('gnu')
      ? 'glibc'
      : undefined;
  if (!cpu) return null;
  return { ...(os ? { os: [os] } : {}), cpu: [cpu], ...(libc ? { libc: [libc] } : {}) };
}

/** The lock entry Node's resolution would reach from `path` for `name` (walking up node_modules). */
function resolvedEntry(packages, path, name) {
  const segments = path ? path.split('/node_modules/') : [];
  for (let depth = segments.length; depth >= 0; depth -= 1) {
    const base = segments.slice(0, depth).join('/node_modules/');
    const candidate = base ? `${base}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[candidate]) return packages[candidate];
  }
  return undefined;
}

const lockPath = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
const packages = lock.packages;
const added = [];
for (const [path, entry] of Object.entries(packages)) {
  for (const [name, spec] of Object.entries(entry.optionalDependencies ?? {})) {
    const version = spec.replace(/^[\^~=]/, '');
    const nested = `${path ? `${path}/` : ''}node_modules/${name}`;
    const hoisted = `node_modules/${name}`;
    const found = resolvedEntry(packages, path, name);
    if (found && (found !== packages[hoisted] || found.version === version)) continue;
    const platform = platformOf(name);
    if (!platform) continue;
    // Hoisted unless another version already sits at the root (then beside its dependent).
    packages[packages[hoisted] ? nested : hoisted] = { version, ...platform, optional: true };
    added.push(`${name}@${version}`);
  }
}
lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(added.length ? `Recorded ${added.length} platform binaries: ${added.join(', ')}` : 'Nothing to record.');
