// Secrets `npm start` keeps in its data dir between runs (created once, mode 0600), so a restart
// never makes stored data unreadable.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The key that encrypts authenticator (TOTP) keys at rest: TOTP_ENCRYPTION_KEY from the environment,
 * else 32 random bytes (base64) kept in `dir`. A dedicated key, so replacing the JWT signing key
 * never locks anyone out of two-factor sign-in.
 */
export function loadOrCreateTotpEncryptionKey(dir) {
  if (process.env.TOTP_ENCRYPTION_KEY) return process.env.TOTP_ENCRYPTION_KEY;
  const file = join(dir, 'totp-encryption.key');
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600 });
  }
  return readFileSync(file, 'utf8').trim();
}
