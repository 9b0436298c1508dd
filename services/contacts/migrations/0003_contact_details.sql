-- Up Migration
-- The whole person: birthday, work, additional phones and e-mails, address, website.
ALTER TABLE contacts
  -- "YYYY-MM-DD", or "--MM-DD" when the year is unknown (vCard's form); @kith/contracts checks the day exists.
  ADD COLUMN birthday  text CHECK (birthday ~ '^([0-9]{4}|-)-[0-9]{2}-[0-9]{2}$'),
  ADD COLUMN company   text,
  ADD COLUMN job_title text,
  -- [{"label": "mobile", "value": "+1 555 0100"}, …] besides the primary phone_number / email.
  ADD COLUMN phones    jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(phones) = 'array'),
  ADD COLUMN emails    jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(emails) = 'array'),
  ADD COLUMN address   text,
  ADD COLUMN website   text;

-- The timeline: last_contact_date is always the newer of the newest interaction and the
-- date set without one (Update Status, Mark as Contacted, the form), kept here so that editing or
-- deleting interactions can fall back to it. Existing dates that no interaction explains are kept.
ALTER TABLE contacts ADD COLUMN status_contact_date timestamptz(3);
UPDATE contacts c SET status_contact_date = c.last_contact_date
WHERE c.last_contact_date IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM communications m WHERE m.contact_id = c.id AND m.timestamp >= c.last_contact_date);

-- month × 100 + day of the birthday (contracts' birthdayMonthDay), so "who has a birthday in the
-- next N days" is an index lookup for one user (dashboard) or for everyone (daily e-mail).
ALTER TABLE contacts ADD COLUMN birthday_month_day smallint GENERATED ALWAYS AS (
  (substr(birthday, length(birthday) - 4, 2)::integer * 100 + right(birthday, 2)::integer)::smallint
) STORED;
CREATE INDEX contacts_user_birthday_idx ON contacts (user_id, birthday_month_day) WHERE birthday_month_day IS NOT NULL;
CREATE INDEX contacts_birthday_user_idx ON contacts (birthday_month_day, user_id) WHERE birthday_month_day IS NOT NULL;

-- The values of a [{label, value}] array, unit-separated, for search_text.
CREATE FUNCTION contact_labeled_values_text(entries jsonb) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT coalesce(string_agg(entry ->> 'value', chr(31)), '') FROM jsonb_array_elements(entries) AS entry $$;

-- Search also matches the company and the additional phones and e-mails. A generated column's
-- expression cannot be altered portably, so it is dropped (with its index) and added again.
ALTER TABLE contacts DROP COLUMN search_text;
ALTER TABLE contacts ADD COLUMN search_text text GENERATED ALWAYS AS (
  lower(first_name || ' ' || last_name || chr(31) || coalesce(email, '') || chr(31) ||
        coalesce(phone_number, '') || chr(31) || coalesce(notes, '') || chr(31) || coalesce(company, '') || chr(31) ||
        contact_labeled_values_text(phones) || chr(31) || contact_labeled_values_text(emails))
) STORED;
CREATE INDEX contacts_search_trgm_idx ON contacts USING gin (search_text gin_trgm_ops);

-- Down Migration
ALTER TABLE contacts DROP COLUMN search_text;
ALTER TABLE contacts ADD COLUMN search_text text GENERATED ALWAYS AS (
  lower(first_name || ' ' || last_name || chr(31) || coalesce(email, '') || chr(31) ||
        coalesce(phone_number, '') || chr(31) || coalesce(notes, ''))
) STORED;
CREATE INDEX contacts_search_trgm_idx ON contacts USING gin (search_text gin_trgm_ops);
DROP FUNCTION contact_labeled_values_text(jsonb);
ALTER TABLE contacts
  DROP COLUMN birthday_month_day,
  DROP COLUMN status_contact_date,
  DROP COLUMN website,
  DROP COLUMN address,
  DROP COLUMN emails,
  DROP COLUMN phones,
  DROP COLUMN job_title,
  DROP COLUMN company,
  DROP COLUMN birthday;
