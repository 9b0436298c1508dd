-- Up Migration
-- How many people the daily e-mail lists (issue 28), most important first; the rest are linked.
ALTER TABLE notification_settings ADD COLUMN contacts_per_email integer NOT NULL DEFAULT 10
  CHECK (contacts_per_email BETWEEN 1 AND 50);

-- Down Migration
ALTER TABLE notification_settings DROP COLUMN contacts_per_email;
