import { ConfigError, loadConfig } from '@kith/nest-kit';
import { notificationsEnvSchema } from './notifications.config.js';

const validEnv = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/kith_notifications',
  NATS_URL: 'nats://127.0.0.1:4222',
  JWT_PUBLIC_KEY: '-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEA\n-----END PUBLIC KEY-----',
  APP_URL: 'https://kith.example.org/',
  SMTP_URL: 'smtp://127.0.0.1:1025',
};

describe('notificationsEnvSchema', () => {
  it('defaults the daily run to 09:00 UTC and trims the trailing slash of APP_URL', () => {
    const config = loadConfig(notificationsEnvSchema, validEnv);
    expect(config.DAILY_REMINDER_CRON).toBe('0 9 * * *');
    expect(config.APP_URL).toBe('https://kith.example.org');
  });

  it('refuses to boot with a bad cron expression, naming the variable', () => {
    const load = () => loadConfig(notificationsEnvSchema, { ...validEnv, DAILY_REMINDER_CRON: 'every morning' });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/DAILY_REMINDER_CRON: must be a cron expression/);
  });

  it('boots without a mail server (unset or empty SMTP_URL: e-mail is off), but not with a bad one', () => {
    const { SMTP_URL: _unused, ...withoutSmtp } = validEnv;
    expect(loadConfig(notificationsEnvSchema, withoutSmtp).SMTP_URL).toBeUndefined();
    expect(loadConfig(notificationsEnvSchema, { ...validEnv, SMTP_URL: '' }).SMTP_URL).toBeUndefined();
    expect(() => loadConfig(notificationsEnvSchema, { ...validEnv, SMTP_URL: 'mail.example.org' })).toThrow(
      /SMTP_URL: must be a URL starting with smtp:\/\/ or smtps:\/\//,
    );
  });
});
