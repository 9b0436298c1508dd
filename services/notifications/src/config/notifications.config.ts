import { DAILY_REMINDER_CRON } from '@kith/contracts';
import { env, serviceEnvSchema } from '@kith/nest-kit';
import { CronTime } from 'cron';
import { z } from 'zod';

function isCronExpression(value: string): boolean {
  try {
    new CronTime(value, 'UTC');
    return true;
  } catch {
    return false;
  }
}

export const notificationsEnvSchema = serviceEnvSchema.extend({
  PORT: env.port(3003),
  /** Public base URL of the app; every link in an email is built from it, never from a request. */
  APP_URL: env.url(['http', 'https']).transform((value) => value.replace(/\/+$/, '')),
  /**
   * The mail server. Unset (or empty): e-mail is off. Kith still runs, /health and the app say so,
   * and mail is never sent (see OutboxDispatcher: it is recorded as not sent, never retried).
   */
  SMTP_URL: z.preprocess((value) => (value === '' ? undefined : value), env.url(['smtp', 'smtps']).optional()),
  MAIL_FROM: z.string().min(1).default('Kith <reminders@kith.local>'),
  DAILY_REMINDER_CRON: z
    .string()
    .default(DAILY_REMINDER_CRON)
    .refine(isCronExpression, { message: 'must be a cron expression such as "0 9 * * *"' }),
  /** How often a failed daily run is retried until the day's run succeeds. */
  DAILY_RUN_RETRY_MS: env.milliseconds(5 * 60_000),
  /** Users per digest batch (and per auth lookup); bounds the memory of a run. */
  DIGEST_BATCH_SIZE: env.positiveInt(200),
  OUTBOX_POLL_MS: env.milliseconds(2_000),
  OUTBOX_CONCURRENCY: env.positiveInt(4),
  OUTBOX_MAX_ATTEMPTS: env.positiveInt(20),
  OUTBOX_BACKOFF_BASE_MS: env.milliseconds(30_000),
  OUTBOX_BACKOFF_MAX_MS: env.milliseconds(30 * 60_000),
  SMTP_TIMEOUT_MS: env.milliseconds(15_000),
  WEBHOOK_TIMEOUT_MS: env.milliseconds(10_000),
  /** Webhooks to private networks (localhost, 10/8...) are refused unless the operator allows them. */
  ALLOW_PRIVATE_WEBHOOKS: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
});
export type NotificationsConfig = z.output<typeof notificationsEnvSchema>;

export const NOTIFICATIONS_CONFIG = Symbol('NOTIFICATIONS_CONFIG');
