-- Up Migration
-- Two-factor sign-in (TOTP, RFC 6238). One row per user who has started setting it up; it is on
-- once enabled_at is set. The secret is stored encrypted (AES-256-GCM, see
-- src/two-factor/secret-box.ts), never in clear. last_used_step is the time step of the last
-- accepted code: a code of that step or an earlier one is refused, so a code cannot be replayed.
-- failed_attempts/failures_since count wrong codes across challenges (per-account limit).
CREATE TABLE user_totp (
  user_id           uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  secret_ciphertext text NOT NULL,
  enabled_at        timestamptz(3),
  last_used_step    bigint,
  failed_attempts   integer NOT NULL DEFAULT 0,
  failures_since    timestamptz(3),
  created_at        timestamptz(3) NOT NULL DEFAULT now()
);

-- One-time recovery codes: random, so SHA-256 (salted with the user id) is enough at rest.
CREATE TABLE recovery_codes (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id    uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash  text NOT NULL,
  used_at    timestamptz(3),
  created_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX recovery_codes_user_id_code_hash_key ON recovery_codes (user_id, code_hash);

-- The password step's answer for an account with two-factor sign-in: an opaque token (stored as
-- SHA-256) that the code step redeems once, within minutes and a few attempts.
CREATE TABLE two_factor_challenges (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id    uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash text NOT NULL,
  attempts   integer NOT NULL DEFAULT 0,
  expires_at timestamptz(3) NOT NULL,
  created_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX two_factor_challenges_token_hash_key ON two_factor_challenges (token_hash);
CREATE INDEX two_factor_challenges_user_id_idx ON two_factor_challenges (user_id);
CREATE INDEX two_factor_challenges_expires_at_idx ON two_factor_challenges (expires_at);

-- A reset link of an account with two-factor sign-in takes a few wrong codes, then is void.
ALTER TABLE password_reset_tokens ADD COLUMN two_factor_failures integer NOT NULL DEFAULT 0;

-- Down Migration
ALTER TABLE password_reset_tokens DROP COLUMN two_factor_failures;
DROP TABLE two_factor_challenges;
DROP TABLE recovery_codes;
DROP TABLE user_totp;
