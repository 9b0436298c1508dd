-- Up Migration
-- Until this instant the contact is left out of reminder e-mails (it still counts as overdue).
ALTER TABLE contacts ADD COLUMN snoozed_until timestamptz(3);

-- Scheduled reminders: a user's coming-up panel reads its own range, and the daily digest walks
-- the day's reminders of all users. Only contacts with a reminder are indexed.
CREATE INDEX contacts_user_reminder_date_idx ON contacts (user_id, reminder_date) WHERE reminder_date IS NOT NULL;
CREATE INDEX contacts_reminder_date_user_idx ON contacts (reminder_date, user_id) WHERE reminder_date IS NOT NULL;

-- Down Migration
DROP INDEX contacts_reminder_date_user_idx;
DROP INDEX contacts_user_reminder_date_idx;
ALTER TABLE contacts DROP COLUMN snoozed_until;
