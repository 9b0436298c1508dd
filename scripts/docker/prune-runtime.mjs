#!/usr/bin/env node
// Leaves in node_modules only what the back end loads at run time: the packages reachable from
// the given workspaces through `dependencies`, `optionalDependencies` and required peers, read
// from package-lock.json. `npm ci --omit=dev` alone keeps more: whatever a front-end workspace
// needs (React, TypeScript as a peer), and dev tools that are also some package's optional peer
// (npm marks them devOptional and omits them only with optional dependencies, which the platform
// binaries of argon2 are). Usage (in the image's build): node prune-runtime.mjs <workspace>...
import { existsSync, readFileSync, rmSync } from 'node:fs';

const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')).packages;
const workspaces = process.argv.slice(2);

/** Where Node would find `name` when required from the package at `from` (a lock key). */
function resolve(from, name) {
  for (let dir = from; ;) {
    const candidate = `${dir ? `${dir}/` : ''}node_modules/${name}`;
    if (lock[candidate]) return candidate;
    if (!dir) return null;
    const parent = dir.lastIndexOf('/node_modules/');
    dir = parent === -1 ? '' : dir.slice(0, parent);
  }
}

const kept = new Set();
const visit = (key) => {
  if (kept.has(key)) return;
  kept.add(key);
  const entry = lock[key];
  if (entry.link) return visit(entry.resolved);
  const required = {
    ...entry.dependencies,
    ...entry.optionalDependencies,
    ...Object.fromEntries(
      Object.entries(entry.peerDependencies ?? {}).filter(([name]) => !entry.peerDependenciesMeta?.[name]?.optional),
    ),
  };
  for (const name of Object.keys(required)) {
    const found = resolve(key, name);
    if (found) visit(found);
  }
};
for (const workspace of workspaces) visit(workspace);

let removed = 0;
for (const key of Object.keys(lock)) {
  if (!key.startsWith('node_modules/') && !key.includes('/node_modules/')) continue;
  if (kept.has(key) || !existsSync(key)) continue;
  rmSync(key, { recursive: true, force: true });
  removed += 1;
}
console.log(`prune-runtime: kept ${kept.size} packages, removed ${removed}`);
