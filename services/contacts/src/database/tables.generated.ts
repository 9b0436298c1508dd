// The contacts database's tables as its migrations leave them, for Kysely. Generated from a
// migrated database by `node scripts/db-types.mjs contacts` (kysely-codegen); never edit by hand.
import type { ColumnType } from 'kysely';

export type Generated<T> =
  T extends ColumnType<infer S, infer I, infer U> ? ColumnType<S, I | undefined, U> : ColumnType<T, T | undefined, T>;

export type Int8 = ColumnType<string, bigint | number | string, bigint | number | string>;

export type Json = JsonValue;

export type JsonArray = JsonValue[];

export type JsonObject = {
  [x: string]: JsonValue | undefined;
};

export type JsonPrimitive = boolean | number | string | null;

export type JsonValue = JsonArray | JsonObject | JsonPrimitive;

export type Timestamp = ColumnType<Date, Date | string, Date | string>;

export interface CalendarFeeds {
  created_at: Generated<Timestamp>;
  token_ciphertext: string | null;
  token_hash: string;
  user_id: string;
}

export interface Communications {
  contact_id: string;
  created_at: Generated<Timestamp>;
  duration: number | null;
  id: Generated<string>;
  notes: string | null;
  timestamp: Timestamp;
  type: string;
  user_id: string;
}

export interface ContactDataVersions {
  user_id: string;
  version: Int8;
}

export interface ContactLists {
  color: string;
  created_at: Generated<Timestamp>;
  description: string | null;
  id: Generated<string>;
  keep_in_touch: Generated<boolean>;
  name: string;
  reminder_days: number;
  updated_at: Generated<Timestamp>;
  user_id: string;
}

export interface Contacts {
  address: string | null;
  address_city: string | null;
  address_country: string | null;
  address_postal_code: string | null;
  address_region: string | null;
  birthday: string | null;
  birthday_month_day: Generated<number | null>;
  company: string | null;
  created_at: Generated<Timestamp>;
  custom_reminder_days: number | null;
  dav_card: string | null;
  dav_href: string | null;
  dav_uid: string | null;
  email: string | null;
  email_key: Generated<string | null>;
  emails: Generated<Json>;
  first_name: string;
  id: Generated<string>;
  job_title: string | null;
  keep_in_touch: Generated<boolean>;
  last_contact_date: Timestamp | null;
  last_name: string;
  list_id: string | null;
  name_key: Generated<string | null>;
  name_prefix: string | null;
  notes: string | null;
  overdue_at: Generated<Timestamp | null>;
  phone_key: Generated<string | null>;
  phone_number: string | null;
  phones: Generated<Json>;
  reminder_date: Timestamp | null;
  reminder_notes: string | null;
  search_text: Generated<string | null>;
  snoozed_until: Timestamp | null;
  status_contact_date: Timestamp | null;
  sync_revision: Generated<Int8>;
  updated_at: Generated<Timestamp>;
  user_id: string;
  website: string | null;
}

export interface ContactTotals {
  total: number;
  user_id: string;
}

export interface DavSyncGaps {
  after_revision: Int8;
  resumes_at: Int8;
  user_id: string;
}

export interface DavSyncState {
  revision: Int8;
  user_id: string;
}

export interface DavTombstones {
  deleted_at: Generated<Timestamp>;
  href: string;
  revision: Int8;
  user_id: string;
}

export interface DB {
  calendar_feeds: CalendarFeeds;
  communications: Communications;
  contact_data_versions: ContactDataVersions;
  contact_lists: ContactLists;
  contact_totals: ContactTotals;
  contacts: Contacts;
  dav_sync_gaps: DavSyncGaps;
  dav_sync_state: DavSyncState;
  dav_tombstones: DavTombstones;
}
