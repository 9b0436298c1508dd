-- Up Migration
-- After a restore (`kith restore`), the change numbers a phone may have seen between the backup
-- and the restore describe changes that no longer exist. A sync token from that span must not be
-- taken as "you have everything up to here" (the phone would keep cards the restore took back),
-- and a card's new ETag must never equal one the phone saw for other content. So a restore
-- records, per address book, the span of numbers that can no longer be trusted: tokens inside it
-- are refused (the phone starts a full sync), and numbering resumes after it. 2^31 numbers is far
-- more than an address book can have used between a backup and its restore.
CREATE TABLE dav_sync_gaps (
  user_id uuid NOT NULL,
  after_revision bigint NOT NULL,
  resumes_at bigint NOT NULL,
  PRIMARY KEY (user_id, after_revision)
);

-- Called by `kith restore` once the archive's rows are in.
CREATE FUNCTION kith_after_restore() RETURNS void LANGUAGE sql AS $$
  INSERT INTO dav_sync_gaps (user_id, after_revision, resumes_at)
  SELECT user_id, revision, revision + 2147483648 FROM dav_sync_state
  ON CONFLICT DO NOTHING
$$;

-- 0009's numbering, resuming after the newest gap of the address book.
CREATE OR REPLACE FUNCTION dav_next_revision(owner uuid) RETURNS bigint LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  block text[] := string_to_array(nullif(current_setting('kith.dav_revision_block', true), ''), ':');
  next_number bigint;
  last_number bigint;
  size bigint := 1;
BEGIN
  IF block[1] = owner::text AND block[2]::bigint <= block[3]::bigint THEN
    next_number := block[2]::bigint;
    last_number := block[3]::bigint;
    size := block[4]::bigint;
  ELSE
    IF block[1] = owner::text THEN
      size := least(block[4]::bigint * 2, 4096);
    END IF;
    INSERT INTO dav_sync_state AS s (user_id, revision) VALUES (owner, size)
    ON CONFLICT (user_id) DO UPDATE SET revision = greatest(
      s.revision,
      coalesce((SELECT max(g.resumes_at) FROM dav_sync_gaps g WHERE g.user_id = owner), 0)
    ) + size
    RETURNING revision INTO last_number;
    next_number := last_number - size + 1;
  END IF;
  PERFORM set_config('kith.dav_revision_block', concat_ws(':', owner, next_number + 1, last_number, size), true);
  RETURN next_number;
END $$;

-- Down Migration
CREATE OR REPLACE FUNCTION dav_next_revision(owner uuid) RETURNS bigint LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  block text[] := string_to_array(nullif(current_setting('kith.dav_revision_block', true), ''), ':');
  next_number bigint;
  last_number bigint;
  size bigint := 1;
BEGIN
  IF block[1] = owner::text AND block[2]::bigint <= block[3]::bigint THEN
    next_number := block[2]::bigint;
    last_number := block[3]::bigint;
    size := block[4]::bigint;
  ELSE
    IF block[1] = owner::text THEN
      size := least(block[4]::bigint * 2, 4096);
    END IF;
    INSERT INTO dav_sync_state AS s (user_id, revision) VALUES (owner, size)
    ON CONFLICT (user_id) DO UPDATE SET revision = s.revision + size
    RETURNING revision INTO last_number;
    next_number := last_number - size + 1;
  END IF;
  PERFORM set_config('kith.dav_revision_block', concat_ws(':', owner, next_number + 1, last_number, size), true);
  RETURN next_number;
END $$;
DROP FUNCTION kith_after_restore();
DROP TABLE dav_sync_gaps;
