import { loadConfig, serviceEnvSchema } from '../config/load-config.js';
import { natsConnectionOptions } from './nats-connection.js';

describe('natsConnectionOptions', () => {
  it("connects as the process's own NATS user, with replies under its own inbox", () => {
    expect(
      natsConnectionOptions(
        { NATS_URL: 'nats://127.0.0.1:4222', NATS_USER: 'auth', NATS_PASSWORD: 's3cret' },
        'auth',
        'client',
      ),
    ).toEqual({
      servers: ['nats://127.0.0.1:4222'],
      name: 'auth-client',
      user: 'auth',
      pass: 's3cret',
      inboxPrefix: '_INBOX.auth',
      maxReconnectAttempts: -1,
    });
  });

  it('connects anonymously when no credentials are given (an empty variable counts as none)', () => {
    const config = loadConfig(serviceEnvSchema.pick({ NATS_URL: true, NATS_USER: true, NATS_PASSWORD: true }), {
      NATS_URL: 'nats://nats:4222',
      NATS_USER: '',
      NATS_PASSWORD: '',
    });
    const options = natsConnectionOptions(config, 'gateway', 'server');
    expect(options).not.toHaveProperty('user');
    expect(options).not.toHaveProperty('pass');
  });

  it('refuses a user without a password, and a password without a user', () => {
    expect(() => natsConnectionOptions({ NATS_URL: 'nats://x', NATS_USER: 'auth' }, 'auth', 'client')).toThrow(
      /NATS_PASSWORD: is required when NATS_USER is set/,
    );
    expect(() => natsConnectionOptions({ NATS_URL: 'nats://x', NATS_PASSWORD: 'p' }, 'auth', 'client')).toThrow(
      /NATS_USER: is required when NATS_PASSWORD is set/,
    );
  });

  it("connects to a cluster's nodes given as a comma-separated NATS_URL", () => {
    const config = loadConfig(serviceEnvSchema.pick({ NATS_URL: true, NATS_USER: true, NATS_PASSWORD: true }), {
      NATS_URL: 'nats://127.0.0.1:4222, nats://127.0.0.1:4223,nats://127.0.0.1:4224',
    });
    expect(natsConnectionOptions(config, 'contacts', 'server').servers).toEqual([
      'nats://127.0.0.1:4222',
      'nats://127.0.0.1:4223',
      'nats://127.0.0.1:4224',
    ]);
  });
});
