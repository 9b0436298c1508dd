-- Up Migration
-- One private calendar feed per user; only the SHA-256 of its 256-bit token is kept.
CREATE TABLE calendar_feeds (
  user_id    uuid PRIMARY KEY,
  token_hash text NOT NULL,
  created_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX calendar_feeds_token_hash_key ON calendar_feeds (token_hash);

-- The account export pages a user's interactions in creation order; the erasure deletes them.
CREATE INDEX communications_user_created_idx ON communications (user_id, created_at, id);

-- Down Migration
DROP INDEX communications_user_created_idx;
DROP TABLE calendar_feeds;
