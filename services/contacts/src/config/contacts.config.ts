import { serviceEnvSchema } from '@kith/nest-kit';
import { z } from 'zod';

export const contactsEnvSchema = serviceEnvSchema.extend({
  /** 'true' seeds the demo user's lists, contacts and interactions (once, when they have none). */
  SEED_DEMO: z
    .enum(['true', 'false'], { error: "SEED_DEMO must be 'true' or 'false'" })
    .default('false')
    .transform((value) => value === 'true'),
});
export type ContactsConfig = z.output<typeof contactsEnvSchema>;

/** Injection token of the validated config. */
export const CONTACTS_CONFIG = Symbol('CONTACTS_CONFIG');
