import { z } from 'zod';
import { deleteAccountSchema, accountExportSchema } from '../account.js';
import { CALENDAR_FEED_FILE_PATTERN } from '../calendar.js';
import {
  IMPORT_ALLOWED_EXTENSIONS,
  IMPORT_FILE_FIELD,
  IMPORT_MAX_FILE_BYTES,
  KNOWN_DEVICE_COOKIE,
} from '../constants.js';
import {
  appPasswordSchema,
  authResponseSchema,
  changePasswordResponseSchema,
  invitationSchema,
  sessionSchema,
  authTokensSchema,
  calendarFeedStatusSchema,
  calendarFeedUrlSchema,
  communicationDeletedSchema,
  communicationSchema,
  contactListSchema,
  contactListSummarySchema,
  contactResponseSchema,
  contactSchema,
  contactSectionsResponseSchema,
  createdAppPasswordSchema,
  emailActionPreviewSchema,
  emailActionResultSchema,
  healthReportSchema,
  importConfirmResultSchema,
  importParseResultSchema,
  itemsSchema,
  listMembershipResponseSchema,
  logContactResponseSchema,
  messageResponseSchema,
  notificationSettingsSchema,
  notificationStatsSchema,
  pagedSchema,
  resetPasswordResponseSchema,
  triggerDailyResultSchema,
  upcomingBirthdaySchema,
  upcomingContactSchema,
  webhookDeliverySchema,
  webhookSettingsResponseSchema,
} from '../entities.js';
import {
  appPasswordCreateSchema,
  birthdaysQuerySchema,
  changeEmailSchema,
  changePasswordSchema,
  confirmEmailSchema,
  currentPasswordSchema,
  invitationCreateSchema,
  updateProfileSchema,
  communicationUpdateSchema,
  contactInputSchema,
  contactQuerySchema,
  contactSectionsQuerySchema,
  contactUpdateSchema,
  forgotPasswordSchema,
  importConfirmSchema,
  listInputSchema,
  listsQuerySchema,
  listUpdateSchema,
  logCommunicationSchema,
  logContactSchema,
  loginSchema,
  notificationSettingsUpdateSchema,
  pageQuerySchema,
  refreshTokenSchema,
  registerSchema,
  resetPasswordSchema,
  resetTokenCheckSchema,
  scheduleReminderSchema,
  snoozeSchema,
  webhookSettingsSchema,
} from '../validation.js';
import { vcardExportQuerySchema } from '../vcard.js';
import { stepUpResponseSchema, stepUpSchema } from '../step-up.schemas.js';
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
} from '../two-factor.schemas.js';

/**
 * The route catalogue: every HTTP route of the gateway and the services, with the very schemas
 * the controllers validate with and the shapes they answer. The OpenAPI document (openapi.ts) is
 * generated from it, and tests hold it to the routes the Nest apps really register and to the
 * answers the running stack really gives; a route missing here fails those tests.
 */

export type ApiService = 'gateway' | 'auth' | 'contacts' | 'notifications';
export type ApiMethod = 'get' | 'post' | 'put' | 'patch' | 'delete' | 'options';
/** bearer: an access token; basic: an app password (CardDAV); none: public. */
export type ApiAuth = 'bearer' | 'basic' | 'none';

/** An answer other than an error envelope: the success envelope, bare JSON, another medium, or none. */
export type ApiAnswer =
  /** `{ success: true, data }` around `data`. */
  | { status: number; description?: string; data: z.ZodType }
  /** JSON without the envelope (health reports, the account export, configuration). */
  | { status: number; description: string; json: z.ZodType }
  /** Another medium (vCard, iCalendar, HTML...), or no body when `media` is absent. */
  | { status: number; description: string; media?: string[]; headers?: Record<string, string> };

export interface ApiRoute {
  /** Unique; the OpenAPI operationId. */
  operationId: string;
  service: ApiService;
  method: ApiMethod;
  /** An OpenAPI path template below `/api` (`/contacts/{id}`), or below the site root when `root`. */
  path: string;
  /** Outside `/api`: CardDAV, its `/.well-known` bootstrap and the web app's runtime configuration. */
  root?: true;
  summary: string;
  description?: string;
  auth: ApiAuth;
  /** Path parameters that are not ids (every other `{name}` is a uuid: anything else is a 404). */
  pathParams?: Record<string, z.ZodType>;
  query?: z.ZodObject;
  /** A JSON body, validated by this schema. */
  body?: z.ZodType;
  /** A multipart/form-data upload of one file in this field. */
  upload?: { field: string; description: string };
  /** The success answers (usually one). */
  answers: ApiAnswer[];
  /** Error envelopes beyond those `errorStatusesOf` gives every route of its kind, with why. */
  errors?: [status: number, description: string][];
  /** Behind the gateway's rate limiter for credential guessing (429). */
  rateLimited?: true;
  /** Needs step-up beyond the bearer token (403 STEP_UP_REQUIRED without it). */
  stepUp?: true;
}

