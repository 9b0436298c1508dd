-- Up Migration
CREATE TABLE notification_settings (
  user_id uuid PRIMARY KEY,
  best_friend_days integer NOT NULL,
  friend_days integer NOT NULL,
  acquaintance_days integer NOT NULL,
  enable_push_notifications boolean NOT NULL,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  updated_at timestamptz(3) NOT NULL DEFAULT now()
);

CREATE TABLE email_outbox (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  kind text NOT NULL CHECK (kind IN ('DAILY_REMINDER', 'TEST_REMINDER', 'PASSWORD_RESET')),
  user_id uuid,
  to_address text NOT NULL,
  subject text NOT NULL,
  -- Bodies of sensitive mails (reset links) are cleared once sent.
  html text,
  text text,
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'SENT', 'FAILED', 'EXPIRED')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz(3) NOT NULL DEFAULT now(),
  expires_at timestamptz(3),
  last_error text,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  sent_at timestamptz(3)
);
-- The poller's only query: due pending rows, oldest first.
CREATE INDEX email_outbox_due_idx ON email_outbox (next_attempt_at) WHERE status = 'PENDING';
CREATE INDEX email_outbox_user_sent_idx ON email_outbox (user_id, sent_at) WHERE status = 'SENT';

CREATE TABLE daily_reminders (
  user_id uuid NOT NULL,
  day date NOT NULL,
  -- Deferred so a batch can claim (user, day) first and insert the emails it then renders.
  outbox_id uuid NOT NULL UNIQUE REFERENCES email_outbox (id) DEFERRABLE INITIALLY DEFERRED,
  overdue_count integer NOT NULL,
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, day)
);

CREATE TABLE daily_runs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  day date NOT NULL,
  trigger text NOT NULL CHECK (trigger IN ('CRON', 'MANUAL', 'RETRY')),
  status text NOT NULL CHECK (status IN ('RUNNING', 'SUCCEEDED', 'FAILED')),
  users_processed integer NOT NULL DEFAULT 0,
  emails_queued integer NOT NULL DEFAULT 0,
  already_sent integer NOT NULL DEFAULT 0,
  error text,
  started_at timestamptz(3) NOT NULL DEFAULT now(),
  finished_at timestamptz(3)
);
CREATE INDEX daily_runs_day_idx ON daily_runs (day, status);

-- Down Migration
DROP TABLE daily_runs;
DROP TABLE daily_reminders;
DROP TABLE email_outbox;
DROP TABLE notification_settings;
