import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { loadConfig } from '@kith/nest-kit';
import { authEnvSchema } from './auth.config.js';

const { privateKey, publicKey } = generateKeyPairSync('ed25519', {
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});
const env = {
  DATABASE_URL: 'postgres://localhost/kith_auth',
  NATS_URL: 'nats://localhost:4222',
  JWT_PRIVATE_KEY: privateKey,
  JWT_PUBLIC_KEY: publicKey,
};

describe('auth config: TOTP_ENCRYPTION_KEY', () => {
  it('is optional (unset or empty)', () => {
    expect(loadConfig(authEnvSchema, env).TOTP_ENCRYPTION_KEY).toBeUndefined();
    expect(loadConfig(authEnvSchema, { ...env, TOTP_ENCRYPTION_KEY: '' }).TOTP_ENCRYPTION_KEY).toBeUndefined();
  });

  it('takes 32 bytes in base64', () => {
    const key = randomBytes(32);
    expect(
      loadConfig(authEnvSchema, { ...env, TOTP_ENCRYPTION_KEY: key.toString('base64') }).TOTP_ENCRYPTION_KEY,
    ).toEqual(key);
  });

  it('stops the service at boot for a key of another length or not in base64', () => {
    for (const bad of [randomBytes(16).toString('base64'), 'not base64 at all!', randomBytes(32).toString('hex')]) {
      expect(() => loadConfig(authEnvSchema, { ...env, TOTP_ENCRYPTION_KEY: bad })).toThrow(
        'TOTP_ENCRYPTION_KEY: must be 32 random bytes in base64 (openssl rand -base64 32)',
      );
    }
  });
});
