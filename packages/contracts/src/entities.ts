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

export interface Contact {
  _id: string;
  userId: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phoneNumber: string | null;
  notes: string | null;
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

export interface ParsedImportContact {
  firstName: string;
  lastName: string;
  email: string | null;
  phoneNumber: string | null;
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
}

export interface UpcomingContact {
  _id: string;
  firstName: string;
  lastName: string;
  listName: string | null;
  lastContactDate: string | null;
  reminderDays: number;
  /** When the contact becomes overdue. */
  dueDate: string;
  daysUntilDue: number;
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
