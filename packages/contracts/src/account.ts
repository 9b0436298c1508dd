import { z } from 'zod';
import type { Communication, Contact, ContactList, NotificationSettings, User } from './entities.js';
import { singleLineText } from './validation.js';

/**
 * "Your data is yours": account erasure and the account export. Framework-free; the services,
 * the gateway and the web app import these names and shapes from here only.
 */

/** `DELETE /api/auth/me` body: the password proves it is really the owner at the keyboard. */
export const deleteAccountSchema = z.object({
  password: singleLineText('password is required')
    .min(1, 'password is required')
    .max(1024, 'Password must be at most 1024 characters'),
});
export type DeleteAccountRequest = z.input<typeof deleteAccountSchema>;

export const AccountMessage = {
  DELETED: 'Your account and all its data have been deleted',
} as const;

/** The services that hold a user's rows besides auth; each must acknowledge an erasure. */
export const ErasingService = {
  CONTACTS: 'contacts',
  NOTIFICATIONS: 'notifications',
} as const;
export type ErasingService = (typeof ErasingService)[keyof typeof ErasingService];

/** Asks a service to delete every row of the user (idempotent: a repeat answers the same). */
export interface AccountErasureRequest {
  userId: string;
}
/** Notifications also sends the farewell mail, so it gets the address auth no longer holds. */
export interface NotificationsErasureRequest extends AccountErasureRequest {
  email: string;
  firstName: string;
}
export interface AccountErasureAcknowledged {
  erased: true;
}

/**
 * Broadcast (no queue group) the moment a user is erased, so every gateway refuses the user's
 * still-unexpired access tokens. It names the user by `userIdHash` (SHA-256 hex of the id): the
 * same value auth keeps, for the access-token lifetime, in place of the id.
 */
export interface UserErasedEvent {
  userIdHash: string;
}
/** A starting gateway asks auth which users were erased within the access-token lifetime. */
export interface RecentErasuresResponse {
  userIdHashes: string[];
}

/** Version of the account export document; raise it on any incompatible change (docs/account-export.md). */
export const ACCOUNT_EXPORT_VERSION = 1;

/** What each service pages out of its own database for the account export. */
export const ContactsExportSection = {
  LISTS: 'lists',
  CONTACTS: 'contacts',
  INTERACTIONS: 'interactions',
  SCHEDULED_REMINDERS: 'scheduledReminders',
} as const;
export type ContactsExportSection = (typeof ContactsExportSection)[keyof typeof ContactsExportSection];

export const NotificationsExportSection = {
  NOTIFICATION_SETTINGS: 'notificationSettings',
  REMINDER_HISTORY: 'reminderHistory',
} as const;
export type NotificationsExportSection = (typeof NotificationsExportSection)[keyof typeof NotificationsExportSection];

/** Items per NATS reply: small enough for the default 1 MB NATS payload with long notes. */
export const ACCOUNT_EXPORT_PAGE_SIZE = 200;

export interface AccountExportPageRequest<Section extends string = string> {
  userId: string;
  section: Section;
  /** Opaque; absent for the first page. */
  cursor?: string | null;
  limit: number;
}
export interface AccountExportPage<Item = unknown> {
  items: Item[];
  /** null after the last page. */
  nextCursor: string | null;
}

/** A contact's scheduled reminder in the export (the contact carries it too; this is the index). */
export interface ExportedScheduledReminder {
  contactId: string;
  reminderDate: string;
  notes: string | null;
}

/** One reminder e-mail that was sent (or tried), from the notifications service's log. */
export interface ExportedReminderHistoryEntry {
  kind: string;
  subject: string;
  status: string;
  createdAt: string;
  sentAt: string | null;
}

/** The whole document `GET /api/account/export` returns; documented in docs/account-export.md. */
export interface AccountExport {
  version: typeof ACCOUNT_EXPORT_VERSION;
  exportedAt: string;
  profile: User;
  lists: ContactList[];
  contacts: Contact[];
  interactions: Communication[];
  scheduledReminders: ExportedScheduledReminder[];
  notificationSettings: NotificationSettings | null;
  reminderHistory: ExportedReminderHistoryEntry[];
}

/** The order of the document's arrays and which service answers for each. */
export const ACCOUNT_EXPORT_SECTIONS = [
  { key: ContactsExportSection.LISTS, service: ErasingService.CONTACTS },
  { key: ContactsExportSection.CONTACTS, service: ErasingService.CONTACTS },
  { key: ContactsExportSection.INTERACTIONS, service: ErasingService.CONTACTS },
  { key: ContactsExportSection.SCHEDULED_REMINDERS, service: ErasingService.CONTACTS },
  { key: NotificationsExportSection.REMINDER_HISTORY, service: ErasingService.NOTIFICATIONS },
] as const;

/** The download's file name, e.g. kith-export-2026-11-23.json. */
export const accountExportFileName = (now: Date) => `kith-export-${now.toISOString().slice(0, 10)}.json`;
