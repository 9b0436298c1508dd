import { createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { NATS_PEERS } from '@kith/contracts';
import { DATABASE_SERVICES, databaseNameOf, SecretFile } from './layout.js';

/** Who the files belong to (the image's `node` user when `kith init` runs as root). */
export interface FileOwner {
  uid: number;
  gid: number;
}

/** Where the services reach PostgreSQL (written into each service's database URL). */
export interface DatabaseAddress {
  host: string;
  port: number;
}

/**
 * A random password for NATS or PostgreSQL: 192 bits, base64url (safe in a URL's user info).
 * nats-server reads a `$VARIABLE` value as a config value, so a leading letter keeps it a string.
 */
export const randomPassword = (): string => `k${randomBytes(24).toString('base64url')}`;

/** Writes a file atomically (a crash never leaves half a key), readable by its owner only. */
export function writeSecretFile(path: string, text: string, owner?: FileOwner): void {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, text, { mode: 0o600 });
  chmodSync(temporary, 0o600);
  if (owner) chownSync(temporary, owner.uid, owner.gid);
  renameSync(temporary, path);
}

const read = (path: string): string | null => (existsSync(path) ? readFileSync(path, 'utf8') : null);

/**
 * Creates every secret of an installation that `dir` lacks, and leaves the others exactly as they
 * are (a restart, or a second `kith init`, changes nothing). Returns the names it created.
 */
export function ensureSecrets(dir: string, database: DatabaseAddress, owner?: FileOwner): string[] {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const created: string[] = [];
  const create = (name: string, text: string) => {
    writeSecretFile(join(dir, name), text, owner);
    created.push(name);
  };

  const privatePem = read(join(dir, SecretFile.JWT_PRIVATE_KEY));
  if (!privatePem) {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519', {
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    create(SecretFile.JWT_PRIVATE_KEY, privateKey);
    create(SecretFile.JWT_PUBLIC_KEY, publicKey);
  } else if (!read(join(dir, SecretFile.JWT_PUBLIC_KEY))) {
    const publicKey = createPublicKey(createPrivateKey(privatePem)).export({ type: 'spki', format: 'pem' });
    create(SecretFile.JWT_PUBLIC_KEY, publicKey.toString());
  }
  for (const keyFile of [SecretFile.TOTP_ENCRYPTION_KEY, SecretFile.CALENDAR_FEED_ENCRYPTION_KEY]) {
    if (!read(join(dir, keyFile))) create(keyFile, `${randomBytes(32).toString('base64')}\n`);
  }
  for (const peer of NATS_PEERS) {
    if (!read(join(dir, SecretFile.natsPassword(peer)))) create(SecretFile.natsPassword(peer), `${randomPassword()}\n`);
  }
  for (const service of DATABASE_SERVICES) {
    if (read(join(dir, SecretFile.databaseUrl(service)))) continue;
    const name = databaseNameOf(service);
    const url = `postgres://${name}:${randomPassword()}@${database.host}:${database.port}/${name}`;
    create(SecretFile.databaseUrl(service), `${url}\n`);
  }
  return created;
}

/** A secret file's text without its trailing newline. */
export function readSecret(dir: string, name: string): string {
  const text = read(join(dir, name));
  if (text === null) throw new Error(`${join(dir, name)} is missing: run \`kith init\` first`);
  return text.replace(/\r?\n$/, '');
}

/** Each service's database URL, from a secrets directory. */
export function databaseUrlsFrom(dir: string): Record<(typeof DATABASE_SERVICES)[number], string> {
  return Object.fromEntries(
    DATABASE_SERVICES.map((service) => [service, readSecret(dir, SecretFile.databaseUrl(service))]),
  ) as Record<(typeof DATABASE_SERVICES)[number], string>;
}
