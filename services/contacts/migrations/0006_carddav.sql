-- Up Migration
-- Phone sync (CardDAV). Every change a client must see gets the next number of its user's
-- counter: a contact carries the number of its last change (its ETag and what sync-collection
-- compares), a deleted one leaves a tombstone with the number of its deletion. The counter row
-- is locked by each change, so a user's numbers commit in order and a sync token never skips a
-- change that was still in flight.
CREATE TABLE dav_sync_state (
  user_id  uuid PRIMARY KEY,
  revision bigint NOT NULL CHECK (revision >= 0)
);

CREATE TABLE dav_tombstones (
  user_id    uuid NOT NULL,
  href       text NOT NULL,
  revision   bigint NOT NULL,
  deleted_at timestamptz(3) NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, href)
);
CREATE INDEX dav_tombstones_user_revision_idx ON dav_tombstones (user_id, revision);

-- dav_uid/dav_href: the card's UID and resource name as the client chose them (a contact made
-- in Kith gets its id for both). dav_card: the card as a client last wrote it, verbatim; it is
-- served back with Kith's current values patched in, so every property Kith does not model
-- (photos, addresses, nicknames, X- properties…) survives the round trip.
ALTER TABLE contacts
  ADD COLUMN dav_uid text,
  ADD COLUMN dav_href text,
  ADD COLUMN dav_card text,
  ADD COLUMN sync_revision bigint NOT NULL DEFAULT 0;

UPDATE contacts SET dav_uid = id::text, dav_href = id::text || '.vcf',
  sync_revision = numbered.n
FROM (SELECT id AS contact_id, row_number() OVER (PARTITION BY user_id ORDER BY created_at, id) AS n FROM contacts) numbered
WHERE contacts.id = numbered.contact_id;
INSERT INTO dav_sync_state (user_id, revision) SELECT user_id, count(*) FROM contacts GROUP BY user_id;

CREATE UNIQUE INDEX contacts_user_dav_href_key ON contacts (user_id, dav_href);
CREATE UNIQUE INDEX contacts_user_dav_uid_key ON contacts (user_id, dav_uid);
CREATE INDEX contacts_user_sync_revision_idx ON contacts (user_id, sync_revision);

-- The next number of a user's counter; locks the counter row until the transaction ends.
CREATE FUNCTION dav_next_revision(owner uuid) RETURNS bigint LANGUAGE sql VOLATILE AS $$
  INSERT INTO dav_sync_state AS s (user_id, revision) VALUES (owner, 1)
  ON CONFLICT (user_id) DO UPDATE SET revision = s.revision + 1
  RETURNING revision $$;

-- Columns that are not part of the card: bookkeeping, due dates, reminders, derived keys.
-- Every other column is, so a field added later changes the card without touching this list.
CREATE FUNCTION dav_untracked_contact_columns() RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY['updated_at', 'created_at', 'overdue_at', 'last_contact_date', 'reminder_date',
               'reminder_notes', 'custom_reminder_days', 'snoozed_until', 'status_contact_date',
               'search_text', 'birthday_month_day', 'email_key', 'phone_key', 'name_key',
               'sync_revision'] $$;

-- Contacts written by any path (API, import, CardDAV, a list deleted under them) keep the
-- card's identity and change number current; no application code has to remember it.
CREATE FUNCTION contacts_dav_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.dav_uid := coalesce(NEW.dav_uid, NEW.id::text);
    NEW.dav_href := coalesce(NEW.dav_href, NEW.id::text || '.vcf');
    NEW.sync_revision := dav_next_revision(NEW.user_id);
    DELETE FROM dav_tombstones WHERE user_id = NEW.user_id AND href = NEW.dav_href;
  ELSIF NEW.sync_revision IS DISTINCT FROM OLD.sync_revision THEN
    NULL; -- set on purpose (its list was renamed)
  ELSIF (to_jsonb(NEW) - dav_untracked_contact_columns()) IS DISTINCT FROM (to_jsonb(OLD) - dav_untracked_contact_columns()) THEN
    NEW.sync_revision := dav_next_revision(NEW.user_id);
  END IF;
  RETURN NEW;
END $$;

CREATE FUNCTION contacts_dav_tombstone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dav_tombstones AS t (user_id, href, revision) VALUES (OLD.user_id, OLD.dav_href, dav_next_revision(OLD.user_id))
  ON CONFLICT (user_id, href) DO UPDATE SET revision = EXCLUDED.revision, deleted_at = now();
  RETURN NULL;
END $$;

-- A list's name is its members' CATEGORIES: renaming it changes their cards.
CREATE FUNCTION contact_lists_dav_rename() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE contacts SET sync_revision = dav_next_revision(user_id) WHERE list_id = NEW.id AND user_id = NEW.user_id;
  RETURN NULL;
END $$;

CREATE TRIGGER contacts_dav_track BEFORE INSERT OR UPDATE ON contacts
  FOR EACH ROW EXECUTE FUNCTION contacts_dav_track();
CREATE TRIGGER contacts_dav_tombstone AFTER DELETE ON contacts
  FOR EACH ROW EXECUTE FUNCTION contacts_dav_tombstone();
CREATE TRIGGER contact_lists_dav_rename AFTER UPDATE OF name ON contact_lists
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION contact_lists_dav_rename();

-- Down Migration
DROP TRIGGER contact_lists_dav_rename ON contact_lists;
DROP TRIGGER contacts_dav_tombstone ON contacts;
DROP TRIGGER contacts_dav_track ON contacts;
DROP FUNCTION contact_lists_dav_rename();
DROP FUNCTION contacts_dav_tombstone();
DROP FUNCTION contacts_dav_track();
DROP FUNCTION dav_untracked_contact_columns();
DROP FUNCTION dav_next_revision(uuid);
DROP INDEX contacts_user_sync_revision_idx;
DROP INDEX contacts_user_dav_uid_key;
DROP INDEX contacts_user_dav_href_key;
ALTER TABLE contacts DROP COLUMN sync_revision, DROP COLUMN dav_card, DROP COLUMN dav_href, DROP COLUMN dav_uid;
DROP TABLE dav_tombstones;
DROP TABLE dav_sync_state;
