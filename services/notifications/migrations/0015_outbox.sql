-- Up Migration
-- The outbox carries webhook deliveries as well as e-mails: it is named for what it holds.
ALTER TABLE email_outbox RENAME TO outbox;
ALTER TABLE outbox RENAME CONSTRAINT email_outbox_pkey TO outbox_pkey;
ALTER TABLE outbox RENAME CONSTRAINT email_outbox_kind_check TO outbox_kind_check;
ALTER TABLE outbox RENAME CONSTRAINT email_outbox_status_check TO outbox_status_check;
ALTER TABLE outbox RENAME CONSTRAINT email_outbox_channel_check TO outbox_channel_check;
ALTER TABLE outbox RENAME CONSTRAINT email_outbox_dedupe_key_key TO outbox_dedupe_key_key;
ALTER INDEX email_outbox_due_idx RENAME TO outbox_due_idx;
ALTER INDEX email_outbox_user_sent_idx RENAME TO outbox_user_sent_idx;
ALTER INDEX email_outbox_user_created_idx RENAME TO outbox_user_created_idx;

-- Down Migration
ALTER INDEX outbox_user_created_idx RENAME TO email_outbox_user_created_idx;
ALTER INDEX outbox_user_sent_idx RENAME TO email_outbox_user_sent_idx;
ALTER INDEX outbox_due_idx RENAME TO email_outbox_due_idx;
ALTER TABLE outbox RENAME CONSTRAINT outbox_dedupe_key_key TO email_outbox_dedupe_key_key;
ALTER TABLE outbox RENAME CONSTRAINT outbox_channel_check TO email_outbox_channel_check;
ALTER TABLE outbox RENAME CONSTRAINT outbox_status_check TO email_outbox_status_check;
ALTER TABLE outbox RENAME CONSTRAINT outbox_kind_check TO email_outbox_kind_check;
ALTER TABLE outbox RENAME CONSTRAINT outbox_pkey TO email_outbox_pkey;
ALTER TABLE outbox RENAME TO email_outbox;
