-- Up Migration
-- The contacts screen asks the server for every page, count and section.
-- Per-list counting (the grouped screen's sections, list totals and overdue counts, the lists'
-- contactCount/overdueCount) reads only this index: no heap visit per contact.
CREATE INDEX contacts_user_list_overdue_idx ON contacts (user_id, list_id, overdue_at);
-- A list's page (and a 'No List' section) in name order straight from the index, so scrolling
-- a 10 000-member list never sorts it.
CREATE INDEX contacts_user_list_name_idx ON contacts (user_id, list_id, lower(first_name), lower(last_name), id);

-- Down Migration
DROP INDEX contacts_user_list_name_idx;
DROP INDEX contacts_user_list_overdue_idx;
