-- Up Migration
-- The farewell mail of a deleted account. The kinds are extended in place (whatever earlier
-- migrations allow stays allowed).
DO $$
DECLARE
  definition text;
BEGIN
  SELECT pg_get_constraintdef(oid) INTO definition FROM pg_constraint
  WHERE conrelid = 'email_outbox'::regclass AND conname = 'email_outbox_kind_check';
  IF definition IS NOT NULL AND position('ACCOUNT_DELETED' IN definition) = 0 THEN
    EXECUTE 'ALTER TABLE email_outbox DROP CONSTRAINT email_outbox_kind_check';
    EXECUTE 'ALTER TABLE email_outbox ADD CONSTRAINT email_outbox_kind_check '
      || replace(definition, 'ARRAY[', 'ARRAY[''ACCOUNT_DELETED''::text, ');
  END IF;
END $$;

-- The account export pages a user's mails in creation order, and the erasure deletes them.
CREATE INDEX email_outbox_user_created_idx ON email_outbox (user_id, created_at, id) WHERE user_id IS NOT NULL;

-- Down Migration
DROP INDEX email_outbox_user_created_idx;
