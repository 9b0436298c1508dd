import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { ROOT, dropStackDatabases, freePort, generateJwtKeys, startInfra, startStack } from '@kith/stack';

const run = promisify(execFile);

/** The front-end builds the gateway serves from STATIC_DIR, each at `<app>/dist` (gateway/src/web/web-app.ts). */
export const FRONT_END_APPS = ['shell', 'mfe-dashboard', 'mfe-contacts', 'mfe-lists'] as const;
export type FrontEndApp = (typeof FRONT_END_APPS)[number];

export interface DeployStack {
  gatewayUrl: string;
  /** The folder the gateway serves the front-ends from: a copy of the repo's builds, ours to replace. */
  staticDir: string;
  stop(): Promise<void>;
}

/**
 * A stack of its own (PostgreSQL, NATS, services, gateway) whose gateway serves a temporary copy of
 * the built front-ends, so a test can publish a new build of one remote without touching the
 * repo's dist folders or the shared e2e stack.
 */
export async function startDeployStack(): Promise<DeployStack> {
  const root = mkdtempSync(join(tmpdir(), 'kith-e2e-deploy-'));
  // Embedded PostgreSQL runs as its own user when we are root: it must be able to enter the folder.
  chmodSync(root, 0o755);
  const staticDir = join(root, 'static');
  for (const app of FRONT_END_APPS) {
    cpSync(join(ROOT, app, 'dist'), join(staticDir, app, 'dist'), { recursive: true });
  }
  // A NATS shared with the e2e stack would let its services answer ours (same queue groups): always a private one.
  const sharedNats = process.env.NATS_URL;
  delete process.env.NATS_URL;
  const suffix = `_deploy${Date.now().toString(36)}`;
  let infra: Awaited<ReturnType<typeof startInfra>> | undefined;
  const removeAll = async () => {
    try {
      if (process.env.DATABASE_URL) await dropStackDatabases(process.env.DATABASE_URL, suffix);
      await infra?.stop();
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  };
  try {
    infra = await startInfra({ dataDir: join(root, 'data'), quiet: true, log: () => {} });
    if (sharedNats !== undefined) process.env.NATS_URL = sharedNats;
    const stack = await startStack({
      infra,
      keys: generateJwtKeys(),
      databaseSuffix: suffix,
      quiet: true,
      ports: { gateway: await freePort(), gatewayMetrics: await freePort() },
      env: { STATIC_DIR: staticDir, SEED_DEMO: 'false', AUTH_RATE_LIMIT_MAX: '100000', NODE_ENV: 'production' },
    });
    return {
      gatewayUrl: stack.gatewayUrl,
      staticDir,
      async stop() {
        try {
          await stack.stop();
        } finally {
          await removeAll();
        }
      },
    };
  } catch (error) {
    if (sharedNats !== undefined) process.env.NATS_URL = sharedNats;
    await removeAll();
    throw error;
  }
}

/**
 * Builds one remote alone, from a copy of its sources with `edit` applied to one file, and returns
 * the folder of the new build. The copy sits next to the real one in the workspace, so its
 * packages and `../tsconfig.base.json` resolve as they do for the original. `cleanup` removes it.
 */
export async function buildRemoteAlone(
  app: Exclude<FrontEndApp, 'shell'>,
  edit: { file: string; replace: string; with: string },
): Promise<{ dist: string; cleanup: () => void }> {
  const copy = mkdtempSync(join(ROOT, `.${app}-deploy-`));
  const cleanup = () => rmSync(copy, { recursive: true, force: true });
  try {
    for (const entry of ['src', 'package.json', 'rsbuild.config.ts', 'tsconfig.json']) {
      cpSync(join(ROOT, app, entry), join(copy, entry), { recursive: true });
    }
    const file = join(copy, edit.file);
    const source = readFileSync(file, 'utf8');
    if (!source.includes(edit.replace)) throw new Error(`${app}/${edit.file} no longer contains "${edit.replace}"`);
    writeFileSync(file, source.replace(edit.replace, edit.with));
    await run('npx', ['rsbuild', 'build'], {
      cwd: copy,
      timeout: 120_000,
      env: { ...process.env, NODE_ENV: 'production' },
    });
    return { dist: join(copy, 'dist'), cleanup };
  } catch (error) {
    cleanup();
    throw error;
  }
}

/** Publishes a build where the gateway serves `app` from (and so where `/app-config.json` points). */
export function publish(build: string, staticDir: string, app: FrontEndApp): void {
  const target = join(staticDir, app, 'dist');
  rmSync(target, { recursive: true, force: true });
  cpSync(build, target, { recursive: true });
}

/** Every file under `dir` (relative path) → its SHA-256. */
export function hashTree(dir: string): Record<string, string> {
  const hashes: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    hashes[relative(dir, path)] = createHash('sha256').update(readFileSync(path)).digest('hex');
  }
  return hashes;
}
