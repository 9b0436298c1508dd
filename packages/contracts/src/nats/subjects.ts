import type { RevokedCredentials } from '../accounts.js';
import type { ItemsResponse, UpcomingBirthday, UpcomingContact, User } from '../entities.js';

/**
 * NATS subjects between services, and their payloads. Request subjects answer; event subjects
 * are fire-and-forget. Each service's handlers listen in a queue group named after the service.
 */
export const NatsSubject = {
  AUTH_USER_BY_ID: 'auth.users.by-id',
  AUTH_USERS_BY_IDS: 'auth.users.by-ids',
  AUTH_USER_REGISTERED: 'auth.events.user-registered',
  /** CardDAV Basic credentials (e-mail + app password) to the user they sign in; never the account password. */
  AUTH_VERIFY_APP_PASSWORD: 'auth.app-passwords.verify',
  CONTACTS_OVERDUE_FOR_USER: 'contacts.overdue.for-user',
  CONTACTS_OVERDUE_DIGEST: 'contacts.overdue.digest',
  CONTACTS_UPCOMING_FOR_USER: 'contacts.upcoming.for-user',
  /** One of a user's contacts by id (names for the e-mail action page); null when not theirs. */
  CONTACTS_CONTACT_FOR_USER: 'contacts.contacts.for-user',
  /** Acts on a one-click link of a reminder e-mail, on behalf of the user it was sent to. */
  CONTACTS_MARK_CONTACTED_FROM_REMINDER: 'contacts.reminder-actions.mark-contacted',
  CONTACTS_SNOOZE_FROM_REMINDER: 'contacts.reminder-actions.snooze',
  /** One user's entry of the digest, now, even with nothing to remind (the test reminder). */
  CONTACTS_REMINDER_DIGEST_FOR_USER: 'contacts.reminder-digest.for-user',
  /** Auth asks for a reset mail; the reply confirms it is queued (auth retries until then). */
  NOTIFICATIONS_QUEUE_PASSWORD_RESET_MAIL: 'notifications.password-reset-mail.queue',
  /** Auth asks for an account mail (confirm an address, an invitation, "your password changed"). */
  NOTIFICATIONS_QUEUE_ACCOUNT_MAIL: 'notifications.account-mail.queue',
  /** A password reset or change: the calendar feed's URL stops working (contacts answers once done). */
  CONTACTS_REVOKE_CALENDAR_FEED: 'contacts.calendar-feed.revoke',
  /** Account erasure and export (payloads in account.ts). */
  AUTH_USER_ERASED: 'auth.events.user-erased',
  AUTH_RECENT_ERASURES: 'auth.erasures.recent',
  CONTACTS_ERASE_ACCOUNT: 'contacts.account.erase',
  NOTIFICATIONS_ERASE_ACCOUNT: 'notifications.account.erase',
  CONTACTS_EXPORT_ACCOUNT_PAGE: 'contacts.account.export-page',
  NOTIFICATIONS_EXPORT_ACCOUNT_PAGE: 'notifications.account.export-page',
} as const;
export type NatsSubject = (typeof NatsSubject)[keyof typeof NatsSubject];

export interface UserByIdRequest {
  userId: string;
}
export type UserByIdResponse = User | null;

export interface UsersByIdsRequest {
  userIds: string[];
}
export type UsersByIdsResponse = User[];

export interface UserRegisteredEvent {
  user: User;
}

export interface PasswordResetMailRequest {
  userId: string;
  email: string;
  firstName: string;
  /** The single-use token in clear; only the reset email carries it. */
  token: string;
  expiresAt: string;
}
export interface PasswordResetMailQueued {
  queued: true;
}

export const AccountMailKind = {
  /** Confirm the address given at registration. */
  CONFIRM_EMAIL: 'confirm-email',
  /** Confirm a new address: the change happens when the link is used. */
  CHANGE_EMAIL: 'change-email',
  /** The operator invites someone to register. */
  INVITATION: 'invitation',
  /** The password was reset or changed: what stopped working and must be set up again. */
  PASSWORD_CHANGED: 'password-changed',
} as const;
export type AccountMailKind = (typeof AccountMailKind)[keyof typeof AccountMailKind];

