import { readFileSync } from 'node:fs';
import { NATS_PEERS } from '@kith/contracts';
import {
  generateNatsCredentials,
  generateNatsPassword,
  natsCredentialsFromEnv,
  natsServerConfig,
  natsServerEnv,
} from './nats-config.mjs';

describe('the nats-server configuration', () => {
  it('is what deploy/nats-server.conf holds (docker compose runs the same bus as the launcher)', async () => {
    const committed = readFileSync(new URL('../../../deploy/nats-server.conf', import.meta.url), 'utf8');
    expect(committed).toBe(await natsServerConfig());
  });

  it('names one user per process, with its password read from the environment', async () => {
    const config = await natsServerConfig();
    for (const peer of NATS_PEERS) {
      expect(config).toContain(`user: "${peer}"\n      password: $NATS_${peer.toUpperCase()}_PASSWORD\n`);
    }
    expect(config).not.toMatch(/no_auth_user|allow: \[\]/);
  });
});

describe('NATS passwords', () => {
  it('are random and never parse as a number, boolean or size in nats-server', async () => {
    const passwords = Array.from({ length: 200 }, () => generateNatsPassword());
    expect(new Set(passwords).size).toBe(200);
    for (const password of passwords) expect(password).toMatch(/^[A-Za-z][A-Za-z0-9_-]{32}$/);
    const credentials = await generateNatsCredentials();
    expect(Object.keys(credentials)).toEqual([...NATS_PEERS]);
    expect(credentials.auth.user).toBe('auth');
  });

  it('reach nats-server as NATS_<PEER>_PASSWORD, the names an operator sets for external NATS too', async () => {
    const credentials = { auth: { user: 'auth', password: 'kA' }, gateway: { user: 'gateway', password: 'kG' } };
    expect(natsServerEnv(credentials)).toEqual({ NATS_AUTH_PASSWORD: 'kA', NATS_GATEWAY_PASSWORD: 'kG' });
    await expect(natsCredentialsFromEnv({ NATS_AUTH_PASSWORD: 'kA', NATS_GATEWAY_PASSWORD: 'kG' })).resolves.toEqual(
      credentials,
    );
  });
});
