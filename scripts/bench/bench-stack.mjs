// What every benchmark shares: infrastructure (from env or embedded), a stack of auth + contacts +
// gateway on databases of its own, a way to register accounts, the targets report and teardown.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ACCESS_TOKEN_TTL_SECONDS } from '@kith/contracts';
import { dropStackDatabases, generateJwtKeys, ROOT, startInfra, startStack } from '@kith/stack';

export const log = (message) => console.log(message);

/** Starts the stack; `stop()` tears it down and drops its databases. */
export async function startBenchStack({ name, env = {} }) {
  // No mail is sent by a benchmark; an unreachable SMTP URL keeps the launcher from starting a mail catcher.
  process.env.SMTP_URL ??= 'smtp://127.0.0.1:1';
  const infra = await startInfra({ dataDir: join(ROOT, '.data'), quiet: true, log });
  const suffix = `_${name}${randomBytes(3).toString('hex')}`;
  // Services log to files, as under a container runtime's log driver: their output must not pass
  // through this process, whose event loop is busy generating the load being measured.
  const logDir = mkdtempSync(join(tmpdir(), `kith-${name}-logs-`));
  log(`  service logs in ${logDir}`);
  const stack = await startStack({
    infra,
    services: ['auth', 'contacts', 'gateway'],
    keys: generateJwtKeys(),
    databaseSuffix: suffix,
    quiet: true,
    logDir,
    // Logs as production writes them (docker-compose.yml): JSON lines, not the console's pretty ones.
    env: { SEED_DEMO: 'false', NODE_ENV: 'production', LOG_FORMAT: 'json', AUTH_RATE_LIMIT_MAX: '100000', ...env },
  });

  async function registerUser() {
    const response = await fetch(`${stack.gatewayUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        firstName: 'Bench',
        lastName: name,
        email: `${name}-${randomBytes(4).toString('hex')}@example.test`,
        password: 'bench-password-1',
      }),
    });
    if (response.status !== 201) throw new Error(`register failed: ${response.status} ${await response.text()}`);
    return (await response.json()).data;
  }

  /**
   * The user's Authorization header, good for a run longer than an access token lives: a token
   * past half its life is exchanged for a new one (POST /api/auth/refresh) before it is handed out.
   */
  function authorization(user) {
    let { accessToken, refreshToken } = user.tokens;
    let issuedAt = Date.now();
    return async () => {
      if (Date.now() - issuedAt > (ACCESS_TOKEN_TTL_SECONDS * 1000) / 2) {
        const response = await fetch(`${stack.gatewayUrl}/api/auth/refresh`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ refreshToken }),
        });
        if (response.status !== 200) throw new Error(`refresh failed: ${response.status} ${await response.text()}`);
        ({ accessToken, refreshToken } = (await response.json()).data.tokens);
        issuedAt = Date.now();
      }
      return { authorization: `Bearer ${accessToken}` };
    };
  }

  async function stop() {
    await stack.stop();
    await dropStackDatabases(infra.databaseUrl, suffix);
    await infra.stop();
  }

  return { infra, stack, registerUser, authorization, stop };
}

/** Prints the missed targets (or that all were met) and returns the exit code they call for. */
export function reportTargets(failures) {
  console.log(failures.length ? `\nTARGETS MISSED:\n  - ${failures.join('\n  - ')}` : '\nAll targets met.');
  return failures.length ? 1 : 0;
}
