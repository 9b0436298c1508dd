import { readFileSync } from 'node:fs';
import { z } from 'zod';

/** Thrown at boot when the environment is incomplete or wrong; the message names each variable. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/**
 * Validates the environment against a zod schema and returns the typed config, or throws a
 * ConfigError listing every missing or bad variable, so a misconfigured service never starts.
 */
export function loadConfig<Schema extends z.ZodType>(
  schema: Schema,
  givenEnv: NodeJS.ProcessEnv = process.env,
): z.output<Schema> {
  const { env, problems: fileProblems } = withSecretFiles(schema, givenEnv);
  const result = schema.safeParse(env);
  if (result.success && fileProblems.length === 0) return result.data;
  const problems = [
    ...fileProblems,
    ...(result.error?.issues ?? [])
      .filter((issue) => !fileProblems.some((problem) => problem.startsWith(`${issue.path.join('.')}_FILE:`)))
      .map((issue) => {
        const variable = issue.path.join('.') || '(environment)';
        const missing = issue.code === 'invalid_type' && env[variable] === undefined;
        return `${variable}: ${missing ? 'is required but not set' : issue.message}`;
      }),
  ];
  throw new ConfigError(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
}

/**
 * Any variable of the schema may instead be given as `<NAME>_FILE`: the path of a file holding its
 * value (docker compose and Kubernetes mount secrets as files, so keys never sit in the
 * environment or in `docker inspect`). One trailing newline is dropped. Giving both is an error.
 */
function withSecretFiles(schema: z.ZodType, env: NodeJS.ProcessEnv): { env: NodeJS.ProcessEnv; problems: string[] } {
  const names = schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
  const resolved = { ...env };
  const problems: string[] = [];
  for (const name of names) {
    const path = env[`${name}_FILE`];
    if (!path) continue;
    if (env[name] !== undefined && env[name] !== '') {
      problems.push(`${name}_FILE: ${name} is set too; give one or the other`);
      continue;
    }
    try {
      resolved[name] = readFileSync(path, 'utf8').replace(/\r?\n$/, '');
    } catch (error) {
      problems.push(`${name}_FILE: cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
    }
  }
  return { env: resolved, problems };
}

/** Building blocks every service's config schema reuses. */
export const env = {
  port: (fallback: number) => z.coerce.number().int().min(0).max(65_535).default(fallback),
  url: (protocols: string[]) =>
    z
      .string()
      .min(1)
      .refine((value) => protocols.some((protocol) => value.startsWith(`${protocol}://`)), {
        message: `must be a URL starting with ${protocols.map((protocol) => `${protocol}://`).join(' or ')}`,
      }),
  pem: () =>
    z
      .string()
      .min(1)
      .transform((value) => value.replace(/\\n/g, '\n'))
      .refine((value) => value.includes('-----BEGIN'), {
        message: 'must be a PEM key (-----BEGIN ...)',
      }),
  milliseconds: (fallback: number) => z.coerce.number().int().min(1).default(fallback),
  positiveInt: (fallback: number) => z.coerce.number().int().min(1).default(fallback),
  nonNegativeInt: (fallback: number) => z.coerce.number().int().min(0).default(fallback),
};

/** Treats an empty variable as unset (docker compose passes `${VAR:-}` as an empty string). */
const optionalSecret = () =>
  z
    .string()
    .optional()
    .transform((value) => value || undefined);

/**
 * The process's own NATS user (the launcher generates one per service; docker compose and an
 * operator's NATS take them from env). Both or neither: without them the connection is anonymous,
 * which a Kith NATS server refuses.
 */
export const natsCredentialsEnv = {
  NATS_USER: optionalSecret(),
  NATS_PASSWORD: optionalSecret(),
};

/** Variables every service needs: HTTP port, its database, NATS, and the token public key. */
export const serviceEnvSchema = z.object({
  PORT: env.port(3000),
  DATABASE_URL: env.url(['postgres', 'postgresql']),
  NATS_URL: env.url(['nats']),
  ...natsCredentialsEnv,
  NATS_TIMEOUT_MS: env.milliseconds(5000),
  JWT_PUBLIC_KEY: env.pem(),
});
export type ServiceEnv = z.output<typeof serviceEnvSchema>;
