import { z } from 'zod';
import { type Passkey, PasskeyMessage, type SsoConfig, type SsoStartResponse } from './passkeys.js';
import { singleLineText } from './text.schemas.js';

const base64url = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .max(65_536, `${field} is too long`)
    .regex(/^[A-Za-z0-9_-]*$/, `${field} must be base64url`);

/**
 * What the browser's WebAuthn call answers (@simplewebauthn/browser's RegistrationResponseJSON or
 * AuthenticationResponseJSON): checked in shape here, verified by the server's WebAuthn library.
 */
export const webAuthnResponseSchema = z.object(
  {
    id: base64url('response.id').min(1, 'response.id is required'),
    rawId: base64url('response.rawId'),
    type: z.literal('public-key', { error: "response.type must be 'public-key'" }),
    response: z.looseObject({ clientDataJSON: base64url('response.clientDataJSON') }),
    clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
    authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  },
  { error: 'response is required' },
);
export type WebAuthnResponse = z.input<typeof webAuthnResponseSchema>;

/** The options a ceremony starts with (PublicKeyCredentialCreation/RequestOptionsJSON). */
export const webAuthnOptionsSchema = z.looseObject({ challenge: z.string() });

export const passkeyNameSchema = singleLineText(PasskeyMessage.NAME_REQUIRED)
  .trim()
  .min(1, PasskeyMessage.NAME_REQUIRED)
  .max(100, 'Name must be at most 100 characters');

/** `POST /auth/passkeys`: the new credential, and what to call it. */
export const passkeyRegisterSchema = z.object({ name: passkeyNameSchema, response: webAuthnResponseSchema });
export type PasskeyRegisterRequest = z.input<typeof passkeyRegisterSchema>;

export const passkeyRenameSchema = z.object({ name: passkeyNameSchema });
export type PasskeyRenameRequest = z.input<typeof passkeyRenameSchema>;

/** An answer to a sign-in or step-up challenge. */
export const passkeyAssertionSchema = z.object({ response: webAuthnResponseSchema });
export type PasskeyAssertionRequest = z.input<typeof passkeyAssertionSchema>;

/** `POST /auth/login/2fa/passkey`: the password step's challenge, and a passkey instead of a code. */
export const passkeyTwoFactorSchema = z.object({
  challenge: singleLineText('challenge is required').min(1, 'challenge is required').max(512),
  response: webAuthnResponseSchema,
});
export type PasskeyTwoFactorRequest = z.input<typeof passkeyTwoFactorSchema>;

export const passkeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
  backedUp: z.boolean(),
}) satisfies z.ZodType<Passkey>;

export const ssoConfigSchema = z.object({
  enabled: z.boolean(),
  providerName: z.string().nullable(),
}) satisfies z.ZodType<SsoConfig>;

export const ssoStartResponseSchema = z.object({ authorizationUrl: z.url() }) satisfies z.ZodType<SsoStartResponse>;

/** `POST /auth/sso/callback`: the query the provider sent the browser back with, as it came. */
export const ssoCallbackSchema = z.object({
  callbackQuery: z
    .string({ error: 'callbackQuery is required' })
    .min(1, 'callbackQuery is required')
    .max(8192, 'callbackQuery is too long'),
});
export type SsoCallbackRequest = z.input<typeof ssoCallbackSchema>;
