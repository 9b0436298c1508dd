-- Up Migration
-- Mails about the account (confirm an address, an invitation, "your password changed"). The kinds
-- are extended in place, like 0004 did.
DO $$
DECLARE
  definition text;
BEGIN
  SELECT pg_get_constraintdef(oid) INTO definition FROM pg_constraint
  WHERE conrelid = 'email_outbox'::regclass AND conname = 'email_outbox_kind_check';
  IF definition IS NOT NULL AND position('ACCOUNT_MAIL' IN definition) = 0 THEN
    EXECUTE 'ALTER TABLE email_outbox DROP CONSTRAINT email_outbox_kind_check';
    EXECUTE 'ALTER TABLE email_outbox ADD CONSTRAINT email_outbox_kind_check '
      || replace(definition, 'ARRAY[', 'ARRAY[''ACCOUNT_MAIL''::text, ');
  END IF;
END $$;

-- Sends a user asks for by hand (test reminders, webhook tests), counted per hour-long window that
-- starts with the first one. One row per (user, kind), reserved by an atomic upsert before sending.
CREATE TABLE send_limits (
  user_id      uuid NOT NULL,
  kind         text NOT NULL,
  window_start timestamptz(3) NOT NULL,
  sends        integer NOT NULL,
  PRIMARY KEY (user_id, kind)
);

-- One run for everyone at a time, whichever replica or trigger starts it: a second one finds this
-- index taken. A run left RUNNING by a process that died is marked failed first (see STALE_RUN_MS).
UPDATE daily_runs SET status = 'FAILED', error = 'still running when the one-run-at-a-time rule came in', finished_at = now()
  WHERE status = 'RUNNING';
CREATE UNIQUE INDEX daily_runs_one_running_key ON daily_runs ((true)) WHERE status = 'RUNNING';

-- Down Migration
DROP INDEX daily_runs_one_running_key;
DROP TABLE send_limits;
