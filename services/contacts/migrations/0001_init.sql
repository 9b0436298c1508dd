-- Up Migration
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- Mirror of @kith/contracts overdueAt(): never contacted => the epoch (always overdue), else the
-- instant one whole day after the interval has fully elapsed. Used by set-based recomputes
-- (a list's interval changed, bulk imports); single-contact writes compute it in TypeScript.
CREATE FUNCTION contact_overdue_at(last_contact timestamptz, reminder_days integer) RETURNS timestamptz
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE WHEN last_contact IS NULL THEN timestamptz '1970-01-01 00:00:00+00'
                    ELSE last_contact + make_interval(secs => (reminder_days + 1) * 86400) END $$;

CREATE TABLE contact_lists (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id       uuid NOT NULL,
  name          text NOT NULL,
  description   text,
  color         text NOT NULL,
  reminder_days integer NOT NULL CHECK (reminder_days BETWEEN 1 AND 365),
  created_at    timestamptz(3) NOT NULL DEFAULT now(),
  updated_at    timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX contact_lists_user_name_idx ON contact_lists (user_id, lower(name), id);

CREATE TABLE contacts (
  id                   uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id              uuid NOT NULL,
  first_name           text NOT NULL,
  last_name            text NOT NULL,
  email                text,
  phone_number         text,
  notes                text,
  list_id              uuid REFERENCES contact_lists (id) ON DELETE SET NULL,
  custom_reminder_days integer CHECK (custom_reminder_days BETWEEN 1 AND 365),
  last_contact_date    timestamptz(3),
  overdue_at           timestamptz(3) NOT NULL DEFAULT timestamptz '1970-01-01 00:00:00+00',
  reminder_date        timestamptz(3),
  reminder_notes       text,
  created_at           timestamptz(3) NOT NULL DEFAULT now(),
  updated_at           timestamptz(3) NOT NULL DEFAULT now(),
  -- What search matches: "first last", email, phone and notes, lower-cased; the unit separator
  -- keeps a search from matching across two fields.
  search_text          text GENERATED ALWAYS AS (
    lower(first_name || ' ' || last_name || chr(31) || coalesce(email, '') || chr(31) ||
          coalesce(phone_number, '') || chr(31) || coalesce(notes, ''))
  ) STORED,
  -- Import duplicate keys, the same normalisation as src/import/duplicates.ts
  -- (emailKey, phoneKey, nameKey), so an import loads only the contacts it collides with.
  email_key            text GENERATED ALWAYS AS (nullif(lower(btrim(email)), '')) STORED,
  phone_key            text GENERATED ALWAYS AS (
    CASE
      WHEN regexp_replace(coalesce(phone_number, ''), '[^0-9]', '', 'g') = '' THEN NULL
      WHEN phone_number ~ '^\s*\+' THEN '+' || regexp_replace(phone_number, '[^0-9]', '', 'g')
      WHEN regexp_replace(phone_number, '[^0-9]', '', 'g') ~ '^00.' THEN '+' || substr(regexp_replace(phone_number, '[^0-9]', '', 'g'), 3)
      ELSE regexp_replace(phone_number, '[^0-9]', '', 'g')
    END
  ) STORED,
  name_key             text GENERATED ALWAYS AS (
    nullif(lower(btrim(regexp_replace(normalize(first_name || ' ' || last_name, NFC), '\s+', ' ', 'g'))), '')
  ) STORED
);
-- One index per sort of the contacts page (stable tiebreak by id), then search, list filter and overdue.
CREATE INDEX contacts_user_name_idx ON contacts (user_id, lower(first_name), lower(last_name), id);
CREATE INDEX contacts_user_updated_idx ON contacts (user_id, updated_at, id);
CREATE INDEX contacts_user_created_idx ON contacts (user_id, created_at, id);
CREATE INDEX contacts_user_last_contact_idx ON contacts (user_id, last_contact_date ASC NULLS FIRST, id);
CREATE INDEX contacts_search_trgm_idx ON contacts USING gin (search_text gin_trgm_ops);
CREATE INDEX contacts_list_idx ON contacts (list_id, user_id);
CREATE INDEX contacts_user_overdue_idx ON contacts (user_id, overdue_at, id);
-- The cross-user reminder digest walks overdue rows of all users.
CREATE INDEX contacts_overdue_user_idx ON contacts (overdue_at, user_id);
CREATE INDEX contacts_user_email_key_idx ON contacts (user_id, email_key) WHERE email_key IS NOT NULL;
CREATE INDEX contacts_user_phone_key_idx ON contacts (user_id, phone_key) WHERE phone_key IS NOT NULL;
CREATE INDEX contacts_user_name_key_idx ON contacts (user_id, name_key);

CREATE TABLE communications (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id    uuid NOT NULL,
  contact_id uuid NOT NULL REFERENCES contacts (id) ON DELETE CASCADE,
  type       text NOT NULL CHECK (type IN ('PHONE_CALL', 'TEXT', 'EMAIL', 'IN_PERSON', 'OTHER')),
  timestamp  timestamptz(3) NOT NULL,
  notes      text,
  duration   integer CHECK (duration >= 0),
  created_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX communications_contact_timestamp_idx ON communications (contact_id, timestamp DESC, id);

-- Down Migration
DROP TABLE communications;
DROP TABLE contacts;
DROP TABLE contact_lists;
DROP FUNCTION contact_overdue_at(timestamptz, integer);