/** Where the gateway serves the document and the browsable docs (below API_BASE_PATH). */
export const OPENAPI_DOCUMENT_PATH = '/openapi.json';
export const API_DOCS_PATH = '/docs';
/** The docs page's own files: Swagger UI's build, and the script that points it at the document. */
export const API_DOCS_ASSETS = ['swagger-ui.css', 'swagger-ui-bundle.js', 'api-docs.js'] as const;

/** What each error status means wherever it appears; a route may say more. */
export const ERROR_STATUS_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input: `error` names the field, `details` lists each (VALIDATION_ERROR), or a malformed body (BAD_REQUEST)',
  401: 'No valid access token (UNAUTHORIZED)',
  403: 'Step-up needed: a grant in X-Step-Up, or the password in the body (STEP_UP_REQUIRED)',
  404: "Not found, also for another user's resource (NOT_FOUND)",
  409: 'Conflict (CONFLICT)',
  410: 'Gone (LINK_EXPIRED, LINK_USED)',
  413: 'Body too large (PAYLOAD_TOO_LARGE)',
  415: 'Wrong file type (UNSUPPORTED_MEDIA_TYPE)',
  429: 'Too many attempts from this address (RATE_LIMITED)',
  503: 'The owning service is unreachable (SERVICE_UNAVAILABLE)',
  504: 'The owning service did not answer in time (UPSTREAM_TIMEOUT)',
};

/** Path parameters of a template, in order. */
export const pathParamsOf = (path: string): string[] => [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);

/**
 * Every error status a route can answer with the error envelope: the ones its kind implies
 * (401 behind a bearer token, 400 for validated input, 413 for a body, 404 for an id in the
 * path, 503/504 when the gateway forwards it) and its own.
 */
export function errorStatusesOf(route: ApiRoute): number[] {
  const statuses = new Set<number>();
  if (route.auth === 'bearer') statuses.add(401);
  if (route.body || route.query || route.upload) statuses.add(400);
  if (route.body || route.upload) statuses.add(413);
  if (route.upload) statuses.add(415);
  if (pathParamsOf(route.path).some((name) => !route.pathParams?.[name])) statuses.add(404);
  if (route.rateLimited) statuses.add(429);
  if (route.stepUp) statuses.add(401).add(403);
  if (route.service !== 'gateway') statuses.add(503).add(504);
  for (const [status] of route.errors ?? []) statuses.add(status);
  return [...statuses].sort((a, b) => a - b);
}

/** The full URL path of a route on the gateway's origin. */
export const publicPathOf = (route: Pick<ApiRoute, 'path' | 'root'>): string =>
  route.root ? route.path : `/api${route.path}`;

const bearer = 'bearer' as const;
const none = 'none' as const;
const message = (status = 200, description?: string): ApiAnswer => ({
  status,
  description,
  data: messageResponseSchema,
});
const calendarFile = z
  .string()
  .regex(CALENDAR_FEED_FILE_PATTERN)
  .meta({ description: 'The feed token (43 base64url characters) followed by `.ics`' });
const emailActionToken = z.string().meta({ description: 'The signed token of the link in the e-mail' });
const cardName = z.string().meta({ description: 'The card resource name, e.g. `<uid>.vcf`' });
/** WebDAV failures: a text/plain reason, or an XML `DAV:error` naming the failed precondition. */
const davFailure = (status: number, description: string): ApiAnswer => ({
  status,
  description,
  media: ['text/plain', 'application/xml'],
});
const davSignIn: ApiAnswer[] = [
  { ...davFailure(401, 'No valid app password'), headers: { 'www-authenticate': 'Basic realm="Kith phone sync"' } },
  { status: 429, description: 'Too many failed sign-ins from this address', media: ['text/plain'] },
];

