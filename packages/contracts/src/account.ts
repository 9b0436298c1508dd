import { z } from 'zod';
import {
  appPasswordSchema,
  calendarFeedStatusSchema,
  communicationSchema,
  contactListSummarySchema,
  contactSchema,
  notificationSettingsSchema,
  userSchema,
  webhookDeliverySchema,
  webhookSettingsResponseSchema,
} from './entities.js';
import { twoFactorStatusSchema, withOptionalSecondFactor } from './two-factor.schemas.js';
import { currentPasswordSchema } from './text.schemas.js';

/**
 * "Your data is yours": account erasure and the account export. Framework-free; the services,
 * the gateway and the web app import these names and shapes from here only.
 */

/**
 * `DELETE /api/auth/me` body: the password proves it is really the owner at the keyboard, with a
 * second factor when two-factor sign-in is on.
 */
export const deleteAccountSchema = withOptionalSecondFactor({ password: currentPasswordSchema });
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
  PHONE_CARDS: 'phoneCards',
  DELETED_PHONE_CARDS: 'deletedPhoneCards',
  CALENDAR_FEED: 'calendarFeed',
  PHONE_SYNC: 'phoneSync',
} as const;
export type ContactsExportSection = (typeof ContactsExportSection)[keyof typeof ContactsExportSection];

