-- Up Migration
-- Search as people write: accents and case folded (unaccent, then lower-cased) over every name,
-- e-mail, phone, company, job title, address part and the notes, and each phone's digits alone
-- so that a number matches whatever its spacing. @kith/contracts' contactSearchText makes the
-- same text; the term is folded by search_fold too (contact-query.sql.ts), so both sides agree.
CREATE EXTENSION IF NOT EXISTS unaccent;

-- unaccent() is STABLE (it reads its dictionary by name); a generated column and an index need
-- an IMMUTABLE function, which this is as long as the dictionary is not edited. The extension's
-- schema is written into the body, so the function works under any search_path (pg_restore
-- runs with an empty one).
DO $$
DECLARE
  extension_schema text := (SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
                            WHERE e.extname = 'unaccent');
BEGIN
  EXECUTE format(
    'CREATE FUNCTION search_fold(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS %L',
    format('SELECT lower(%I.unaccent(%L::regdictionary, value))', extension_schema,
           quote_ident(extension_schema) || '.unaccent'));
END $$;

-- The digits of the primary phone and of each additional one, unit-separated.
CREATE FUNCTION contact_phone_digits(phone text, entries jsonb) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g') || chr(31) ||
               coalesce((SELECT string_agg(regexp_replace(entry ->> 'value', '[^0-9]', '', 'g'), chr(31))
                         FROM jsonb_array_elements(entries) AS entry), '') $$;

ALTER TABLE contacts DROP COLUMN search_text;
ALTER TABLE contacts ADD COLUMN search_text text GENERATED ALWAYS AS (
  search_fold(first_name || ' ' || last_name || chr(31) || coalesce(email, '') || chr(31) ||
              coalesce(phone_number, '') || chr(31) || coalesce(notes, '') || chr(31) || coalesce(company, '') || chr(31) ||
              contact_labeled_values_text(phones) || chr(31) || contact_labeled_values_text(emails) || chr(31) ||
              coalesce(name_prefix, '') || chr(31) || coalesce(job_title, '') || chr(31) || coalesce(address, '') || chr(31) ||
              coalesce(address_city, '') || chr(31) || coalesce(address_region, '') || chr(31) ||
              coalesce(address_postal_code, '') || chr(31) || coalesce(address_country, '')) || chr(31) ||
  contact_phone_digits(phone_number, phones)
) STORED;
CREATE INDEX contacts_search_trgm_idx ON contacts USING gin (search_text gin_trgm_ops);

-- Down Migration
ALTER TABLE contacts DROP COLUMN search_text;
ALTER TABLE contacts ADD COLUMN search_text text GENERATED ALWAYS AS (
  lower(first_name || ' ' || last_name || chr(31) || coalesce(email, '') || chr(31) ||
        coalesce(phone_number, '') || chr(31) || coalesce(notes, '') || chr(31) || coalesce(company, '') || chr(31) ||
        contact_labeled_values_text(phones) || chr(31) || contact_labeled_values_text(emails))
) STORED;
CREATE INDEX contacts_search_trgm_idx ON contacts USING gin (search_text gin_trgm_ops);
DROP FUNCTION contact_phone_digits(text, jsonb);
DROP FUNCTION search_fold(text);
