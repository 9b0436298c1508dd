import { IMPORT_CONFIRM_BODY_LIMIT, IMPORT_CONFIRM_TIMEOUT_MS } from '@kith/contracts';
import { env, natsCredentialsEnv, serviceEnvSchema } from '@kith/nest-kit';
import { z } from 'zod';

const httpUrl = env.url(['http', 'https']);
const replicaUrlList = z
  .string()
  .min(1)
  .refine((value) => value.split(',').every((url) => httpUrl.safeParse(url.trim()).success), {
    message: 'must be a URL starting with http:// or https://, or several separated by commas',
  });

export const gatewayEnvSchema = z.object({
  PORT: env.port(8080),
  HOST: z.string().default('0.0.0.0'),
  NATS_URL: serviceEnvSchema.shape.NATS_URL,
  ...natsCredentialsEnv,
  NATS_TIMEOUT_MS: serviceEnvSchema.shape.NATS_TIMEOUT_MS,
  JWT_PUBLIC_KEY: serviceEnvSchema.shape.JWT_PUBLIC_KEY,
  /** A service's base URL, or one per replica separated by commas (the gateway balances over them). */
  AUTH_URL: replicaUrlList,
  CONTACTS_URL: replicaUrlList,
  NOTIFICATIONS_URL: replicaUrlList,
  /** A replica that failed a connection gets no requests for this long, then is probed (/health/live). */
  REPLICA_DOWN_MS: env.milliseconds(1_000),
  /** Slow upstream ⇒ 504 after this long. */
  UPSTREAM_TIMEOUT_MS: env.milliseconds(30_000),
  /** Confirming a big import may take longer than other calls (60 s by default). */
  IMPORT_CONFIRM_TIMEOUT_MS: env.milliseconds(IMPORT_CONFIRM_TIMEOUT_MS),
  /** Unreachable upstream ⇒ 503 after at most this long. */
  UPSTREAM_CONNECT_TIMEOUT_MS: env.milliseconds(2_000),
  JSON_BODY_LIMIT: z.string().default('1mb'),
  /** For LARGE_JSON_PATHS (import confirmation); the contacts service accepts the same. */
  LARGE_JSON_BODY_LIMIT: z.string().default(IMPORT_CONFIRM_BODY_LIMIT),
  /** Hard cap for any upload through the gateway (services enforce their own, smaller limits). */
  MAX_UPLOAD_BYTES: env.positiveInt(6 * 1024 * 1024),
  AUTH_RATE_LIMIT_MAX: env.positiveInt(30),
  AUTH_RATE_LIMIT_WINDOW_MS: env.milliseconds(15 * 60_000),
  /** Folder holding shell/dist and mfe-<name>/dist; empty to serve no front-end. */
  STATIC_DIR: z.string().default(''),
  REMOTE_DASHBOARD_URL: z.string().default('/mfe/dashboard/mf-manifest.json'),
  REMOTE_CONTACTS_URL: z.string().default('/mfe/contacts/mf-manifest.json'),
  REMOTE_LISTS_URL: z.string().default('/mfe/lists/mf-manifest.json'),
  /** Prometheus metrics on their own port (0 turns them off), on loopback unless METRICS_HOST says otherwise. */
  METRICS_PORT: env.port(9464),
  METRICS_HOST: z.string().default('127.0.0.1'),
  /** Behind a reverse proxy, trust its X-Forwarded-For for rate limiting (number of hops). */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).default(0),
});
export type GatewayConfig = z.output<typeof gatewayEnvSchema>;
