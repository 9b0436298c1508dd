import { NATS_PEERS, type NatsPeer } from '@kith/contracts';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The services that own a PostgreSQL database (each its own, never another's). */
export const DATABASE_SERVICES = ['auth', 'contacts', 'notifications'] as const;
export type DatabaseService = (typeof DATABASE_SERVICES)[number];

/** The repository (or the image's /app): services' migrations and the NATS config live under it. */
export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

export const migrationsDirOf = (service: DatabaseService): string => join(ROOT, 'services', service, 'migrations');

/** A service's database, and the PostgreSQL role that owns it and nothing else. */
export const databaseNameOf = (service: DatabaseService): string => `kith_${service}`;

/**
 * The files of a secrets directory (docker compose's `secrets` volume, `npm start`'s .data/keys).
 * Each process reads its own through `<VARIABLE>_FILE`.
 */
export const SecretFile = {
  JWT_PRIVATE_KEY: 'jwt-private.pem',
  JWT_PUBLIC_KEY: 'jwt-public.pem',
  TOTP_ENCRYPTION_KEY: 'totp-encryption.key',
  CALENDAR_FEED_ENCRYPTION_KEY: 'calendar-feed-encryption.key',
  natsPassword: (peer: NatsPeer) => `nats-${peer}.password`,
  databaseUrl: (service: DatabaseService) => `${service}.database-url`,
} as const;

/**
 * The secrets stored data depends on: tokens and device cookies are signed with the JWT key and
 * two-factor keys are sealed with the TOTP key, calendar feed URLs with the feed key. A restore puts these back; the passwords that
 * only connect this installation's parts (NATS, PostgreSQL roles) stay as they are.
 */
export const DATA_SECRET_FILES: readonly string[] = [
  SecretFile.JWT_PRIVATE_KEY,
  SecretFile.JWT_PUBLIC_KEY,
  SecretFile.TOTP_ENCRYPTION_KEY,
  SecretFile.CALENDAR_FEED_ENCRYPTION_KEY,
];

/** Every file a complete secrets directory holds. */
export const ALL_SECRET_FILES: readonly string[] = [
  ...DATA_SECRET_FILES,
  ...NATS_PEERS.map((peer) => SecretFile.natsPassword(peer)),
  ...DATABASE_SERVICES.map((service) => SecretFile.databaseUrl(service)),
];
