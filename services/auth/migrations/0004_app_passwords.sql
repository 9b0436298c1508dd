-- Up Migration
-- Per-device passwords for CardDAV clients (HTTP Basic). Random, so SHA-256 is enough to keep a
-- leaked table from being replayed, and it lets every DAV request be checked by index lookup.
CREATE TABLE app_passwords (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id       uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name          text NOT NULL,
  password_hash text NOT NULL,
  created_at    timestamptz(3) NOT NULL DEFAULT now(),
  last_used_at  timestamptz(3)
);
CREATE UNIQUE INDEX app_passwords_password_hash_key ON app_passwords (password_hash);
CREATE INDEX app_passwords_user_created_idx ON app_passwords (user_id, created_at);

-- Down Migration
DROP TABLE app_passwords;
