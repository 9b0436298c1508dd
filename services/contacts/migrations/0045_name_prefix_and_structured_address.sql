-- Up Migration
-- Names and addresses as cards mean them: an honorific prefix ("Dr.", vCard N's fourth part)
-- kept apart from the given name, and the postal address in ADR's parts. `address` keeps the
-- street lines (post office box, extended and street address); what used to be flattened into
-- it stays there as written.
ALTER TABLE contacts
  ADD COLUMN name_prefix         text,
  ADD COLUMN address_city        text,
  ADD COLUMN address_region      text,
  ADD COLUMN address_postal_code text,
  ADD COLUMN address_country     text;

-- Down Migration
ALTER TABLE contacts
  DROP COLUMN address_country,
  DROP COLUMN address_postal_code,
  DROP COLUMN address_region,
  DROP COLUMN address_city,
  DROP COLUMN name_prefix;
