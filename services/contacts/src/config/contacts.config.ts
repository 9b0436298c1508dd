import {
  DEFAULT_CONTACT_COUNT_CACHE_ENTRIES,
  DEFAULT_CONTACTS_DATABASE_POOL_SIZE,
  DEMO_RESET_INTERVAL_MS,
} from '@kith/contracts';
import { env, serviceEnvSchema } from '@kith/nest-kit';
import { z } from 'zod';

export const contactsEnvSchema = serviceEnvSchema.extend({
  /** 'true' restores the demo user's lists, contacts and interactions at start and every DEMO_RESET_INTERVAL_MS. */
  SEED_DEMO: z
    .enum(['true', 'false'], { error: "SEED_DEMO must be 'true' or 'false'" })
    .default('false')
    .transform((value) => value === 'true'),
  DEMO_RESET_INTERVAL_MS: env.milliseconds(DEMO_RESET_INTERVAL_MS),
  /** PostgreSQL connections of the service. */
  DATABASE_POOL_SIZE: env.positiveInt(DEFAULT_CONTACTS_DATABASE_POOL_SIZE),
  /** Counts kept between requests until the user's contacts change (see contacts/count-cache.ts); 0 keeps none. */
  COUNT_CACHE_ENTRIES: env.nonNegativeInt(DEFAULT_CONTACT_COUNT_CACHE_ENTRIES),
  /**
   * 32 random bytes, base64 (`openssl rand -base64 32`), that encrypt calendar feed tokens at rest
   * so Settings can show the URL again. Unset: the URL is shown only when it is made (as before).
   */
  CALENDAR_FEED_ENCRYPTION_KEY: z
    .string()
    .optional()
    .transform((value) => value?.trim() || undefined)
    .refine(
      (value) =>
        value === undefined || (/^[A-Za-z0-9+/]+={0,2}$/.test(value) && Buffer.from(value, 'base64').length === 32),
      { message: 'must be 32 random bytes in base64 (openssl rand -base64 32)' },
    )
    .transform((value) => (value === undefined ? undefined : Buffer.from(value, 'base64'))),
  /** Public address of the app: calendar feed URLs are built from it, never from a request's Host. */
  APP_URL: env.url(['http', 'https']).transform((value) => value.replace(/\/+$/, '')),
});
export type ContactsConfig = z.output<typeof contactsEnvSchema>;

/** Injection token of the validated config. */
export const CONTACTS_CONFIG = Symbol('CONTACTS_CONFIG');
