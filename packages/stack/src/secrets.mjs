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
  return loadOrCreateKey(dir, 'TOTP_ENCRYPTION_KEY', 'totp-encryption.key');
}

/**
 * The key that encrypts calendar feed tokens at rest (so Settings can show the feed's URL again):
 * CALENDAR_FEED_ENCRYPTION_KEY from the environment, else one kept in `dir`.
 */
export function loadOrCreateCalendarFeedEncryptionKey(dir) {
  return loadOrCreateKey(dir, 'CALENDAR_FEED_ENCRYPTION_KEY', 'calendar-feed-encryption.key');
}

/** `variable` from the environment, else 32 random bytes (base64) kept in `dir/file`, made once. */
function loadOrCreateKey(dir, variable, fileName) {
  if (process.env[variable]) return process.env[variable];
  const file = join(dir, fileName);
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600 });
  }
  return readFileSync(file, 'utf8').trim();
}
