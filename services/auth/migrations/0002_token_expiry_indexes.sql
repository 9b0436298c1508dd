-- Up Migration
-- The hourly purge of expired tokens (src/auth/expired-tokens.purger.ts) finds them by expiry.
CREATE INDEX refresh_tokens_expires_at_idx ON refresh_tokens (expires_at);
CREATE INDEX password_reset_tokens_expires_at_idx ON password_reset_tokens (expires_at);

-- Down Migration
DROP INDEX password_reset_tokens_expires_at_idx;
DROP INDEX refresh_tokens_expires_at_idx;
