import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { ConfigError, env, loadConfig, serviceEnvSchema } from './load-config.js';

const validEnv = {
  PORT: '3001',
  DATABASE_URL: 'postgres://localhost/kith_auth',
  NATS_URL: 'nats://127.0.0.1:4222',
  JWT_PUBLIC_KEY: '-----BEGIN PUBLIC KEY-----\\nabc\\n-----END PUBLIC KEY-----',
};

describe('loadConfig', () => {
  it('returns typed values with defaults and unescaped PEM newlines', () => {
    const config = loadConfig(serviceEnvSchema, validEnv);
    expect(config).toMatchObject({ PORT: 3001, NATS_TIMEOUT_MS: 5000 });
    expect(config.JWT_PUBLIC_KEY).toBe('-----BEGIN PUBLIC KEY-----\nabc\n-----END PUBLIC KEY-----');
  });

  it('names every missing variable', () => {
    const { DATABASE_URL: _database, NATS_URL: _nats, ...rest } = validEnv;
    expect(() => loadConfig(serviceEnvSchema, rest)).toThrow(ConfigError);
    expect(() => loadConfig(serviceEnvSchema, rest)).toThrow(
      /DATABASE_URL: is required but not set[\s\S]*NATS_URL: is required but not set/,
    );
  });

  it('names a variable with a bad value and says why', () => {
    expect(() => loadConfig(serviceEnvSchema, { ...validEnv, NATS_URL: 'http://x' })).toThrow(
      /NATS_URL: must be a URL starting with nats:\/\//,
    );
    expect(() => loadConfig(serviceEnvSchema, { ...validEnv, PORT: 'eighty' })).toThrow(/PORT:/);
    expect(() => loadConfig(serviceEnvSchema, { ...validEnv, JWT_PUBLIC_KEY: 'secret' })).toThrow(
      /JWT_PUBLIC_KEY: must be a PEM key/,
    );
  });

  it('supports service-specific extensions', () => {
    const schema = serviceEnvSchema.extend({ SMTP_URL: env.url(['smtp', 'smtps']) });
    expect(() => loadConfig(schema, validEnv)).toThrow(/SMTP_URL: is required but not set/);
    expect(loadConfig(schema, { ...validEnv, SMTP_URL: 'smtp://127.0.0.1:1025' }).SMTP_URL).toBe(
      'smtp://127.0.0.1:1025',
    );
  });

  it('accepts any zod schema', () => {
    expect(loadConfig(z.object({ FLAG: z.enum(['on', 'off']) }), { FLAG: 'on' })).toEqual({ FLAG: 'on' });
  });

  describe('<NAME>_FILE', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kith-config-'));
    const write = (name: string, text: string) => {
      const path = join(dir, name);
      writeFileSync(path, text);
      return path;
    };

    it('reads a variable from the file it names, without the trailing newline', () => {
      const { JWT_PUBLIC_KEY, ...rest } = validEnv;
      const config = loadConfig(serviceEnvSchema, {
        ...rest,
        JWT_PUBLIC_KEY_FILE: write('public.pem', `${JWT_PUBLIC_KEY.replace(/\\n/g, '\n')}\n`),
        NATS_USER: 'auth',
        NATS_PASSWORD_FILE: write('nats.password', 'k-secret\n'),
      });
      expect(config.JWT_PUBLIC_KEY).toBe('-----BEGIN PUBLIC KEY-----\nabc\n-----END PUBLIC KEY-----');
      expect(config.NATS_PASSWORD).toBe('k-secret');
    });

    it('names a file that cannot be read, and refuses a variable given both ways', () => {
      const { DATABASE_URL: _unused, ...rest } = validEnv;
      const missing = join(dir, 'no-such-file');
      expect(() => loadConfig(serviceEnvSchema, { ...rest, DATABASE_URL_FILE: missing })).toThrow(
        new RegExp(`DATABASE_URL_FILE: cannot read ${missing} \\(ENOENT\\)`),
      );
      expect(() => loadConfig(serviceEnvSchema, { ...rest, DATABASE_URL_FILE: missing })).not.toThrow(
        /DATABASE_URL: is required/,
      );
      expect(() =>
        loadConfig(serviceEnvSchema, { ...validEnv, DATABASE_URL_FILE: write('url', 'postgres://x/y') }),
      ).toThrow(/DATABASE_URL_FILE: DATABASE_URL is set too/);
    });

    it('validates what the file holds like any value', () => {
      expect(() =>
        loadConfig(serviceEnvSchema, { ...validEnv, NATS_URL: '', NATS_URL_FILE: write('nats', 'http://x') }),
      ).toThrow(/NATS_URL: must be a URL starting with nats:\/\//);
    });
  });
});
