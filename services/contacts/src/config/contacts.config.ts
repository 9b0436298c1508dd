import { env, serviceEnvSchema } from '@kith/nest-kit';
import { z } from 'zod';

export const contactsEnvSchema = serviceEnvSchema.extend({
  /** 'true' seeds the demo user's lists, contacts and interactions (once, when they have none). */
  SEED_DEMO: z
    .enum(['true', 'false'], { error: "SEED_DEMO must be 'true' or 'false'" })
    .default('false')
    .transform((value) => value === 'true'),
  /**
   * PostgreSQL connections of the service (Prisma and the raw reads share them). Past about two
   * per database core, more connections only queue inside PostgreSQL: on 2 cores, 5 served the
   * contacts benchmark with a lower p95 than 10.
   */
  DATABASE_POOL_SIZE: env.positiveInt(5),
});
export type ContactsConfig = z.output<typeof contactsEnvSchema>;

/** Injection token of the validated config. */
export const CONTACTS_CONFIG = Symbol('CONTACTS_CONFIG');
