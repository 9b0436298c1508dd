-- Up Migration
-- Passkeys (WebAuthn): a credential the account registered, found by the id the authenticator
-- gives. Only its public key is kept (no secret); sign_count lets a cloned authenticator show.
CREATE TABLE passkeys (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id       uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  credential_id text NOT NULL,
  public_key    bytea NOT NULL,
  sign_count    bigint NOT NULL DEFAULT 0,
  transports    text[] NOT NULL DEFAULT '{}',
  name          text NOT NULL,
  backed_up     boolean NOT NULL DEFAULT false,
  created_at    timestamptz(3) NOT NULL DEFAULT now(),
  last_used_at  timestamptz(3)
);
CREATE UNIQUE INDEX passkeys_credential_id_key ON passkeys (credential_id);
CREATE INDEX passkeys_user_id_created_at_idx ON passkeys (user_id, created_at);

-- A challenge handed out for one ceremony (adding a passkey, signing in, step-up). It is deleted
-- by the one request that answers it, so an answer cannot be replayed; it dies at expires_at.
CREATE TABLE webauthn_challenges (
  challenge  text PRIMARY KEY,
  purpose    text NOT NULL,
  user_id    uuid REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz(3) NOT NULL,
  created_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX webauthn_challenges_expires_at_idx ON webauthn_challenges (expires_at);

-- Single sign-on: an account signed in through the OpenID provider, by its subject (issuer + sub).
CREATE TABLE sso_identities (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id    uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  issuer     text NOT NULL,
  subject    text NOT NULL,
  created_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX sso_identities_issuer_subject_key ON sso_identities (issuer, subject);
CREATE INDEX sso_identities_user_id_idx ON sso_identities (user_id);

-- Down Migration
DROP TABLE sso_identities;
DROP TABLE webauthn_challenges;
DROP TABLE passkeys;
