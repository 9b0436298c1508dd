import type { RenderedEmail } from '../mail/templates/rendered-email.js';
import type { WebhookRequest } from '../webhooks/webhook-transport.service.js';

export const MessageKind = {
  DAILY_REMINDER: 'DAILY_REMINDER',
  TEST_REMINDER: 'TEST_REMINDER',
  PASSWORD_RESET: 'PASSWORD_RESET',
  /** The last mail of a deleted account: once delivered (or given up) it keeps no address. */
  ACCOUNT_DELETED: 'ACCOUNT_DELETED',
  /** Confirm an address, an invitation, "your password changed" (asked for by auth). */
  ACCOUNT_MAIL: 'ACCOUNT_MAIL',
} as const;
export type MessageKind = (typeof MessageKind)[keyof typeof MessageKind];

export const OutboxStatus = {
  PENDING: 'PENDING',
  SENT: 'SENT',
  /** Gave up: a permanent SMTP refusal, or the last allowed attempt failed. */
  FAILED: 'FAILED',
  /** Not sent because it would arrive too late to be useful (an expired reset link). */
  EXPIRED: 'EXPIRED',
} as const;

/** How a row is delivered: by SMTP, or as an HTTP POST to the user's webhook. */
export const Channel = { EMAIL: 'EMAIL', WEBHOOK: 'WEBHOOK' } as const;
export type Channel = (typeof Channel)[keyof typeof Channel];

export interface NewOutboxMessage {
  kind: MessageKind;
  /** EMAIL unless given. */
  channel?: Channel;
  userId: string | null;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** After this instant the mail is no longer worth sending. */
  expiresAt?: Date | null;
  /** Queues the mail only once per key, however often it is asked for. */
  dedupeKey?: string;
  headers?: Record<string, string>;
}

/** A pending row, locked by the transaction that is delivering it. */
export interface ClaimedMessage {
  id: string;
  kind: MessageKind;
  channel?: Channel;
  userId?: string | null;
  toAddress: string;
  subject: string;
  html: string;
  text: string;
  attempts: number;
  expiresAt: Date | null;
  headers?: Record<string, string> | null;
}

/** What happened to one delivery attempt; written in the transaction that holds the row lock. */
export type DeliveryOutcome =
  | { status: typeof OutboxStatus.SENT; clearBody: boolean }
  | { status: typeof OutboxStatus.PENDING; retryAt: Date; error: string }
  | { status: typeof OutboxStatus.FAILED | typeof OutboxStatus.EXPIRED; error: string; clearBody?: boolean };

/** A user's daily reminder, rendered from their complete data and ready to be queued. */
export interface DailyReminderCandidate {
  userId: string;
  to: string;
  overdueCount: number;
  email: RenderedEmail;
  /** The same digest for the user's webhook, when they have one. */
  webhook?: WebhookRequest;
}

export interface ReminderDeliveryStats {
  remindersSent: number;
  lastSentAt: Date | null;
}
