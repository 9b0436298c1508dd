import { env, serviceEnvSchema } from '@kith/nest-kit';
import { z } from 'zod';

export const authEnvSchema = serviceEnvSchema.extend({
  PORT: env.port(3001),
  /** PKCS8 PEM of the Ed25519 key that signs access tokens; JWT_PUBLIC_KEY must be its pair. */
  JWT_PRIVATE_KEY: env.pem(),
  SEED_DEMO: z
    .enum(['true', 'false'], { error: "must be 'true' or 'false'" })
    .default('false')
    .transform((value) => value === 'true'),
  /** How often expired refresh and reset tokens are deleted. */
  TOKEN_PURGE_INTERVAL_MS: env.milliseconds(60 * 60_000),
});
export type AuthConfig = z.output<typeof authEnvSchema>;

/** Injection token of the validated config. */
export const AUTH_CONFIG = Symbol('AUTH_CONFIG');
