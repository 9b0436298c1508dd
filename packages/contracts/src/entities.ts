import type { CommunicationType } from './validation.js';

/** Response shapes of the API (DESIGN §5). Ids are strings, dates ISO 8601 UTC strings. */

export interface User {
  _id: string;
  firstName: string;
  lastName: string;
  email: string;
  createdAt: string;
}

export interface AuthTokens {
  accessToken: string;
  refreshToken: string;
}

export interface AuthResponse {
  user: User;
  tokens: AuthTokens;
}

export interface ResetPasswordResponse extends AuthResponse {
  message: string;
}

export interface MessageResponse {
  message: string;
}

export interface ListSummary {
  _id: string;
  name: string;
  color: string;
  description: string | null;
}

/** An additional phone number or e-mail address; the label is free text ('mobile', 'home', 'work', …). */
export type LabeledValue = { label: string; value: string };

/** Who a contact is, as the spec names it: the names, the primary e-mail and phone, and notes. */
export interface ContactBasics {
  firstName: string;
  lastName: string;
  email: string | null;
  phoneNumber: string | null;
  notes: string | null;
}

/** The person beyond the spec's fields (DESIGN §5.1); every one may be empty. */
export interface ContactDetails {
  /** "YYYY-MM-DD", or "--MM-DD" when the year is unknown (rules/birthday.ts). */
  birthday: string | null;
  company: string | null;
  jobTitle: string | null;
  /** Additional numbers besides the primary `phoneNumber`. */
  phones: LabeledValue[];
  /** Additional addresses besides the primary `email`. */
  emails: LabeledValue[];
  /** One postal address, multi-line. */
  address: string | null;
  website: string | null;
}

export interface Contact extends ContactBasics, ContactDetails {
  _id: string;
  userId: string;
  listId: string | null;
  list: ListSummary | null;
  customReminderDays: number | null;
  /** The effective interval: custom, else the list's, else the default. */
  reminderDays: number;
  lastContactDate: string | null;
  daysSinceLastContact: number | null;
  isOverdue: boolean;
  /** Whole days past the interval; null when never contacted. */
  daysOverdue: number | null;
  reminderDate: string | null;
  reminderNotes: string | null;
  /** Until then the contact is left out of reminder e-mails; it still counts as overdue. */
  snoozedUntil: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface ContactList {
  _id: string;
  userId: string;
  name: string;
  description: string | null;
  color: string;
  reminderDays: number;
  contactCount: number;
  overdueCount: number;
  contactIds: string[];
  createdAt: string;
  updatedAt: string;
}

export interface Communication {
  _id: string;
  contactId: string;
  type: CommunicationType;
  timestamp: string;
  notes: string | null;
  duration: number | null;
  createdAt: string;
}

export interface Paged<T> {
  items: T[];
  totalItems: number;
  page: number;
  limit: number;
  totalPages: number;
}

/**
 * One section of the contacts screen grouped by list (GET /contacts/sections): its full count
 * and overdue count within the screen's scope and search. `listId` null is 'No List'.
 */
export interface ContactSection {
  listId: string | null;
  name: string;
  color: string | null;
  totalItems: number;
  overdueCount: number;
}

/** Sections sorted by list name, 'No List' last; only sections with contacts in scope. */
export interface ContactSectionsResponse {
  sections: ContactSection[];
  totalItems: number;
}

export interface ItemsResponse<T> {
  items: T[];
  totalItems: number;
}

export interface LogContactResponse {
  contact: Contact;
  communication: Communication;
}

export interface ContactResponse {
  contact: Contact;
}

export interface ParsedImportContact extends ContactBasics, ContactDetails {
  /**
   * The card's list, from its CATEGORIES (the first one that is not a Google system group): the
   * import puts the contact in the list of that name, creating it when there is none.
   */
  listName: string | null;
  isValid: boolean;
  isDuplicate: boolean;
  /** Why a card is invalid or a duplicate, for the preview. */
  reason?: string;
}

export interface ImportParseResult {
  contacts: ParsedImportContact[];
  totalParsed: number;
  validContacts: number;
  duplicatesFound: number;
  invalidContacts: number;
  errors: string[];
}

export interface ImportConfirmResult {
  imported: number;
  skipped: number;
}

export interface NotificationSettings {
  bestFriendDays: number;
  friendDays: number;
  acquaintanceDays: number;
  enablePushNotifications: boolean;
  /** No daily reminder e-mail while paused (test reminders still go out). */
  remindersPaused: boolean;
}

/** Why a contact is coming up: it becomes overdue, or a reminder was scheduled for it. */
export type UpcomingReason = 'due' | 'scheduled';
/** A contact whose birthday comes within the asked window. */
export interface UpcomingBirthday {
  _id: string;
  firstName: string;
  lastName: string;
  birthday: string;
  /** The celebration day, "YYYY-MM-DD" (UTC). */
  date: string;
  daysUntil: number;
  /** Age reached that day; null when the year is unknown. */
  age: number | null;
}

export interface UpcomingContact {
  _id: string;
  firstName: string;
  lastName: string;
  listName: string | null;
  lastContactDate: string | null;
  reminderDays: number;
  reason: UpcomingReason;
  /** When the contact becomes overdue, or the scheduled reminder's date. */
  dueDate: string;
  daysUntilDue: number;
  /** The scheduled reminder's note (reason 'scheduled'). */
  reminderNotes: string | null;
}

export interface NotificationStats {
  overdueCount: number;
  upcomingCount: number;
  remindersSent: number;
  lastSentAt: string | null;
}

export interface TriggerDailyResult {
  message: string;
  usersProcessed: number;
  emailsQueued: number;
  alreadySentToday: number;
}

export interface HealthReport {
  status: 'ok' | 'degraded';
  checks: Record<
    string,
    { status: 'up' | 'down'; detail?: string; checks?: Record<string, { status: 'up' | 'down'; detail?: string }> }
  >;
}

/** What a one-click link from a reminder e-mail does. */
export type EmailActionKind = 'mark-contacted' | 'snooze' | 'pause-reminders';

/** What the confirm page shows before its one button is pressed (GET changes nothing). */
export interface EmailActionPreview {
  action: EmailActionKind;
  /** 'ready' until used; 'used' and 'expired' links do nothing. */
  state: 'ready' | 'used' | 'expired';
  /** The person the link is about (not for pause links); null when the contact no longer exists. */
  contact: { firstName: string; lastName: string } | null;
  expiresAt: string;
}

export interface EmailActionResult {
  action: EmailActionKind;
  message: string;
}

export type WebhookFormat = 'json' | 'ntfy';

export interface WebhookSettings {
  url: string | null;
  format: WebhookFormat;
}

export interface WebhookDelivery {
  _id: string;
  kind: string;
  url: string;
  /** DELIVERED, RETRYING (a later attempt follows) or FAILED. */
  status: 'DELIVERED' | 'RETRYING' | 'FAILED';
  attempt: number;
  httpStatus: number | null;
  error: string | null;
  createdAt: string;
}
