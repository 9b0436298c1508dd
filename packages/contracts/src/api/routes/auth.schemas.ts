import { z } from 'zod';
import { accountExportSchema, deleteAccountSchema } from '../../account.js';
import { KNOWN_DEVICE_COOKIE } from '../../constants.js';
import {
  appPasswordSchema,
  authResponseSchema,
  authTokensSchema,
  changePasswordResponseSchema,
  invitationSchema,
  sessionSchema,
  createdAppPasswordSchema,
  resetPasswordResponseSchema,
} from '../../entities.js';
import {
  loginResponseSchema,
  loginTwoFactorSchema,
  meResponseSchema,
  recoveryCodesRegenerateSchema,
  recoveryCodesResponseSchema,
  resetTokenCheckResponseSchema,
  twoFactorDisableSchema,
  twoFactorEnableSchema,
  twoFactorSetupResponseSchema,
} from '../../two-factor.schemas.js';
import {
  appPasswordCreateSchema,
  changeEmailSchema,
  changePasswordSchema,
  confirmEmailSchema,
  currentPasswordSchema,
  invitationCreateSchema,
  updateProfileSchema,
  forgotPasswordSchema,
  loginSchema,
  refreshTokenSchema,
  registerSchema,
  resetPasswordSchema,
  resetPasswordWithPasskeySchema,
  resetTokenCheckSchema,
} from '../../validation.js';
import { stepUpResponseSchema, stepUpSchema } from '../../step-up.schemas.js';
import {
  passkeyAssertionSchema,
  passkeyRegisterSchema,
  passkeyRenameSchema,
  passkeySchema,
  passkeyTwoFactorSchema,
  ssoCallbackSchema,
  ssoConfigSchema,
  ssoStartResponseSchema,
  webAuthnOptionsSchema,
} from '../../passkeys.schemas.js';
import type { authRoutes } from './auth.routes.js';
import { type RouteSchemasOf, message } from './route.schemas.js';

