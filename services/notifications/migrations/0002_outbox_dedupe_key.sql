-- Up Migration
-- A mail asked for more than once (auth retries a reset mail until it is acknowledged, and an
-- acknowledgement can be lost) is queued once: the same request carries the same key.
ALTER TABLE email_outbox ADD COLUMN dedupe_key text UNIQUE;

-- Down Migration
ALTER TABLE email_outbox DROP COLUMN dedupe_key;
