-- Up Migration
-- Keep in touch, or not (issue 28): a contact, or a list for its members without an interval of
-- their own, can be left out of reminders. Such a contact has no due date: overdue_at is NULL,
-- so every `overdue_at <= now` (counts, overdue pages, digests, the calendar feed) leaves it out
-- through the same indexes. Mirrors keepsInTouch()/remindingDays() of @kith/contracts.
ALTER TABLE contact_lists ADD COLUMN keep_in_touch boolean NOT NULL DEFAULT true;
ALTER TABLE contacts ADD COLUMN keep_in_touch boolean NOT NULL DEFAULT true;
ALTER TABLE contacts ALTER COLUMN overdue_at DROP NOT NULL;

-- overdueAt(): no interval (not kept in touch) => never (NULL); never contacted => the epoch.
CREATE OR REPLACE FUNCTION contact_overdue_at(last_contact timestamptz, reminder_days integer) RETURNS timestamptz
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE WHEN reminder_days IS NULL THEN NULL
                    WHEN last_contact IS NULL THEN timestamptz '1970-01-01 00:00:00+00'
                    ELSE last_contact + make_interval(secs => (reminder_days + 1) * 86400) END $$;

-- Keeping in touch is not part of the card: switching it changes no ETag.
CREATE OR REPLACE FUNCTION dav_untracked_contact_columns() RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY['updated_at', 'created_at', 'overdue_at', 'last_contact_date', 'reminder_date',
               'reminder_notes', 'custom_reminder_days', 'snoozed_until', 'status_contact_date',
               'search_text', 'birthday_month_day', 'email_key', 'phone_key', 'name_key',
               'sync_revision', 'keep_in_touch'] $$;

-- Down Migration
CREATE OR REPLACE FUNCTION dav_untracked_contact_columns() RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY['updated_at', 'created_at', 'overdue_at', 'last_contact_date', 'reminder_date',
               'reminder_notes', 'custom_reminder_days', 'snoozed_until', 'status_contact_date',
               'search_text', 'birthday_month_day', 'email_key', 'phone_key', 'name_key',
               'sync_revision'] $$;
CREATE OR REPLACE FUNCTION contact_overdue_at(last_contact timestamptz, reminder_days integer) RETURNS timestamptz
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE WHEN last_contact IS NULL THEN timestamptz '1970-01-01 00:00:00+00'
                    ELSE last_contact + make_interval(secs => (reminder_days + 1) * 86400) END $$;
UPDATE contacts SET overdue_at = timestamptz '9999-12-31 00:00:00+00' WHERE overdue_at IS NULL;
ALTER TABLE contacts ALTER COLUMN overdue_at SET NOT NULL;
ALTER TABLE contacts DROP COLUMN keep_in_touch;
ALTER TABLE contact_lists DROP COLUMN keep_in_touch;
