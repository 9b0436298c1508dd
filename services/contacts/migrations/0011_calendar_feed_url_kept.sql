-- Up Migration
-- The feed's token, encrypted (AES-256-GCM under CALENDAR_FEED_ENCRYPTION_KEY), so Settings can
-- show and copy the URL again; lookups still go by token_hash. Feeds made before have none (the
-- URL of those was shown once).
ALTER TABLE calendar_feeds ADD COLUMN token_ciphertext text;

-- Down Migration
ALTER TABLE calendar_feeds DROP COLUMN token_ciphertext;
