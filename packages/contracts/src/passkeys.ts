/**
 * Passkeys (WebAuthn) and single sign-on (OpenID Connect). Zod-free, so the browser entry exports
 * it whole; the request schemas are in passkeys.schemas.ts.
 *
 * A passkey signs in alone (usernameless: the authenticator knows the account) and, as it is
 * something the person has and unlocks (user verification is required), it satisfies step-up
 * and the two-factor step too.
 */

/** How long a ceremony's challenge waits for the authenticator's answer. */
export const PASSKEY_CHALLENGE_TTL_SECONDS = 5 * 60;
/** Passkeys one account may hold. */
export const MAX_PASSKEYS = 20;
/** What the relying party is called in the browser's and the authenticator's prompts. */
export const PASSKEY_RP_NAME = 'Kith';

/** What a ceremony's challenge was handed out for: an answer is accepted for that purpose only. */
export const PasskeyPurpose = { REGISTER: 'register', SIGN_IN: 'sign-in', STEP_UP: 'step-up' } as const;
export type PasskeyPurpose = (typeof PasskeyPurpose)[keyof typeof PasskeyPurpose];

export const PasskeyMessage = {
  CHALLENGE_INVALID: 'This passkey request has expired or was already used. Please try again.',
  NOT_VERIFIED: 'The passkey could not be verified',
  UNKNOWN: 'This passkey is not registered here',
  TOO_MANY: `An account can have at most ${MAX_PASSKEYS} passkeys: remove one first`,
  ALREADY_REGISTERED: 'This passkey is already registered',
  ADDED: 'Passkey added',
  RENAMED: 'Passkey renamed',
  REMOVED: 'Passkey removed',
  NAME_REQUIRED: 'Name is required',
  DEMO_ACCOUNT: 'Passkeys cannot be added to the shared demo account',
} as const;

/** A passkey as Settings lists it (never its key). */
export interface Passkey {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  /** Synced between the person's devices by their platform (a "multi-device" credential). */
  backedUp: boolean;
}

/** Single sign-on: what the login page needs to show the button (nothing when it is off). */
export interface SsoConfig {
  enabled: boolean;
  /** The provider's name for the button ('Sign in with …'). */
  providerName: string | null;
}

/** `POST /auth/sso/start`: where the browser goes to sign in at the provider. */
export interface SsoStartResponse {
  authorizationUrl: string;
}

export const SsoMessage = {
  NOT_CONFIGURED: 'Single sign-on is not set up on this server',
  STATE_INVALID: 'This sign-in has expired or did not start here. Please try again.',
  FAILED: 'Single sign-on failed. Please try again.',
  EMAIL_NOT_VERIFIED: 'Your identity provider did not confirm your e-mail address',
  EMAIL_TAKEN:
    'An account with this e-mail already exists. Sign in with your password; this server does not link accounts by e-mail.',
} as const;

/** The path of the web app the provider sends the browser back to (OIDC redirect_uri on APP_URL). */
export const SSO_CALLBACK_PATH = '/login/sso';
