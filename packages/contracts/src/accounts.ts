/**
 * Accounts on an instance: who may register, who runs it, and the account basics (name, e-mail,
 * password, sessions). Zod-free, so the browser entry exports it whole; the request schemas are
 * in validation.ts.
 */

/** KITH_REGISTRATION: who may create an account. */
export const RegistrationMode = {
  /** Anyone (with REQUIRE_EMAIL_VERIFICATION, their address is confirmed before mail goes to it). */
  OPEN: 'open',
  /** Those the operator invited by e-mail from Settings. */
  INVITE: 'invite',
  /** Nobody. */
  CLOSED: 'closed',
} as const;
export type RegistrationMode = (typeof RegistrationMode)[keyof typeof RegistrationMode];

export const AccountMessages = {
  REGISTRATION_INVITE_ONLY: 'Registration on this Kith is by invitation: ask its operator to invite you',
  REGISTRATION_CLOSED: 'Registration on this Kith is closed',
  INVITATION_INVALID: 'This invitation is not valid for this e-mail address, or has expired',
  COMMON_PASSWORD: 'This password is one of the most common ones: choose one that is harder to guess',
  PASSWORD_CHANGED: 'Password changed. Every other session was signed out',
  PROFILE_UPDATED: 'Profile updated',
  SESSION_ENDED: 'Session signed out',
  SIGNED_OUT_EVERYWHERE: 'Signed out everywhere else',
  OPERATOR_ONLY: 'Only the operator of this Kith can do this',
  EMAIL_CHANGE_SENT: 'Check your new address: the link we sent there makes the change',
  EMAIL_CONFIRMED: 'Your e-mail address is confirmed',
  EMAIL_LINK_INVALID: 'This confirmation link is not valid any more. Ask for a new one from Settings.',
  VERIFICATION_SENT: 'We sent a confirmation link to your address',
  EMAIL_NOT_VERIFIED: 'Confirm your e-mail address first: open the link we sent you, or ask for a new one in Settings',
  INVITATION_SENT: 'Invitation sent',
} as const;

/**
 * What a reset or a password change ends besides the sessions, so the answer and the mail can
 * say what to set up again.
 */
export interface RevokedCredentials {
  /** Refresh-token families (signed-in browsers and apps) that were signed out. */
  sessions: number;
  /** App passwords (phones syncing contacts) that were deleted. */
  appPasswords: number;
  /** Whether the calendar feed's URL stopped working. */
  calendarFeed: boolean;
}

/** Test reminders and webhook tests one user may send per hour (then a 429). */
export const TEST_SENDS_PER_HOUR = 5;
/** Confirmation mails one user may ask for again per hour. */
export const VERIFICATION_MAILS_PER_HOUR = 3;
/** How long links to confirm an address (and invitations) work. */
export const EMAIL_CONFIRMATION_TTL_HOURS = 48;
export const INVITATION_TTL_DAYS = 14;
