-- Up Migration
-- The operator is the first account of the instance (besides the demo account), or an address in
-- KITH_OPERATORS. At most one account is the first one.
ALTER TABLE users ADD COLUMN first_account boolean NOT NULL DEFAULT false;
UPDATE users SET first_account = true
  WHERE id = (SELECT id FROM users WHERE id <> '00000000-0000-4000-8000-0000000000de' ORDER BY created_at, id LIMIT 1);
CREATE UNIQUE INDEX users_first_account_key ON users (first_account) WHERE first_account;

-- Mail goes only to proven addresses. Accounts made before this release had mail all along: they
-- count as proven. credentials_changed_at moves with every password or address change, so links
-- signed before it (reset, confirmation) no longer act.
ALTER TABLE users ADD COLUMN email_verified_at timestamptz(3);
UPDATE users SET email_verified_at = created_at;
ALTER TABLE users ADD COLUMN credentials_changed_at timestamptz(3) NOT NULL DEFAULT now();

-- What signed in, for the list of sessions in Settings.
ALTER TABLE refresh_tokens ADD COLUMN user_agent text;

-- Failed sign-ins (and step-up passwords) in a row, per counter: an account, a known device, or an
-- address without an account (hashed). One row per counter, reserved by an atomic upsert before
-- the password is checked, so parallel guesses are counted exactly.
CREATE TABLE sign_in_attempts (
  counter_key     text PRIMARY KEY,
  attempts        integer NOT NULL,
  last_attempt_at timestamptz(3) NOT NULL,
  wait_until      timestamptz(3) NOT NULL
);
CREATE INDEX sign_in_attempts_last_attempt_at_idx ON sign_in_attempts (last_attempt_at);

-- Single-use links that prove an address: confirming the registration's, or a new one (the change
-- of address happens when it is used). Stored as SHA-256; they die with their account.
CREATE TABLE email_confirmations (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id    uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  email      text NOT NULL CONSTRAINT email_confirmations_email_lowercase CHECK (email = lower(email)),
  token_hash text NOT NULL,
  expires_at timestamptz(3) NOT NULL,
  used_at    timestamptz(3),
  created_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX email_confirmations_token_hash_key ON email_confirmations (token_hash);
CREATE INDEX email_confirmations_user_created_idx ON email_confirmations (user_id, created_at);
CREATE INDEX email_confirmations_expires_at_idx ON email_confirmations (expires_at);

-- Invitations the operator sent (KITH_REGISTRATION=invite): registering with one proves the address.
CREATE TABLE invitations (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email       text NOT NULL CONSTRAINT invitations_email_lowercase CHECK (email = lower(email)),
  token_hash  text NOT NULL,
  invited_by  uuid REFERENCES users (id) ON DELETE SET NULL,
  expires_at  timestamptz(3) NOT NULL,
  accepted_at timestamptz(3),
  created_at  timestamptz(3) NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX invitations_token_hash_key ON invitations (token_hash);
CREATE INDEX invitations_created_at_idx ON invitations (created_at);

-- Down Migration
DROP TABLE invitations;
DROP TABLE email_confirmations;
DROP TABLE sign_in_attempts;
ALTER TABLE refresh_tokens DROP COLUMN user_agent;
ALTER TABLE users DROP COLUMN credentials_changed_at;
ALTER TABLE users DROP COLUMN email_verified_at;
DROP INDEX users_first_account_key;
ALTER TABLE users DROP COLUMN first_account;