export const authRouteSchemas = {
  register: {
    summary: 'Create an account and sign in',
    description:
      'Where KITH_REGISTRATION is `invite`, `invitation` must be the token of an invitation to this address; ' +
      'where it is `closed`, only the first account of an empty instance may register (it becomes the operator).',
    body: registerSchema,
    answers: [{ status: 201, data: authResponseSchema }],
    errors: [
      [400, 'Invalid input, or one of the most common passwords (VALIDATION_ERROR)'],
      [403, 'Registration is by invitation or closed here, or the invitation is not valid (REGISTRATION_CLOSED)'],
      [409, 'An account with this email already exists (EMAIL_TAKEN)'],
    ],
  },
  login: {
    summary: 'Sign in',
    body: loginSchema,
    description:
      'With two-factor sign-in on, the answer is a challenge instead of tokens: post it with a code to `/auth/login/2fa`. ' +
      `A completed sign-in sets the \`${KNOWN_DEVICE_COOKIE}\` cookie (HttpOnly, path \`/api/auth/login\`); sent back, it ` +
      "lets this client sign in to the account while the account's backoff holds others off.",
    answers: [{ status: 200, data: loginResponseSchema }],
    errors: [
      [401, 'Invalid email or password, the same for an unknown e-mail (INVALID_CREDENTIALS)'],
      [429, 'Too many failed sign-ins for this account, or attempts from this address (RATE_LIMITED)'],
    ],
  },
  loginTwoFactor: {
    summary: 'Finish signing in with an authentication code or a recovery code',
    body: loginTwoFactorSchema,
    answers: [{ status: 200, data: authResponseSchema }],
    errors: [
      [401, 'Wrong code, or an expired or used-up challenge (INVALID_TWO_FACTOR_CODE, TWO_FACTOR_CHALLENGE_INVALID)'],
      [429, 'Too many wrong codes for this account (RATE_LIMITED)'],
    ],
  },
  setupTwoFactor: {
    summary: 'A new authenticator key and its QR code; nothing is on until a code confirms it',
    body: z.object({ currentPassword: currentPasswordSchema.optional() }),
    answers: [{ status: 200, data: twoFactorSetupResponseSchema }],
    errors: [
      [403, 'Not for the shared demo account (FORBIDDEN)'],
      [409, 'Two-factor sign-in is already on (CONFLICT)'],
    ],
  },
  enableTwoFactor: {
    summary: 'Confirm a code from the new key: two-factor sign-in is on, with recovery codes shown once',
    body: twoFactorEnableSchema,
    answers: [{ status: 200, data: recoveryCodesResponseSchema }],
    errors: [[409, 'Already on, or no set-up waiting (CONFLICT)']],
  },
  disableTwoFactor: {
    summary: 'Turn two-factor sign-in off (password and a code or a recovery code)',
    body: twoFactorDisableSchema,
    answers: [message()],
    errors: [[409, 'Two-factor sign-in is not on (CONFLICT)']],
  },
  regenerateRecoveryCodes: {
    summary: 'Replace the recovery codes (step-up with the password and a code or a recovery code)',
    body: recoveryCodesRegenerateSchema,
    answers: [{ status: 200, data: recoveryCodesResponseSchema }],
    errors: [[409, 'Two-factor sign-in is not on (CONFLICT)']],
  },
  refreshTokens: {
    summary: 'Trade a refresh token for new tokens',
    description: 'The refresh token is rotated; presenting a rotated one again revokes the whole session.',
    body: refreshTokenSchema,
    answers: [{ status: 200, data: z.object({ tokens: authTokensSchema }) }],
    errors: [[401, 'Invalid, expired or reused refresh token (UNAUTHORIZED)']],
  },
  logout: {
    summary: 'End the session of a refresh token',
    body: refreshTokenSchema,
    answers: [message()],
  },
  getMe: {
    summary: 'The signed-in user, and whether two-factor sign-in is on',
    answers: [{ status: 200, data: meResponseSchema }],
  },
  deleteAccount: {
    summary: 'Erase the account and all its data in every service',
    description: 'The password proves it, with a code or a recovery code when two-factor sign-in is on.',
    body: deleteAccountSchema,
    answers: [message()],
    errors: [
      [
        401,
        'No valid access token, a wrong password, or a missing or wrong second factor (INVALID_CREDENTIALS, TWO_FACTOR_REQUIRED, INVALID_TWO_FACTOR_CODE)',
      ],
      [429, 'Too many wrong passwords or codes for this account (RATE_LIMITED)'],
    ],
  },
  stepUp: {
    summary: 'Prove it is you again: a grant for changes that outlast the session',
    description:
      'The password, with a code or a recovery code when two-factor sign-in is on. The grant works for a few minutes, ' +
      'for this user and session only, sent as the X-Step-Up header.',
    body: stepUpSchema,
    answers: [{ status: 200, data: stepUpResponseSchema }],
    errors: [
      [
        401,
        'No valid access token, a wrong password, or a missing or wrong second factor (INVALID_CREDENTIALS, TWO_FACTOR_REQUIRED, INVALID_TWO_FACTOR_CODE)',
      ],
      [429, 'Too many wrong passwords or codes for this account (RATE_LIMITED)'],
    ],
  },
  updateProfile: {
    summary: 'Change the name',
    body: updateProfileSchema,
    answers: [{ status: 200, data: meResponseSchema }],
  },
  changePassword: {
    summary: 'Change the password: every other session, every app password and the calendar feed stop working',
    body: changePasswordSchema,
    answers: [{ status: 200, data: changePasswordResponseSchema }],
    errors: [
      [400, 'Invalid input, or one of the most common passwords (VALIDATION_ERROR)'],
      [429, 'Too many wrong passwords or codes for this account (RATE_LIMITED)'],
    ],
  },
  changeEmail: {
    summary: 'Change the e-mail address: a link goes to the new one, and the change happens when it is used',
    body: changeEmailSchema,
    answers: [message()],
    errors: [
      [409, 'Another account has this address (EMAIL_TAKEN)'],
      [429, 'Too many wrong passwords or codes for this account (RATE_LIMITED)'],
    ],
  },
  confirmEmail: {
    summary: 'Use a link that confirms an address (after registering, or to change to it)',
    body: confirmEmailSchema,
    answers: [message()],
    errors: [
      [400, 'Invalid input, or a link that is used, expired or no longer matches the account (BAD_REQUEST)'],
      [409, 'Another account took the address meanwhile (EMAIL_TAKEN)'],
    ],
  },
  resendVerification: {
    summary: 'Send the link that confirms the address again',
    answers: [message()],
    errors: [
      [409, 'The address is already confirmed (CONFLICT)'],
      [429, 'Asked too often: try again in an hour (RATE_LIMITED)'],
    ],
  },
  listSessions: {
    summary: 'The signed-in sessions of the account',
    answers: [{ status: 200, data: z.array(sessionSchema) }],
  },
  endSession: {
    summary: 'Sign one session out',
    answers: [message()],
  },
  signOutEverywhere: {
    summary: 'Sign out every session but this one',
    answers: [message()],
  },
  listInvitations: {
    summary: 'Invitations the operator sent',
    answers: [{ status: 200, data: z.array(invitationSchema) }],
    errors: [[403, 'Only the operator (FORBIDDEN)']],
  },
  createInvitation: {
    summary: 'Invite someone by e-mail to register (operator)',
    body: invitationCreateSchema,
    answers: [{ status: 201, data: invitationSchema }],
    errors: [
      [403, 'Only the operator (FORBIDDEN)'],
      [409, 'An account with this email already exists (EMAIL_TAKEN)'],
    ],
  },
  forgotPassword: {
    summary: 'E-mail a password reset link',
    description: 'The answer is the same whether or not an account has this e-mail.',
    body: forgotPasswordSchema,
    answers: [message()],
  },
  resetPassword: {
    summary: 'Set a new password with a reset token, and sign in',
    description: 'Ends every other session of the account.',
    body: resetPasswordSchema,
    answers: [{ status: 200, data: resetPasswordResponseSchema }],
    errors: [
      [400, 'Invalid input, or a bad, used or expired token (INVALID_RESET_TOKEN)'],
      [
        401,
        'The account uses two-factor sign-in and the code is missing or wrong (TWO_FACTOR_REQUIRED, INVALID_TWO_FACTOR_CODE)',
      ],
      [429, 'Too many wrong codes for this account (RATE_LIMITED)'],
    ],
  },
  resetPasswordWithPasskey: {
    summary: 'Set a new password with a reset token, a passkey of the account answering its second factor',
    description:
      'For an account with two-factor sign-in, instead of a code. The options come from `/auth/passkeys/sign-in-options`. Ends every other session of the account.',
    body: resetPasswordWithPasskeySchema,
    answers: [{ status: 200, data: resetPasswordResponseSchema }],
    errors: [
      [
        400,
        'Invalid input, a bad, used or expired token, or an expired or used passkey challenge (INVALID_RESET_TOKEN, BAD_REQUEST)',
      ],
      [401, 'A passkey that is not this account’s, or that could not be verified (INVALID_CREDENTIALS)'],
    ],
  },
  checkResetToken: {
    summary: 'Whether a reset link can still set a password',
    body: resetTokenCheckSchema,
    answers: [{ status: 200, data: resetTokenCheckResponseSchema }],
    errors: [[400, 'Invalid input, or a bad, used or expired token (INVALID_RESET_TOKEN)']],
  },
  exportAccount: {
    summary: 'Download everything the account holds, as one JSON document',
    description: 'Not enveloped: the file itself (docs/account-export.md), streamed as an attachment.',
    answers: [{ status: 200, description: 'The account export', json: accountExportSchema }],
  },
  createAppPassword: {
    summary: 'Create an app password for a phone (CardDAV)',
    description: 'The password is in this answer only; Kith keeps its hash.',
    body: appPasswordCreateSchema,
    answers: [{ status: 201, data: createdAppPasswordSchema }],
    errors: [[409, 'Too many app passwords: revoke one first (CONFLICT)']],
  },
  listAppPasswords: {
    summary: 'The app passwords of the account',
    answers: [{ status: 200, data: z.array(appPasswordSchema) }],
  },
  revokeAppPassword: {
    summary: 'Revoke an app password',
    answers: [message()],
  },
  passkeyRegistrationOptions: {
    summary: 'Start adding a passkey: the options for the browser (navigator.credentials.create)',
    description: `The challenge works once, for a few minutes. Needs step-up (the X-Step-Up header).`,
    answers: [{ status: 200, data: webAuthnOptionsSchema }],
    errors: [
      [403, 'Not for the shared demo account, or no step-up (FORBIDDEN, STEP_UP_REQUIRED)'],
      [409, 'Too many passkeys (CONFLICT)'],
    ],
  },
  registerPasskey: {
    summary: 'Add a passkey: the authenticator’s answer to the registration options, and its name',
    body: passkeyRegisterSchema,
    answers: [{ status: 201, data: passkeySchema }],
    errors: [
      [400, 'Invalid input, or an expired, used or unknown challenge (VALIDATION_ERROR, BAD_REQUEST)'],
      [401, 'The answer does not verify: wrong origin, signature or challenge (INVALID_CREDENTIALS)'],
      [409, 'This passkey is registered already, or too many passkeys (CONFLICT)'],
    ],
  },
  listPasskeys: {
    summary: 'The passkeys of the account',
    answers: [{ status: 200, data: z.array(passkeySchema) }],
  },
  renamePasskey: {
    summary: 'Rename a passkey',
    body: passkeyRenameSchema,
    answers: [{ status: 200, data: passkeySchema }],
    errors: [[404, 'No such passkey on this account (NOT_FOUND)']],
  },
  removePasskey: {
    summary: 'Remove a passkey (it no longer signs in)',
    answers: [message()],
    errors: [[404, 'No such passkey on this account (NOT_FOUND)']],
  },
  passkeySignInOptions: {
    summary: 'Start signing in with a passkey: options for navigator.credentials.get (no e-mail needed)',
    answers: [{ status: 200, data: webAuthnOptionsSchema }],
  },
  passkeySignIn: {
    summary: 'Sign in with a passkey',
    description: 'A passkey proves the person (user verification is required): no password, no second code.',
    body: passkeyAssertionSchema,
    answers: [{ status: 200, data: authResponseSchema }],
    errors: [
      [400, 'Invalid input, or an expired, used or unknown challenge (VALIDATION_ERROR, BAD_REQUEST)'],
      [401, 'An unknown passkey, or an answer that does not verify (INVALID_CREDENTIALS)'],
    ],
  },
  loginTwoFactorPasskey: {
    summary: 'Finish a two-factor sign-in with a passkey of the account instead of a code',
    description: 'The options come from `/auth/passkeys/sign-in-options`.',
    body: passkeyTwoFactorSchema,
    answers: [{ status: 200, data: authResponseSchema }],
    errors: [
      [400, 'Invalid input, or an expired, used or unknown passkey challenge (VALIDATION_ERROR, BAD_REQUEST)'],
      [
        401,
        'An expired sign-in, or a passkey that is not this account’s (TWO_FACTOR_CHALLENGE_INVALID, INVALID_CREDENTIALS)',
      ],
    ],
  },
  stepUpPasskeyOptions: {
    summary: 'Start a step-up with a passkey: options listing the account’s passkeys',
    answers: [{ status: 200, data: webAuthnOptionsSchema }],
    errors: [[404, 'The account has no passkey (NOT_FOUND)']],
  },
  stepUpPasskey: {
    summary: 'Prove it is you again with a passkey: a step-up grant, as with the password',
    body: passkeyAssertionSchema,
    answers: [{ status: 200, data: stepUpResponseSchema }],
    errors: [
      [400, 'Invalid input, or an expired, used or unknown challenge (VALIDATION_ERROR, BAD_REQUEST)'],
      [401, 'A passkey that is not this account’s, or an answer that does not verify (INVALID_CREDENTIALS)'],
    ],
  },
  ssoConfig: {
    summary: 'Whether single sign-on (OpenID Connect) is set up, and the provider’s name for the button',
    answers: [{ status: 200, data: ssoConfigSchema }],
  },
  ssoStart: {
    summary: 'Start signing in at the OpenID provider (authorization code with PKCE)',
    description:
      'Sets an HttpOnly cookie holding the state, nonce and PKCE verifier (sealed); the browser then goes to `authorizationUrl`.',
    answers: [{ status: 200, data: ssoStartResponseSchema }],
    errors: [[404, 'Single sign-on is not set up (NOT_FOUND)']],
  },
  ssoCallback: {
    summary: 'Finish single sign-on with the query the provider sent the browser back with',
    description:
      'State and nonce are checked against the cookie from `/auth/sso/start`. An account is found by the provider’s subject; ' +
      'a new one is created as KITH_REGISTRATION allows; an existing account with the same e-mail is linked only when ' +
      'OIDC_LINK_BY_EMAIL is true and the provider says the address is verified. With two-factor sign-in on, the answer is a challenge.',
    body: ssoCallbackSchema,
    answers: [{ status: 200, data: loginResponseSchema }],
    errors: [
      [400, 'A missing, expired or foreign state, or the provider refused (BAD_REQUEST)'],
      [403, 'Registration is closed or by invitation here (REGISTRATION_CLOSED)'],
      [409, 'An account has this e-mail and linking by e-mail is off (EMAIL_TAKEN)'],
    ],
  },
} satisfies RouteSchemasOf<typeof authRoutes>;
