-- Up Migration
-- 'Pause reminder e-mails': no daily reminder while set (test reminders still go out).
ALTER TABLE notification_settings ADD COLUMN reminders_paused boolean NOT NULL DEFAULT false;

-- The HMAC key that signs one-click links in e-mails; created once by the first process that
-- needs it, shared by every replica.
CREATE TABLE signing_keys (
  name       text PRIMARY KEY,
  secret     bytea NOT NULL,
  created_at timestamptz(3) NOT NULL DEFAULT now()
);

-- One row per single-use link that was used; a second use finds its id here.
CREATE TABLE email_action_uses (
  token_id   uuid PRIMARY KEY,
  user_id    uuid NOT NULL,
  used_at    timestamptz(3) NOT NULL DEFAULT now(),
  -- After the link's expiry the row is useless (the signature check refuses it anyway).
  expires_at timestamptz(3) NOT NULL
);
CREATE INDEX email_action_uses_expires_idx ON email_action_uses (expires_at);

-- Extra headers of a mail (List-Unsubscribe, List-Unsubscribe-Post).
ALTER TABLE email_outbox ADD COLUMN headers jsonb;

-- A user's webhook / ntfy channel: the same reminders, POSTed to a URL they chose.
CREATE TABLE webhooks (
  user_id    uuid PRIMARY KEY,
  url        text NOT NULL,
  format     text NOT NULL CHECK (format IN ('json', 'ntfy')),
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  updated_at timestamptz(3) NOT NULL DEFAULT now()
);

-- Webhook deliveries go through the same outbox (retries, backoff, once per user and day):
-- to_address holds the URL, subject the title, text the body, headers its headers.
ALTER TABLE email_outbox ADD COLUMN channel text NOT NULL DEFAULT 'EMAIL' CHECK (channel IN ('EMAIL', 'WEBHOOK'));

-- Every webhook attempt and how it went; Settings shows a user's last 20.
CREATE TABLE webhook_deliveries (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id     uuid NOT NULL,
  outbox_id   uuid NOT NULL,
  kind        text NOT NULL,
  url         text NOT NULL,
  status      text NOT NULL CHECK (status IN ('DELIVERED', 'RETRYING', 'FAILED')),
  attempt     integer NOT NULL,
  http_status integer,
  error       text,
  created_at  timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX webhook_deliveries_user_idx ON webhook_deliveries (user_id, created_at DESC);

-- Down Migration
DROP TABLE webhook_deliveries;
ALTER TABLE email_outbox DROP COLUMN channel;
DROP TABLE webhooks;
ALTER TABLE email_outbox DROP COLUMN headers;
DROP TABLE email_action_uses;
DROP TABLE signing_keys;
ALTER TABLE notification_settings DROP COLUMN reminders_paused;
