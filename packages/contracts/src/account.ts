import { z } from 'zod';
import {
  communicationSchema,
  contactListSchema,
  contactSchema,
  notificationSettingsSchema,
  userSchema,
} from './entities.js';

/**
 * "Your data is yours": account erasure and the account export. Framework-free; the services,
 * the gateway and the web app import these names and shapes from here only.
 */

/** `DELETE /api/auth/me` body: the password proves it is really the owner at the keyboard. */
export const deleteAccountSchema = z.object({
  password: z
    .string({ error: 'password is required' })
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
export const exportedScheduledReminderSchema = z.object({
  contactId: z.guid(),
  reminderDate: z.iso.datetime(),
  notes: z.string().nullable(),
});
export type ExportedScheduledReminder = z.infer<typeof exportedScheduledReminderSchema>;

/** One reminder e-mail that was sent (or tried), from the notifications service's log. */
export const exportedReminderHistoryEntrySchema = z.object({
  kind: z.string(),
  subject: z.string(),
  status: z.string(),
  createdAt: z.iso.datetime(),
  sentAt: z.iso.datetime().nullable(),
});
export type ExportedReminderHistoryEntry = z.infer<typeof exportedReminderHistoryEntrySchema>;

/** The whole document `GET /api/account/export` returns; documented in docs/account-export.md. */
export const accountExportSchema = z.object({
  version: z.literal(ACCOUNT_EXPORT_VERSION),
  exportedAt: z.iso.datetime(),
  profile: userSchema,
  /** Without contactIds: each contact names its list. */
  lists: z.array(contactListSchema.omit({ contactIds: true })),
  contacts: z.array(contactSchema),
  interactions: z.array(communicationSchema),
  scheduledReminders: z.array(exportedScheduledReminderSchema),
  notificationSettings: notificationSettingsSchema.nullable(),
  reminderHistory: z.array(exportedReminderHistoryEntrySchema),
});
export type AccountExport = z.infer<typeof accountExportSchema>;

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
