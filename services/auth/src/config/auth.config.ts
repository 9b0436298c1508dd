import { DEMO_RESET_INTERVAL_MS, RegistrationMode } from '@kith/contracts';
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
  /** The demo account (name, email, password) is put back this often, as its data is in contacts. */
  DEMO_RESET_INTERVAL_MS: env.milliseconds(DEMO_RESET_INTERVAL_MS),
  /** How often expired refresh and reset tokens are deleted. */
  TOKEN_PURGE_INTERVAL_MS: env.milliseconds(60 * 60_000),
  /** How often unacknowledged account erasures are retried (the first retry's delay). */
  ERASURE_SWEEP_INTERVAL_MS: env.milliseconds(5_000),
  /** Longest wait between two attempts to reach a service that is down. */
  ERASURE_RETRY_MAX_DELAY_MS: env.milliseconds(60_000),
  /**
   * 32 random bytes, base64 (`openssl rand -base64 32`), that encrypt the TOTP keys of two-factor
   * sign-in at rest. Unset: a key derived from JWT_PRIVATE_KEY is used (set this one before ever
   * rotating the signing key; values sealed with the derived key stay readable while it is the same).
   */
  TOTP_ENCRYPTION_KEY: z
    .string()
    .optional()
    .transform((value) => value?.trim() || undefined)
    .refine(
      (value) =>
        value === undefined || (/^[A-Za-z0-9+/]+={0,2}$/.test(value) && Buffer.from(value, 'base64').length === 32),
      { message: 'must be 32 random bytes in base64 (openssl rand -base64 32)' },
    )
    .transform((value) => (value === undefined ? undefined : Buffer.from(value, 'base64'))),
  /** Sign-in attempts in a row on one account that are never slowed down (see LoginThrottle). */
  LOGIN_BACKOFF_FREE_ATTEMPTS: env.positiveInt(5),
  /** The wait after the first attempt past the free ones; it doubles with each further failure. */
  LOGIN_BACKOFF_BASE_MS: env.milliseconds(1_000),
  /** The longest an account waits between attempts, however many failed. */
  LOGIN_BACKOFF_MAX_MS: env.milliseconds(5 * 60_000),
  /** Failed attempts are forgotten after this long without another. */
  LOGIN_BACKOFF_FORGET_MS: env.milliseconds(15 * 60_000),
  /**
   * Who may register: `open` (anyone), `invite` (those the operator invited) or `closed`. Under
   * `invite` and `closed` the first account of an empty instance may still register: it is the operator.
   */
  KITH_REGISTRATION: z
    .enum(Object.values(RegistrationMode) as [RegistrationMode, ...RegistrationMode[]], {
      error: "must be 'open', 'invite' or 'closed'",
    })
    .default(RegistrationMode.OPEN),
  /** Addresses (comma-separated) whose accounts are operators too, beside the first account. */
  KITH_OPERATORS: z
    .string()
    .default('')
    .transform(
      (value) =>
        new Set(
          value
            .split(',')
            .map((email) => email.trim().toLowerCase())
            .filter(Boolean),
        ),
    ),
  /**
   * 'true': a new account's address gets a confirmation link, and no reminder goes to it until the
   * link is used (docker compose turns it on; `npm start` leaves it off). Invited accounts are proven.
   */
  REQUIRE_EMAIL_VERIFICATION: z
    .enum(['true', 'false'], { error: "must be 'true' or 'false'" })
    .default('false')
    .transform((value) => value === 'true'),
  /**
   * The address people open: passkeys are bound to its origin (and its host name is their relying
   * party id), and single sign-on returns to it.
   */
  APP_URL: env
    .url(['http', 'https'])
    .default('http://localhost:8080')
    .transform((value) => value.replace(/\/+$/, '')),
  /**
   * Single sign-on (OpenID Connect): the provider's issuer URL (its discovery document is at
   * `<issuer>/.well-known/openid-configuration`). Unset: no 'Sign in with …' button.
   */
  OIDC_ISSUER: z
    .string()
    .optional()
    .transform((value) => value?.trim() || undefined)
    .pipe(env.url(['http', 'https']).optional()),
  /** The client registered at the provider, with redirect URI `<APP_URL>/login/sso`. */
  OIDC_CLIENT_ID: z
    .string()
    .optional()
    .transform((value) => value?.trim() || undefined),
  OIDC_CLIENT_SECRET: z
    .string()
    .optional()
    .transform((value) => value?.trim() || undefined),
  /** The name on the button ('Sign in with <name>'). */
  OIDC_PROVIDER_NAME: z.string().trim().min(1).max(60).default('single sign-on'),
  /**
   * 'true': a first single sign-on whose e-mail (verified by the provider) belongs to an existing
   * account signs in to that account. Off by default: the provider's word would otherwise open it.
   */
  OIDC_LINK_BY_EMAIL: z
    .enum(['true', 'false'], { error: "must be 'true' or 'false'" })
    .default('false')
    .transform((value) => value === 'true'),
});
export type AuthConfig = z.output<typeof authEnvSchema>;

/** Injection token of the validated config. */
export const AUTH_CONFIG = Symbol('AUTH_CONFIG');
