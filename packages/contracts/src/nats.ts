import type { User } from './entities.js';

/**
 * NATS subjects between services, and their payloads. Request subjects answer; event subjects
 * are fire-and-forget. Each service's handlers listen in a queue group named after the service.
 */
export const NatsSubject = {
  AUTH_USER_BY_ID: 'auth.users.by-id',
  AUTH_USERS_BY_IDS: 'auth.users.by-ids',
  AUTH_USER_REGISTERED: 'auth.events.user-registered',
  CONTACTS_OVERDUE_FOR_USER: 'contacts.overdue.for-user',
  CONTACTS_OVERDUE_DIGEST: 'contacts.overdue.digest',
  CONTACTS_UPCOMING_FOR_USER: 'contacts.upcoming.for-user',
  /** Auth asks for a reset mail; the reply confirms it is queued (auth retries until then). */
  NOTIFICATIONS_QUEUE_PASSWORD_RESET_MAIL: 'notifications.password-reset-mail.queue',
  HEALTH_PING: 'health.ping',
} as const;
export type NatsSubject = (typeof NatsSubject)[keyof typeof NatsSubject];

export const QueueGroup = {
  AUTH: 'auth',
  CONTACTS: 'contacts',
  NOTIFICATIONS: 'notifications',
} as const;

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
}
export interface OverdueDigestEntry {
  userId: string;
  totalOverdue: number;
  contacts: OverdueContactSummary[];
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
export interface UpcomingForUserResponse {
  items: import('./entities.js').UpcomingContact[];
  totalItems: number;
}

/** Error shape a NATS handler answers with; clients turn it back into the HTTP error. */
export interface RpcErrorPayload {
  code: import('./envelope.js').ErrorCode;
  message: string;
}