export const NotificationsExportSection = {
  NOTIFICATION_SETTINGS: 'notificationSettings',
  REMINDER_HISTORY: 'reminderHistory',
  WEBHOOK: 'webhook',
  WEBHOOK_DELIVERIES: 'webhookDeliveries',
  DAILY_REMINDERS: 'dailyReminders',
  EMAIL_ACTIONS_USED: 'emailActionsUsed',
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

/** One reminder (e-mail or webhook) that was sent or tried, from the notifications service's log. */
export const exportedReminderHistoryEntrySchema = z.object({
  kind: z.string(),
  channel: z.enum(['EMAIL', 'WEBHOOK']),
  subject: z.string(),
  status: z.string(),
  createdAt: z.iso.datetime(),
  sentAt: z.iso.datetime().nullable(),
});
export type ExportedReminderHistoryEntry = z.infer<typeof exportedReminderHistoryEntrySchema>;

/** A contact's card as a phone last wrote it over CardDAV (Kith-made contacts have none). */
export const exportedPhoneCardSchema = z.object({
  contactId: z.guid(),
  /** The card's UID and resource name in the address book. */
  uid: z.string(),
  resourceName: z.string(),
  /** The vCard exactly as the client sent it; null when the card was made in Kith. */
  clientCard: z.string().nullable(),
});
export type ExportedPhoneCard = z.infer<typeof exportedPhoneCardSchema>;

/** A card deleted from the address book, remembered so syncing phones delete it too. */
export const exportedDeletedPhoneCardSchema = z.object({ resourceName: z.string(), deletedAt: z.iso.datetime() });
export type ExportedDeletedPhoneCard = z.infer<typeof exportedDeletedPhoneCardSchema>;

/** The address book's state: the change number its sync tokens count from. */
export const exportedPhoneSyncSchema = z.object({ addressBookRevision: z.string().nullable() });
export type ExportedPhoneSync = z.infer<typeof exportedPhoneSyncSchema>;

/** The private calendar feed: whether it is on and since when (never its token: the URL is a credential). */
export const exportedCalendarFeedSchema = calendarFeedStatusSchema.omit({ url: true });
export type ExportedCalendarFeed = z.infer<typeof exportedCalendarFeedSchema>;

/** The webhook channel, with when it was set. */
export const exportedWebhookSchema = webhookSettingsResponseSchema.extend({
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type ExportedWebhook = z.infer<typeof exportedWebhookSchema>;

/** One daily reminder run that included this user. */
export const exportedDailyReminderSchema = z.object({
  day: z.string(),
  overdueCount: z.int(),
  createdAt: z.iso.datetime(),
});
export type ExportedDailyReminder = z.infer<typeof exportedDailyReminderSchema>;

/** A one-click link from a reminder e-mail that was used. */
export const exportedEmailActionUseSchema = z.object({ usedAt: z.iso.datetime(), expiresAt: z.iso.datetime() });
export type ExportedEmailActionUse = z.infer<typeof exportedEmailActionUseSchema>;

/** A signed-in session (a refresh-token family), never its tokens. */
export const exportedSessionSchema = z.object({
  startedAt: z.iso.datetime(),
  lastRefreshedAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  endedAt: z.iso.datetime().nullable(),
});
export type ExportedSession = z.infer<typeof exportedSessionSchema>;

/** A password-reset request, never its token. */
export const exportedPasswordResetSchema = z.object({
  requestedAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  usedAt: z.iso.datetime().nullable(),
});
export type ExportedPasswordReset = z.infer<typeof exportedPasswordResetSchema>;

/** The whole document `GET /api/account/export` returns; documented in docs/account-export.md. */
export const accountExportSchema = z.object({
  version: z.literal(ACCOUNT_EXPORT_VERSION),
  exportedAt: z.iso.datetime(),
  profile: userSchema,
  /** Whether two-factor sign-in is on; never the key or the recovery codes. */
  twoFactor: twoFactorStatusSchema,
  notificationSettings: notificationSettingsSchema.nullable(),
  webhook: exportedWebhookSchema.nullable(),
  calendarFeed: exportedCalendarFeedSchema,
  phoneSync: exportedPhoneSyncSchema,
  appPasswords: z.array(appPasswordSchema),
  sessions: z.array(exportedSessionSchema),
  passwordResets: z.array(exportedPasswordResetSchema),
  /** Without contactIds: each contact names its list. */
  lists: z.array(contactListSummarySchema),
  contacts: z.array(contactSchema),
  interactions: z.array(communicationSchema),
  scheduledReminders: z.array(exportedScheduledReminderSchema),
  phoneCards: z.array(exportedPhoneCardSchema),
  deletedPhoneCards: z.array(exportedDeletedPhoneCardSchema),
  reminderHistory: z.array(exportedReminderHistoryEntrySchema),
  webhookDeliveries: z.array(webhookDeliverySchema),
  dailyReminders: z.array(exportedDailyReminderSchema),
  emailActionsUsed: z.array(exportedEmailActionUseSchema),
});
export type AccountExport = z.infer<typeof accountExportSchema>;

/** The document's single objects (each service's first page holds it; null when there is none). */
export const ACCOUNT_EXPORT_OBJECTS = [
  { key: NotificationsExportSection.NOTIFICATION_SETTINGS, service: ErasingService.NOTIFICATIONS },
  { key: NotificationsExportSection.WEBHOOK, service: ErasingService.NOTIFICATIONS },
  { key: ContactsExportSection.CALENDAR_FEED, service: ErasingService.CONTACTS },
  { key: ContactsExportSection.PHONE_SYNC, service: ErasingService.CONTACTS },
] as const;

/** The order of the document's arrays from other services and which service answers for each. */
export const ACCOUNT_EXPORT_SECTIONS = [
  { key: ContactsExportSection.LISTS, service: ErasingService.CONTACTS },
  { key: ContactsExportSection.CONTACTS, service: ErasingService.CONTACTS },
  { key: ContactsExportSection.INTERACTIONS, service: ErasingService.CONTACTS },
  { key: ContactsExportSection.SCHEDULED_REMINDERS, service: ErasingService.CONTACTS },
  { key: ContactsExportSection.PHONE_CARDS, service: ErasingService.CONTACTS },
  { key: ContactsExportSection.DELETED_PHONE_CARDS, service: ErasingService.CONTACTS },
  { key: NotificationsExportSection.REMINDER_HISTORY, service: ErasingService.NOTIFICATIONS },
  { key: NotificationsExportSection.WEBHOOK_DELIVERIES, service: ErasingService.NOTIFICATIONS },
  { key: NotificationsExportSection.DAILY_REMINDERS, service: ErasingService.NOTIFICATIONS },
  { key: NotificationsExportSection.EMAIL_ACTIONS_USED, service: ErasingService.NOTIFICATIONS },
] as const;

/** The download's file name, e.g. kith-export-2026-11-23.json. */
export const accountExportFileName = (now: Date) => `kith-export-${now.toISOString().slice(0, 10)}.json`;
