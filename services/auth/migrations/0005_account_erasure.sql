-- Up Migration
-- One row per (erased user, service still holding the user's rows), retried until that service
-- acknowledges; the row is then deleted, so nothing here outlives the erasure. email/first_name
-- are only kept for the notifications row (its farewell mail) and vanish with it.
CREATE TABLE account_erasures (
  user_id         uuid NOT NULL,
  service         text NOT NULL CHECK (service IN ('contacts', 'notifications')),
  email           text,
  first_name      text,
  attempts        integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz(3) NOT NULL DEFAULT now(),
  last_error      text,
  requested_at    timestamptz(3) NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, service)
);
CREATE INDEX account_erasures_due_idx ON account_erasures (next_attempt_at);

-- Erased users whose access tokens may still be unexpired, named by SHA-256 of their id (not the
-- id): a starting gateway loads them to keep refusing those tokens. Purged after the token lifetime.
CREATE TABLE erased_users (
  user_id_hash text PRIMARY KEY,
  erased_at    timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX erased_users_erased_at_idx ON erased_users (erased_at);

-- Down Migration
DROP TABLE erased_users;
DROP TABLE account_erasures;