export interface AccountMailRequest {
  kind: AccountMailKind;
  /** The account's id; null for an invitation (nobody has an account yet). */
  userId: string | null;
  to: string;
  firstName: string | null;
  /** The single-use token of the link the mail carries (notifications builds it from APP_URL); null for PASSWORD_CHANGED. */
  token: string | null;
  expiresAt: string | null;
  /** PASSWORD_CHANGED: what was signed out or deleted. */
  revoked?: RevokedCredentials;
}

export interface RevokeCalendarFeedRequest {
  userId: string;
}
export interface RevokeCalendarFeedResponse {
  /** Whether there was a feed to turn off. */
  revoked: boolean;
}

/** One overdue contact as the reminder email shows it. */
export interface OverdueContactSummary {
  _id: string;
  firstName: string;
  lastName: string;
  listName: string | null;
  listColor: string | null;
  lastContactDate: string | null;
  reminderDays: number;
  daysSinceLastContact: number | null;
  daysOverdue: number | null;
}

export interface OverdueForUserRequest {
  userId: string;
  limit?: number;
  /** Leave out contacts whose snooze is running (what reminder e-mails list). */
  excludeSnoozed?: boolean;
}
export interface OverdueForUserResponse {
  items: OverdueContactSummary[];
  totalItems: number;
}

export interface OverdueDigestRequest {
  /** Opaque cursor from the previous batch; absent for the first. */
  cursor?: string | null;
  batchSize: number;
  /** How many overdue contacts to include per user (the rest are only counted). */
  contactsPerUser?: number;
  /**
   * Also walk users with a birthday from today through this many days later, overdue contacts
   * or not, and include those birthdays. Absent: overdue users only.
   */
  birthdaysWithinDays?: number;
  /** Only this user's entry (a user's own run); absent: every user's. */
  userId?: string;
}
export interface OverdueDigestEntry {
  userId: string;
  /** Overdue and not snoozed: what the e-mail counts; 0 for a user in the batch only for a birthday or a scheduled reminder. */
  totalOverdue: number;
  contacts: OverdueContactSummary[];
  /** Reminders the user scheduled for the digest's UTC day. */
  scheduled: ScheduledReminderSummary[];
  /** Soonest first; empty unless the request asked for birthdays. */
  birthdays: UpcomingBirthday[];
}

/** A reminder the user scheduled (Schedule Future Reminder), as the daily e-mail lists it. */
export interface ScheduledReminderSummary {
  _id: string;
  firstName: string;
  lastName: string;
  reminderDate: string;
  reminderNotes: string | null;
}
export interface OverdueDigestResponse {
  users: OverdueDigestEntry[];
  /** null when this was the last batch. */
  nextCursor: string | null;
}

export interface UpcomingForUserRequest {
  userId: string;
  withinDays: number;
}

export interface ContactForUserRequest {
  userId: string;
  contactId: string;
}
export type ContactForUserResponse = { _id: string; firstName: string; lastName: string } | null;

export interface ReminderActionRequest {
  userId: string;
  contactId: string;
}
export interface SnoozeFromReminderRequest extends ReminderActionRequest {
  until: string;
}
/** null when the contact no longer exists (or is not the user's). */
export type ReminderActionResponse = { firstName: string; lastName: string } | null;
/** Also the answer of `GET /api/notifications/upcoming`. */
export type UpcomingForUserResponse = ItemsResponse<UpcomingContact>;

export interface ReminderDigestForUserRequest {
  userId: string;
  /** As the digest's `contactsPerUser` and `birthdaysWithinDays`. */
  contactsPerUser: number;
  birthdaysWithinDays: number;
}
export type ReminderDigestForUserResponse = OverdueDigestEntry;
export interface VerifyAppPasswordRequest {
  /** The Basic user name: the account's e-mail address. */
  username: string;
  password: string;
}
/** null for any wrong, revoked or foreign credential (the reason is not told). */
export type VerifyAppPasswordResponse = { userId: string } | null;

/** Error shape a NATS handler answers with; clients turn it back into the HTTP error. */
export interface RpcErrorPayload {
  code: import('../envelope.js').ErrorCode;
  message: string;
}
