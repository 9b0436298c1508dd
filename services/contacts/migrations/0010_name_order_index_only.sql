-- Up Migration
-- A page in name order picks its ids from the name indexes. They are indexes on lower(...), and
-- PostgreSQL only reads an index without the table when every column the query names is in it:
-- first_name and last_name behind the lower() count, so each page visited 50 table rows (and
-- as many random pages) just to throw them away. With the names included, and what the pages
-- filter on (overdue_at, and list_id where the planner filters 'No List' on the user's index),
-- these pages are index-only scans: at 100 000 contacts, 4 buffers instead of 54 for the first.
DROP INDEX contacts_user_name_idx;
CREATE INDEX contacts_user_name_idx ON contacts (user_id, lower(first_name), lower(last_name), id)
  INCLUDE (first_name, last_name, overdue_at, list_id);
DROP INDEX contacts_user_list_name_idx;
CREATE INDEX contacts_user_list_name_idx ON contacts (user_id, list_id, lower(first_name), lower(last_name), id)
  INCLUDE (first_name, last_name, overdue_at);

-- Down Migration
DROP INDEX contacts_user_list_name_idx;
CREATE INDEX contacts_user_list_name_idx ON contacts (user_id, list_id, lower(first_name), lower(last_name), id);
DROP INDEX contacts_user_name_idx;
CREATE INDEX contacts_user_name_idx ON contacts (user_id, lower(first_name), lower(last_name), id);