export const apiRoutes: ApiRoute[] = [
  // ── gateway ──────────────────────────────────────────────────────────────
  {
    operationId: 'getHealth',
    service: 'gateway',
    method: 'get',
    path: '/health',
    summary: 'Health of every part of the stack',
    description: "The gateway's NATS link and each service with its database and NATS link.",
    auth: none,
    answers: [
      { status: 200, description: 'Everything is up', json: healthReportSchema },
      { status: 503, description: 'Something is down (the report says what)', json: healthReportSchema },
    ],
  },
  {
    operationId: 'getLiveness',
    service: 'gateway',
    method: 'get',
    path: '/health/live',
    summary: 'Liveness of the gateway process alone',
    auth: none,
    answers: [{ status: 200, description: 'The process answers', json: z.object({ status: z.literal('ok') }) }],
  },
  {
    operationId: 'getOpenApiDocument',
    service: 'gateway',
    method: 'get',
    path: OPENAPI_DOCUMENT_PATH,
    summary: 'This document (OpenAPI 3.1)',
    auth: none,
    answers: [
      {
        status: 200,
        description: 'The OpenAPI document',
        json: z.looseObject({ openapi: z.string(), info: z.looseObject({}), paths: z.looseObject({}) }),
      },
    ],
  },
  {
    operationId: 'getApiDocs',
    service: 'gateway',
    method: 'get',
    path: API_DOCS_PATH,
    summary: 'This document, browsable (Swagger UI)',
    auth: none,
    answers: [{ status: 200, description: 'The docs page', media: ['text/html'] }],
  },
  {
    operationId: 'getApiDocsAsset',
    service: 'gateway',
    method: 'get',
    path: `${API_DOCS_PATH}/{file}`,
    summary: "The docs page's scripts and styles, served by Kith itself",
    auth: none,
    pathParams: { file: z.enum(API_DOCS_ASSETS) },
    answers: [{ status: 200, description: 'The file', media: ['text/javascript', 'text/css'] }],
    errors: [[404, 'Not one of the docs files (NOT_FOUND)']],
  },
  {
    operationId: 'getAppConfig',
    service: 'gateway',
    method: 'get',
    path: '/app-config.json',
    root: true,
    summary: "The web app's runtime configuration: where each front-end remote is published",
    auth: none,
    answers: [
      {
        status: 200,
        description: 'The remotes’ manifest URLs',
        json: z.object({ remotes: z.object({ dashboard: z.string(), contacts: z.string(), lists: z.string() }) }),
      },
    ],
  },
  {
    operationId: 'findCardDavServer',
    service: 'gateway',
    method: 'get',
    path: '/.well-known/carddav',
    root: true,
    summary: 'CardDAV bootstrap (RFC 6764): redirects to /dav/',
    description: 'Any method is redirected.',
    auth: none,
    answers: [{ status: 301, description: 'Moved to /dav/', media: ['text/plain'], headers: { location: '/dav/' } }],
  },

  // ── auth ─────────────────────────────────────────────────────────────────
  {
    operationId: 'register',
    service: 'auth',
    method: 'post',
    path: '/auth/register',
    summary: 'Create an account and sign in',
    auth: none,
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
    rateLimited: true,
  },
  {
    operationId: 'login',
    service: 'auth',
    method: 'post',
    path: '/auth/login',
    summary: 'Sign in',
    auth: none,
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
    rateLimited: true,
  },
  {
    operationId: 'loginTwoFactor',
    service: 'auth',
    method: 'post',
    path: '/auth/login/2fa',
    summary: 'Finish signing in with an authentication code or a recovery code',
    auth: none,
    body: loginTwoFactorSchema,
    answers: [{ status: 200, data: authResponseSchema }],
    errors: [
      [401, 'Wrong code, or an expired or used-up challenge (INVALID_TWO_FACTOR_CODE, TWO_FACTOR_CHALLENGE_INVALID)'],
      [429, 'Too many wrong codes for this account (RATE_LIMITED)'],
    ],
    rateLimited: true,
  },
  {
    operationId: 'setupTwoFactor',
    service: 'auth',
    method: 'post',
    path: '/auth/2fa/setup',
    summary: 'A new authenticator key and its QR code; nothing is on until a code confirms it',
    auth: bearer,
    stepUp: true,
    body: z.object({ currentPassword: currentPasswordSchema.optional() }),
    answers: [{ status: 200, data: twoFactorSetupResponseSchema }],
    errors: [
      [403, 'Not for the shared demo account (FORBIDDEN)'],
      [409, 'Two-factor sign-in is already on (CONFLICT)'],
    ],
  },
  {
    operationId: 'enableTwoFactor',
    service: 'auth',
    method: 'post',
    path: '/auth/2fa/enable',
    summary: 'Confirm a code from the new key: two-factor sign-in is on, with recovery codes shown once',
    auth: bearer,
    body: twoFactorEnableSchema,
    stepUp: true,
    answers: [{ status: 200, data: recoveryCodesResponseSchema }],
    errors: [[409, 'Already on, or no set-up waiting (CONFLICT)']],
  },
  {
    operationId: 'disableTwoFactor',
    service: 'auth',
    method: 'post',
    path: '/auth/2fa/disable',
    summary: 'Turn two-factor sign-in off (password and a code or a recovery code)',
    auth: bearer,
    body: twoFactorDisableSchema,
    answers: [message()],
    errors: [[409, 'Two-factor sign-in is not on (CONFLICT)']],
  },
  {
    operationId: 'regenerateRecoveryCodes',
    service: 'auth',
    method: 'post',
    path: '/auth/2fa/recovery-codes',
    summary: 'Replace the recovery codes (step-up with the password and a code or a recovery code)',
    auth: bearer,
    stepUp: true,
    body: recoveryCodesRegenerateSchema,
    answers: [{ status: 200, data: recoveryCodesResponseSchema }],
    errors: [[409, 'Two-factor sign-in is not on (CONFLICT)']],
  },
  {
    operationId: 'refreshTokens',
    service: 'auth',
    method: 'post',
    path: '/auth/refresh',
    summary: 'Trade a refresh token for new tokens',
    description: 'The refresh token is rotated; presenting a rotated one again revokes the whole session.',
    auth: none,
    body: refreshTokenSchema,
    answers: [{ status: 200, data: z.object({ tokens: authTokensSchema }) }],
    errors: [[401, 'Invalid, expired or reused refresh token (UNAUTHORIZED)']],
  },
  {
    operationId: 'logout',
    service: 'auth',
    method: 'post',
    path: '/auth/logout',
    summary: 'End the session of a refresh token',
    auth: none,
    body: refreshTokenSchema,
    answers: [message()],
  },
  {
    operationId: 'getMe',
    service: 'auth',
    method: 'get',
    path: '/auth/me',
    summary: 'The signed-in user, and whether two-factor sign-in is on',
    auth: bearer,
    answers: [{ status: 200, data: meResponseSchema }],
  },
  {
    operationId: 'deleteAccount',
    service: 'auth',
    method: 'delete',
    path: '/auth/me',
    summary: 'Erase the account and all its data in every service',
    description: 'The password proves it, with a code or a recovery code when two-factor sign-in is on.',
    auth: bearer,
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
  {
    operationId: 'stepUp',
    service: 'auth',
    method: 'post',
    path: '/auth/step-up',
    summary: 'Prove it is you again: a grant for changes that outlast the session',
    description:
      'The password, with a code or a recovery code when two-factor sign-in is on. The grant works for a few minutes, ' +
      'for this user and session only, sent as the X-Step-Up header.',
    auth: bearer,
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
  {
    operationId: 'updateProfile',
    service: 'auth',
    method: 'patch',
    path: '/auth/me',
    summary: 'Change the name',
    auth: bearer,
    body: updateProfileSchema,
    answers: [{ status: 200, data: meResponseSchema }],
  },
  {
    operationId: 'changePassword',
    service: 'auth',
    method: 'post',
    path: '/auth/change-password',
    summary: 'Change the password: every other session, every app password and the calendar feed stop working',
    auth: bearer,
    stepUp: true,
    body: changePasswordSchema,
    answers: [{ status: 200, data: changePasswordResponseSchema }],
    errors: [
      [400, 'Invalid input, or one of the most common passwords (VALIDATION_ERROR)'],
      [429, 'Too many wrong passwords or codes for this account (RATE_LIMITED)'],
    ],
  },
  {
    operationId: 'changeEmail',
    service: 'auth',
    method: 'post',
    path: '/auth/change-email',
    summary: 'Change the e-mail address: a link goes to the new one, and the change happens when it is used',
    auth: bearer,
    stepUp: true,
    body: changeEmailSchema,
    answers: [message()],
    errors: [
      [409, 'Another account has this address (EMAIL_TAKEN)'],
      [429, 'Too many wrong passwords or codes for this account (RATE_LIMITED)'],
    ],
  },
  {
    operationId: 'confirmEmail',
    service: 'auth',
    method: 'post',
    path: '/auth/confirm-email',
    summary: 'Use a link that confirms an address (after registering, or to change to it)',
    auth: none,
    body: confirmEmailSchema,
    answers: [message()],
    errors: [
      [400, 'Invalid input, or a link that is used, expired or no longer matches the account (BAD_REQUEST)'],
      [409, 'Another account took the address meanwhile (EMAIL_TAKEN)'],
    ],
    rateLimited: true,
  },
  {
    operationId: 'resendVerification',
    service: 'auth',
    method: 'post',
    path: '/auth/verify-email/resend',
    summary: 'Send the link that confirms the address again',
    auth: bearer,
    answers: [message()],
    errors: [
      [409, 'The address is already confirmed (CONFLICT)'],
      [429, 'Asked too often: try again in an hour (RATE_LIMITED)'],
    ],
  },
  {
    operationId: 'listSessions',
    service: 'auth',
    method: 'get',
    path: '/auth/sessions',
    summary: 'The signed-in sessions of the account',
    auth: bearer,
    answers: [{ status: 200, data: z.array(sessionSchema) }],
  },
  {
    operationId: 'endSession',
    service: 'auth',
    method: 'delete',
    path: '/auth/sessions/{id}',
    summary: 'Sign one session out',
    auth: bearer,
    answers: [message()],
  },
  {
    operationId: 'signOutEverywhere',
    service: 'auth',
    method: 'post',
    path: '/auth/sessions/sign-out-everywhere',
    summary: 'Sign out every session but this one',
    auth: bearer,
    answers: [message()],
  },
  {
    operationId: 'listInvitations',
    service: 'auth',
    method: 'get',
    path: '/auth/invitations',
    summary: 'Invitations the operator sent',
    auth: bearer,
    answers: [{ status: 200, data: z.array(invitationSchema) }],
    errors: [[403, 'Only the operator (FORBIDDEN)']],
  },
  {
    operationId: 'createInvitation',
    service: 'auth',
    method: 'post',
    path: '/auth/invitations',
    summary: 'Invite someone by e-mail to register (operator)',
    auth: bearer,
    body: invitationCreateSchema,
    answers: [{ status: 201, data: invitationSchema }],
    errors: [
      [403, 'Only the operator (FORBIDDEN)'],
      [409, 'An account with this email already exists (EMAIL_TAKEN)'],
    ],
  },
  {
    operationId: 'forgotPassword',
    service: 'auth',
    method: 'post',
    path: '/auth/forgot-password',
    summary: 'E-mail a password reset link',
    description: 'The answer is the same whether or not an account has this e-mail.',
    auth: none,
    body: forgotPasswordSchema,
    answers: [message()],
    rateLimited: true,
  },
  {
    operationId: 'resetPassword',
    service: 'auth',
    method: 'post',
    path: '/auth/reset-password',
    summary: 'Set a new password with a reset token, and sign in',
    description: 'Ends every other session of the account.',
    auth: none,
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
    rateLimited: true,
  },
  {
    operationId: 'checkResetToken',
    service: 'auth',
    method: 'post',
    path: '/auth/reset-password/check',
    summary: 'Whether a reset link can still set a password',
    auth: none,
    body: resetTokenCheckSchema,
    answers: [{ status: 200, data: resetTokenCheckResponseSchema }],
    errors: [[400, 'Invalid input, or a bad, used or expired token (INVALID_RESET_TOKEN)']],
    rateLimited: true,
  },
  {
    operationId: 'exportAccount',
    service: 'auth',
    method: 'get',
    path: '/account/export',
    summary: 'Download everything the account holds, as one JSON document',
    description: 'Not enveloped: the file itself (docs/account-export.md), streamed as an attachment.',
    auth: bearer,
    answers: [{ status: 200, description: 'The account export', json: accountExportSchema }],
  },
  {
    operationId: 'createAppPassword',
    service: 'auth',
    method: 'post',
    path: '/auth/app-passwords',
    summary: 'Create an app password for a phone (CardDAV)',
    description: 'The password is in this answer only; Kith keeps its hash.',
    auth: bearer,
    stepUp: true,
    body: appPasswordCreateSchema,
    answers: [{ status: 201, data: createdAppPasswordSchema }],
    errors: [[409, 'Too many app passwords: revoke one first (CONFLICT)']],
  },
  {
    operationId: 'listAppPasswords',
    service: 'auth',
    method: 'get',
    path: '/auth/app-passwords',
    summary: 'The app passwords of the account',
    auth: bearer,
    answers: [{ status: 200, data: z.array(appPasswordSchema) }],
  },
  {
    operationId: 'revokeAppPassword',
    service: 'auth',
    method: 'delete',
    path: '/auth/app-passwords/{id}',
    summary: 'Revoke an app password',
    auth: bearer,
    answers: [message()],
  },

  // ── contacts: contacts ───────────────────────────────────────────────────
  {
    operationId: 'listContacts',
    service: 'contacts',
    method: 'get',
    path: '/contacts',
    summary: 'A page of contacts, searched, filtered and sorted',
    auth: bearer,
    query: contactQuerySchema,
    answers: [{ status: 200, data: pagedSchema(contactSchema) }],
    errors: [[404, 'The list in `listId` does not exist (NOT_FOUND)']],
  },
  {
    operationId: 'listOverdueContacts',
    service: 'contacts',
    method: 'get',
    path: '/contacts/overdue',
    summary: 'A page of overdue contacts, most overdue first',
    auth: bearer,
    query: pageQuerySchema,
    answers: [{ status: 200, data: pagedSchema(contactSchema) }],
  },
  {
    operationId: 'listUpcomingBirthdays',
    service: 'contacts',
    method: 'get',
    path: '/contacts/birthdays',
    summary: 'Birthdays from today through `withinDays` days later, soonest first',
    auth: bearer,
    query: birthdaysQuerySchema,
    answers: [{ status: 200, data: itemsSchema(upcomingBirthdaySchema) }],
  },
  {
    operationId: 'listContactSections',
    service: 'contacts',
    method: 'get',
    path: '/contacts/sections',
    summary: 'Contact counts per list, for the contacts screen grouped by list',
    auth: bearer,
    query: contactSectionsQuerySchema,
    answers: [{ status: 200, data: contactSectionsResponseSchema }],
  },
  {
    operationId: 'createContact',
    service: 'contacts',
    method: 'post',
    path: '/contacts',
    summary: 'Create a contact',
    auth: bearer,
    body: contactInputSchema,
    answers: [{ status: 201, data: contactSchema }],
    errors: [[404, 'The list does not exist (NOT_FOUND)']],
  },
  {
    operationId: 'getContact',
    service: 'contacts',
    method: 'get',
    path: '/contacts/{id}',
    summary: 'A contact',
    auth: bearer,
    answers: [{ status: 200, data: contactSchema }],
  },
  {
    operationId: 'updateContact',
    service: 'contacts',
    method: 'put',
    path: '/contacts/{id}',
    summary: 'Change a contact (only the given fields)',
    auth: bearer,
    body: contactUpdateSchema,
    answers: [{ status: 200, data: contactSchema }],
  },
  {
    operationId: 'deleteContact',
    service: 'contacts',
    method: 'delete',
    path: '/contacts/{id}',
    summary: 'Delete a contact and its interactions',
    auth: bearer,
    answers: [message()],
  },
  {
    operationId: 'scheduleReminder',
    service: 'contacts',
    method: 'post',
    path: '/contacts/{id}/schedule-reminder',
    summary: 'Schedule a reminder about a contact',
    auth: bearer,
    body: scheduleReminderSchema,
    answers: [{ status: 200, data: contactResponseSchema }],
  },
  {
    operationId: 'snoozeContact',
    service: 'contacts',
    method: 'post',
    path: '/contacts/{id}/snooze',
    summary: 'Leave a contact out of reminder e-mails until a date',
    auth: bearer,
    body: snoozeSchema,
    answers: [{ status: 200, data: contactResponseSchema }],
  },
  {
    operationId: 'unsnoozeContact',
    service: 'contacts',
    method: 'delete',
    path: '/contacts/{id}/snooze',
    summary: 'End a snooze',
    auth: bearer,
    answers: [{ status: 200, data: contactResponseSchema }],
  },
  {
    operationId: 'exportContactsVcf',
    service: 'contacts',
    method: 'get',
    path: '/contacts/export.vcf',
    summary: 'Every contact (or one list) as a vCard file',
    auth: bearer,
    query: vcardExportQuerySchema,
    answers: [{ status: 200, description: 'The vCard file, streamed', media: ['text/vcard'] }],
    errors: [[404, 'The list does not exist (NOT_FOUND)']],
  },
  {
    operationId: 'parseImport',
    service: 'contacts',
    method: 'post',
    path: '/contacts/import/parse',
    summary: 'Read a vCard file and preview its contacts (nothing is stored)',
    auth: bearer,
    upload: {
      field: IMPORT_FILE_FIELD,
      description: `One ${IMPORT_ALLOWED_EXTENSIONS.join(' or ')} file of at most ${IMPORT_MAX_FILE_BYTES} bytes`,
    },
    answers: [{ status: 200, data: importParseResultSchema }],
  },
  {
    operationId: 'confirmImport',
    service: 'contacts',
    method: 'post',
    path: '/contacts/import/confirm',
    summary: 'Store the chosen contacts of an import, skipping duplicates, in one transaction',
    auth: bearer,
    body: importConfirmSchema,
    answers: [{ status: 200, data: importConfirmResultSchema }],
    errors: [[404, 'The list does not exist (NOT_FOUND)']],
  },

  // ── contacts: interactions ───────────────────────────────────────────────
  {
    operationId: 'logCommunication',
    service: 'contacts',
    method: 'post',
    path: '/communications/log',
    summary: 'Log an interaction with a contact at a given time',
    description: 'Moves the last contact date forward only, never back. A time in the future is a 400.',
    auth: bearer,
    body: logCommunicationSchema,
    answers: [{ status: 201, data: logContactResponseSchema }],
    errors: [[404, 'The contact does not exist (NOT_FOUND)']],
  },
  {
    operationId: 'updateCommunication',
    service: 'contacts',
    method: 'put',
    path: '/communications/{id}',
    summary: 'Change a logged interaction',
    auth: bearer,
    body: communicationUpdateSchema,
    answers: [{ status: 200, data: logContactResponseSchema }],
  },
  {
    operationId: 'deleteCommunication',
    service: 'contacts',
    method: 'delete',
    path: '/communications/{id}',
    summary: 'Delete a logged interaction',
    auth: bearer,
    answers: [{ status: 200, data: communicationDeletedSchema }],
  },
  {
    operationId: 'listCommunications',
    service: 'contacts',
    method: 'get',
    path: '/contacts/{id}/communications',
    summary: "A page of a contact's interactions, newest first",
    auth: bearer,
    query: pageQuerySchema,
    answers: [{ status: 200, data: pagedSchema(communicationSchema) }],
  },
  {
    operationId: 'logContact',
    service: 'contacts',
    method: 'post',
    path: '/contacts/{id}/log-contact',
    summary: 'Log an interaction now',
    auth: bearer,
    body: logContactSchema,
    answers: [{ status: 201, data: logContactResponseSchema }],
  },
  {
    operationId: 'markContacted',
    service: 'contacts',
    method: 'patch',
    path: '/contacts/{id}/mark-contacted',
    summary: 'Set the last contact date to now without logging an interaction',
    auth: bearer,
    answers: [{ status: 200, data: contactResponseSchema }],
  },

  // ── contacts: lists ──────────────────────────────────────────────────────
  {
    operationId: 'listLists',
    service: 'contacts',
    method: 'get',
    path: '/lists',
    summary: "Every list, with its counts (and its members' ids unless `withContactIds=false`)",
    auth: bearer,
    query: listsQuerySchema,
    answers: [
      {
        status: 200,
        data: z.array(
          contactListSummarySchema.extend({
            contactIds: contactListSchema.shape.contactIds
              .optional()
              .meta({ description: "Every member's id, in name order; left out with `withContactIds=false`" }),
          }),
        ),
      },
    ],
  },
  {
    operationId: 'createList',
    service: 'contacts',
    method: 'post',
    path: '/lists',
    summary: 'Create a list',
    auth: bearer,
    body: listInputSchema,
    answers: [{ status: 201, data: contactListSchema }],
  },
  {
    operationId: 'getList',
    service: 'contacts',
    method: 'get',
    path: '/lists/{id}',
    summary: 'A list',
    auth: bearer,
    answers: [{ status: 200, data: contactListSchema }],
  },
  {
    operationId: 'updateList',
    service: 'contacts',
    method: 'put',
    path: '/lists/{id}',
    summary: 'Change a list (only the given fields)',
    auth: bearer,
    body: listUpdateSchema,
    answers: [{ status: 200, data: contactListSchema }],
  },
  {
    operationId: 'deleteList',
    service: 'contacts',
    method: 'delete',
    path: '/lists/{id}',
    summary: 'Delete a list; its contacts stay, without a list',
    auth: bearer,
    answers: [message()],
  },
  {
    operationId: 'listContactsOfList',
    service: 'contacts',
    method: 'get',
    path: '/lists/{id}/contacts',
    summary: "A page of a list's contacts",
    auth: bearer,
    query: contactQuerySchema,
    answers: [{ status: 200, data: pagedSchema(contactSchema) }],
  },
  {
    operationId: 'addContactToList',
    service: 'contacts',
    method: 'post',
    path: '/lists/{listId}/contacts/{contactId}',
    summary: 'Move a contact into a list',
    auth: bearer,
    answers: [{ status: 201, data: listMembershipResponseSchema }],
  },
  {
    operationId: 'removeContactFromList',
    service: 'contacts',
    method: 'delete',
    path: '/lists/{listId}/contacts/{contactId}',
    summary: 'Take a contact out of its list',
    auth: bearer,
    answers: [{ status: 200, data: listMembershipResponseSchema }],
  },

  // ── contacts: calendar feed ──────────────────────────────────────────────
  {
    operationId: 'getCalendarFeed',
    service: 'contacts',
    method: 'get',
    path: '/calendar/feed',
    summary: 'Whether the private calendar feed is on',
    auth: bearer,
    answers: [{ status: 200, data: calendarFeedStatusSchema }],
  },
  {
    operationId: 'createCalendarFeed',
    service: 'contacts',
    method: 'post',
    path: '/calendar/feed',
    summary: 'Turn the calendar feed on, or give it a new URL (the old one stops working)',
    description: 'Needs a step-up grant in X-Step-Up (the contacts service cannot check a password).',
    auth: bearer,
    stepUp: true,
    answers: [{ status: 200, data: calendarFeedUrlSchema }],
  },
  {
    operationId: 'deleteCalendarFeed',
    service: 'contacts',
    method: 'delete',
    path: '/calendar/feed',
    summary: 'Turn the calendar feed off',
    auth: bearer,
    answers: [message()],
  },
  {
    operationId: 'getCalendarFeedFile',
    service: 'contacts',
    method: 'get',
    path: '/calendar/{file}',
    summary: 'The calendar feed (iCalendar) for calendar apps',
    description: 'No bearer token: the unguessable token in the URL is the credential. Sends an ETag.',
    auth: none,
    pathParams: { file: calendarFile },
    answers: [
      { status: 200, description: 'The iCalendar file, streamed', media: ['text/calendar'] },
      { status: 304, description: 'Unchanged since the ETag in If-None-Match' },
    ],
    errors: [[404, 'No feed has this token (NOT_FOUND)']],
  },

  // ── contacts: CardDAV (WebDAV, not the JSON envelope) ───────────────────
  {
    operationId: 'davOptions',
    service: 'contacts',
    method: 'options',
    path: '/dav/',
    root: true,
    summary: 'CardDAV server (RFC 6352): its capabilities',
    description:
      'Phones sync contacts here with an app password (HTTP Basic, the e-mail as user name). Besides ' +
      'GET, PUT and DELETE of cards, the server answers PROPFIND and REPORT (addressbook-query, ' +
      'addressbook-multiget, sync-collection) on `/dav/`, `/dav/principals/{userId}/` and ' +
      '`/dav/addressbooks/{userId}/contacts/` with WebDAV XML; OpenAPI 3.1 cannot list those methods.',
    auth: none,
    answers: [{ status: 200, description: 'DAV and Allow headers', headers: { dav: '1, 3, addressbook' } }],
  },
  ...(['get', 'put', 'delete'] as const).map((method): ApiRoute => ({
    operationId: { get: 'davGetCard', put: 'davPutCard', delete: 'davDeleteCard' }[method],
    service: 'contacts',
    method,
    path: '/dav/addressbooks/{userId}/contacts/{card}',
    root: true,
    summary: { get: 'Read a card (vCard)', put: 'Create or replace a card', delete: 'Delete a card' }[method],
    description: 'If-Match / If-None-Match are honoured: a stale ETag is a 412, never an overwrite.',
    auth: 'basic',
    pathParams: { userId: z.guid(), card: cardName },
    answers: {
      get: [
        { status: 200, description: 'The card', media: ['text/vcard'] },
        { status: 304, description: 'Unchanged since the ETag in If-None-Match' },
        ...davSignIn,
        davFailure(404, 'No such card'),
      ],
      put: [
        { status: 201, description: 'Created' },
        { status: 204, description: 'Replaced' },
        ...davSignIn,
        davFailure(400, 'Not a vCard'),
        davFailure(403, 'The card breaks a CardDAV precondition (valid-address-data)'),
        davFailure(409, 'Another card already has this UID'),
        davFailure(412, 'If-Match / If-None-Match does not hold'),
        davFailure(413, 'The card is too large'),
        davFailure(415, 'Not text/vcard'),
      ],
      delete: [
        { status: 204, description: 'Deleted' },
        ...davSignIn,
        davFailure(404, 'No such card'),
        davFailure(412, 'If-Match does not hold'),
      ],
    }[method],
  })),

  // ── notifications ────────────────────────────────────────────────────────
  {
    operationId: 'sendTestReminder',
    service: 'notifications',
    method: 'post',
    path: '/notifications/test',
    summary: 'E-mail a reminder to the caller now',
    auth: bearer,
    answers: [message()],
    errors: [
      [403, 'The account’s e-mail address is not confirmed yet (EMAIL_NOT_VERIFIED)'],
      [409, 'The server has no mail server configured (EMAIL_NOT_CONFIGURED)'],
      [429, 'More than 5 tests in an hour (RATE_LIMITED)'],
    ],
  },
  {
    operationId: 'triggerDailyReminders',
    service: 'notifications',
    method: 'post',
    path: '/notifications/trigger-daily',
    summary: "Run today's reminder e-mails now (each user gets at most one a day)",
    description:
      "For the operator, every user's; for anyone else, the caller's own, with the caller's counts. One run at a time.",
    auth: bearer,
    answers: [{ status: 200, data: triggerDailyResultSchema }],
    errors: [[409, 'A run is already under way (CONFLICT)']],
  },
  {
    operationId: 'listUpcomingReminders',
    service: 'notifications',
    method: 'get',
    path: '/notifications/upcoming',
    summary: 'Contacts coming due, or with a reminder, within 7 days',
    auth: bearer,
    answers: [{ status: 200, data: itemsSchema(upcomingContactSchema) }],
  },
  {
    operationId: 'getNotificationStats',
    service: 'notifications',
    method: 'get',
    path: '/notifications/stats',
    summary: 'Overdue and upcoming counts, and reminders sent',
    auth: bearer,
    answers: [{ status: 200, data: notificationStatsSchema }],
  },
  {
    operationId: 'getNotificationSettings',
    service: 'notifications',
    method: 'get',
    path: '/notifications/settings',
    summary: 'Reminder settings',
    auth: bearer,
    answers: [{ status: 200, data: notificationSettingsSchema }],
  },
  {
    operationId: 'updateNotificationSettings',
    service: 'notifications',
    method: 'put',
    path: '/notifications/settings',
    summary: 'Pause or resume the daily reminder e-mail',
    auth: bearer,
    body: notificationSettingsUpdateSchema,
    answers: [{ status: 200, data: notificationSettingsSchema }],
  },
  {
    operationId: 'getWebhook',
    service: 'notifications',
    method: 'get',
    path: '/notifications/webhook',
    summary: 'Where reminders are also posted (webhook or ntfy)',
    auth: bearer,
    answers: [{ status: 200, data: webhookSettingsResponseSchema }],
  },
  {
    operationId: 'setWebhook',
    service: 'notifications',
    method: 'put',
    path: '/notifications/webhook',
    summary: 'Set the webhook, or turn it off with a null url',
    auth: bearer,
    body: webhookSettingsSchema,
    answers: [{ status: 200, data: webhookSettingsResponseSchema }],
  },
  {
    operationId: 'testWebhook',
    service: 'notifications',
    method: 'post',
    path: '/notifications/webhook/test',
    summary: 'Post a test notification to the webhook now',
    auth: bearer,
    answers: [message()],
    errors: [
      [400, 'No webhook is set up (BAD_REQUEST)'],
      [429, 'More than 5 tests in an hour (RATE_LIMITED)'],
    ],
  },
  {
    operationId: 'listWebhookDeliveries',
    service: 'notifications',
    method: 'get',
    path: '/notifications/deliveries',
    summary: 'The latest webhook deliveries and their outcome',
    auth: bearer,
    answers: [{ status: 200, data: itemsSchema(webhookDeliverySchema) }],
  },
  {
    operationId: 'previewEmailAction',
    service: 'notifications',
    method: 'get',
    path: '/notifications/actions/{token}',
    summary: 'What a one-click link from a reminder e-mail would do (changes nothing)',
    auth: none,
    pathParams: { token: emailActionToken },
    answers: [{ status: 200, data: emailActionPreviewSchema }],
    errors: [[400, 'Not a valid link (BAD_REQUEST)']],
  },
  {
    operationId: 'performEmailAction',
    service: 'notifications',
    method: 'post',
    path: '/notifications/actions/{token}',
    summary: 'Do what a one-click link from a reminder e-mail says (also the List-Unsubscribe-Post target)',
    auth: none,
    pathParams: { token: emailActionToken },
    answers: [{ status: 200, data: emailActionResultSchema }],
    errors: [
      [400, 'Not a valid link (BAD_REQUEST)'],
      [404, 'The contact no longer exists (NOT_FOUND)'],
      [410, 'The link has expired or was already used (LINK_EXPIRED, LINK_USED)'],
    ],
  },
];

/**
 * Routes a process answers on its own port only, never through the gateway's public API, so they
 * are not operations of the document (its description names them); listed so the route check
 * accounts for every registered route.
 */
export const internalRoutes: { service: ApiService; method: ApiMethod; path: string }[] = (
  ['auth', 'contacts', 'notifications'] as const
).flatMap((service) => [
  { service, method: 'get' as const, path: '/health' },
  { service, method: 'get' as const, path: '/health/live' },
]);
