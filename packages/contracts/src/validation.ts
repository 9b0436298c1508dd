import { z } from 'zod';
import {
  BIRTHDAY_PANEL_DAYS,
  MAX_EXTRA_CONTACT_VALUES,
  MAX_REMINDER_DAYS,
  MAX_SNOOZE_DAYS,
  MIN_PASSWORD_LENGTH,
  MIN_REMINDER_DAYS,
  MS_PER_DAY,
  NO_LIST_ID,
  ImportRemind,
  MAX_CONTACTS_PER_EMAIL,
  MIN_CONTACTS_PER_EMAIL,
} from './constants.js';
import { isValidBirthday } from './rules/birthday.js';
import { APP_PASSWORD_NAME_MAX_LENGTH } from './phone-sync.js';
import { isLaterThanTodayAnywhere } from './rules/today.js';
import type { TextKind } from './rules/control-characters.js';
import { currentPasswordSchema, text, singleLineText } from './text.schemas.js';
import { withOptionalSecondFactor } from './two-factor.schemas.js';
import { webAuthnResponseSchema } from './passkeys.schemas.js';
import {
  CommunicationType,
  ContactSortBy,
  DEFAULT_COMMUNICATION_TYPE,
  LOOSE_EMAIL_PATTERN,
  HEX_COLOR_PATTERN,
  SortOrder,
  ValidationMessage,
} from './vocabulary.js';

// The zod-free vocabulary lives in vocabulary.ts so browsers can import it without zod.
export * from './vocabulary.js';
export { currentPasswordSchema, singleLineText } from './text.schemas.js';

/** Ids are uuids. Every schema that takes one checks it and hands on the lower-case form. */
export const ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isId = (value: unknown): value is string => typeof value === 'string' && ID_PATTERN.test(value);
export const idSchema = (field: string) =>
  z
    .string({ error: `${field} must be an id` })
    .regex(ID_PATTERN, `${field} must be an id`)
    .transform((value) => value.toLowerCase());
/** An optional list in a body: absent, null or '' mean no list. */
const optionalListId = z
  .string({ error: 'listId must be an id' })
  .nullish()
  .transform((value) => value || null)
  .refine((value) => value === null || isId(value), 'listId must be an id')
  .transform((value) => value?.toLowerCase() ?? null);

const requiredEmail = (invalidMessage: string) =>
  singleLineText(ValidationMessage.EMAIL_REQUIRED)
    .trim()
    .min(1, ValidationMessage.EMAIL_REQUIRED)
    .max(254, 'Email must be at most 254 characters')
    .regex(LOOSE_EMAIL_PATTERN, invalidMessage)
    .transform((email) => email.toLowerCase());

const password = singleLineText(ValidationMessage.PASSWORD_REQUIRED)
  .min(1, ValidationMessage.PASSWORD_REQUIRED)
  .min(MIN_PASSWORD_LENGTH, ValidationMessage.PASSWORD_TOO_SHORT)
  .max(1024, 'Password must be at most 1024 characters');

const name = (requiredMessage: string) =>
  singleLineText(requiredMessage).trim().min(1, requiredMessage).max(100, 'Must be at most 100 characters');

export const loginSchema = z.object({
  email: requiredEmail(ValidationMessage.EMAIL_INVALID),
  password,
});
export type LoginRequest = z.input<typeof loginSchema>;

/** `invitation`: the token of an invitation link, where registration is by invitation. */
export const registerSchema = z.object({
  firstName: name(ValidationMessage.FIRST_NAME_REQUIRED),
  lastName: name(ValidationMessage.LAST_NAME_REQUIRED),
  email: requiredEmail(ValidationMessage.EMAIL_INVALID),
  password,
  invitation: singleLineText('invitation must be text').max(512).optional(),
});
export type RegisterRequest = z.input<typeof registerSchema>;

/** `PATCH /auth/me`: the name (the e-mail changes through a confirmed link, the password with the old one). */
export const updateProfileSchema = z.object({
  firstName: name(ValidationMessage.FIRST_NAME_REQUIRED),
  lastName: name(ValidationMessage.LAST_NAME_REQUIRED),
});
export type UpdateProfileRequest = z.input<typeof updateProfileSchema>;

/** `POST /auth/change-password`: the old password proves it, with a second factor when it is on. */
export const changePasswordSchema = withOptionalSecondFactor({
  currentPassword: currentPasswordSchema,
  newPassword: password,
});
export type ChangePasswordRequest = z.input<typeof changePasswordSchema>;

/** `POST /auth/change-email`: takes effect once the link sent to the new address is used. */
export const changeEmailSchema = withOptionalSecondFactor({
  currentPassword: currentPasswordSchema,
  newEmail: requiredEmail(ValidationMessage.EMAIL_INVALID),
});
export type ChangeEmailRequest = z.input<typeof changeEmailSchema>;

/** `POST /auth/confirm-email`: the token of a confirmation (or change-of-address) link. */
export const confirmEmailSchema = z.object({
  token: singleLineText('token is required').min(1, 'token is required').max(512),
});
export type ConfirmEmailRequest = z.input<typeof confirmEmailSchema>;

/** `POST /auth/invitations` (operator): who to invite. */
export const invitationCreateSchema = z.object({ email: requiredEmail(ValidationMessage.EMAIL_INVALID) });
export type InvitationCreateRequest = z.input<typeof invitationCreateSchema>;

export const refreshTokenSchema = z.object({
  refreshToken: singleLineText('refreshToken is required').min(1, 'refreshToken is required').max(512),
});
export type RefreshTokenRequest = z.input<typeof refreshTokenSchema>;

export const forgotPasswordSchema = z.object({
  email: requiredEmail(ValidationMessage.EMAIL_INVALID_FORGOT),
});
export type ForgotPasswordRequest = z.input<typeof forgotPasswordSchema>;

const resetToken = singleLineText(ValidationMessage.RESET_TOKEN_MISSING)
  .min(1, ValidationMessage.RESET_TOKEN_MISSING)
  .max(512);

/** With `code` or `recoveryCode` when the account uses two-factor sign-in. */
export const resetPasswordSchema = withOptionalSecondFactor({ token: resetToken, password });
export type ResetPasswordRequest = z.input<typeof resetPasswordSchema>;

/** POST /auth/reset-password/passkey: a passkey of the account instead of its code (options from passkeys/sign-in-options). */
export const resetPasswordWithPasskeySchema = z.object({
  token: resetToken,
  password,
  response: webAuthnResponseSchema,
});
export type ResetPasswordWithPasskeyRequest = z.input<typeof resetPasswordWithPasskeySchema>;

/** POST /auth/reset-password/check: is this link still good? (the page asks when it opens). */
export const resetTokenCheckSchema = z.object({ token: resetToken });
export type ResetTokenCheckRequest = z.input<typeof resetTokenCheckSchema>;

const reminderDays = z
  .number({ error: 'Must be a number of days' })
  .int(ValidationMessage.REMINDER_DAYS_WHOLE)
  .min(MIN_REMINDER_DAYS, ValidationMessage.REMINDER_DAYS_MIN)
  .max(MAX_REMINDER_DAYS, ValidationMessage.REMINDER_DAYS_MAX);

/** Optional free text: empty or blank becomes null so "cleared" and "absent" mean the same. */
const optionalText = (max: number, kind: TextKind = 'singleLine') =>
  text(kind)
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value == null || value.trim() === '' ? null : value.trim()));

const isoDateTime = singleLineText(ValidationMessage.DATE_INVALID).refine(
  (value) => !Number.isNaN(Date.parse(value)),
  ValidationMessage.DATE_INVALID,
);

// Later today is not the future: only what no time zone calls today is refused.
const notInFuture = (value: string) => !isLaterThanTodayAnywhere(new Date(value));

/** Additional phones or e-mails: a label (defaults to 'other') and a non-empty value each. */
const labeledValues = (field: string, maxValue: number, valuePattern?: { pattern: RegExp; message: string }) =>
  z
    .array(
      z.object({
        label: singleLineText(`${field}: label must be text`)
          .trim()
          .max(30, `${field}: label must be at most 30 characters`)
          .nullish()
          .transform((label) => label?.toLowerCase() || 'other'),
        value: singleLineText(`${field}: value is required`)
          .trim()
          .min(1, `${field}: value is required`)
          .max(maxValue, `${field}: value must be at most ${maxValue} characters`)
          .refine((value) => !valuePattern || valuePattern.pattern.test(value), valuePattern?.message ?? ''),
      }),
      { error: `${field} must be a list of { label, value }` },
    )
    .max(MAX_EXTRA_CONTACT_VALUES, `${field}: at most ${MAX_EXTRA_CONTACT_VALUES} entries`)
    .nullish()
    .transform((entries) => entries ?? []);

/** The person beyond names, e-mail and phone, shared by the contact form and the import. */
export const contactDetailsShape = {
  birthday: singleLineText(ValidationMessage.BIRTHDAY_INVALID)
    .trim()
    .nullish()
    .transform((value) => (value ? value : null))
    .refine((value) => value == null || isValidBirthday(value), ValidationMessage.BIRTHDAY_INVALID),
  company: optionalText(200),
  jobTitle: optionalText(200),
  phones: labeledValues('Phones', 50),
  emails: labeledValues('Emails', 254, {
    pattern: LOOSE_EMAIL_PATTERN,
    message: 'Emails: each must be a valid email address',
  }),
  address: optionalText(1000, 'multiLine'),
  city: optionalText(200),
  region: optionalText(200),
  postalCode: optionalText(40),
  country: optionalText(200),
  website: optionalText(500),
  namePrefix: optionalText(50),
};

export const contactInputSchema = z.object({
  ...contactDetailsShape,
  firstName: name(ValidationMessage.FIRST_NAME_REQUIRED),
  lastName: name(ValidationMessage.LAST_NAME_REQUIRED),
  email: optionalText(254).refine(
    (value) => value == null || LOOSE_EMAIL_PATTERN.test(value),
    ValidationMessage.EMAIL_INVALID,
  ),
  phoneNumber: optionalText(50),
  notes: optionalText(5000, 'multiLine'),
  listId: optionalListId,
  customReminderDays: reminderDays.nullish().transform((value) => value ?? null),
  /** Off: never overdue, in no reminder (absent on create: on). */
  keepInTouch: z.boolean({ error: 'keepInTouch must be true or false' }).optional(),
  lastContactDate: isoDateTime
    .refine(notInFuture, ValidationMessage.DATE_IN_FUTURE)
    .nullish()
    .transform((value) => value ?? null),
});
export type ContactInput = z.input<typeof contactInputSchema>;
export type ContactInputParsed = z.output<typeof contactInputSchema>;

/** Update = the create body with every field optional (only given fields change). */
export const contactUpdateSchema = contactInputSchema.partial();
export type ContactUpdateInput = z.input<typeof contactUpdateSchema>;

const communicationType = z.enum(Object.values(CommunicationType) as [CommunicationType, ...CommunicationType[]], {
  error: `type must be one of ${Object.values(CommunicationType).join(', ')}`,
});

export const logContactSchema = z.object({
  type: communicationType.default(DEFAULT_COMMUNICATION_TYPE),
  notes: optionalText(5000, 'multiLine'),
});
export type LogContactRequest = z.input<typeof logContactSchema>;

export const logCommunicationSchema = z.object({
  contactId: singleLineText('contactId is required').min(1, 'contactId is required').max(64),
  type: communicationType,
  timestamp: isoDateTime.refine(notInFuture, ValidationMessage.DATE_IN_FUTURE),
  notes: optionalText(5000, 'multiLine'),
  duration: z
    .number()
    .int()
    .min(0)
    .max(24 * 60 * 60)
    .nullish()
    .transform((value) => value ?? null),
});
export type LogCommunicationRequest = z.input<typeof logCommunicationSchema>;

/** PUT /communications/:id: the fields of a logged interaction, with the same rules as logging it. */
export const communicationUpdateSchema = logCommunicationSchema.omit({ contactId: true }).partial();
export type CommunicationUpdateRequest = z.input<typeof communicationUpdateSchema>;

/** Start of the current UTC day: a reminder may be set for today but not before. */
const startOfTodayUtc = () => {
  const now = new Date();
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
};

export const scheduleReminderSchema = z.object({
  reminderDate: singleLineText(ValidationMessage.REMINDER_DATE_REQUIRED)
    .min(1, ValidationMessage.REMINDER_DATE_REQUIRED)
    .refine((value) => !Number.isNaN(Date.parse(value)), ValidationMessage.DATE_INVALID)
    .refine((value) => Date.parse(value) >= startOfTodayUtc(), ValidationMessage.REMINDER_DATE_IN_PAST),
  notes: optionalText(2000, 'multiLine'),
});
export type ScheduleReminderRequest = z.input<typeof scheduleReminderSchema>;

export const listInputSchema = z.object({
  name: singleLineText(ValidationMessage.LIST_NAME_REQUIRED)
    .trim()
    .min(1, ValidationMessage.LIST_NAME_REQUIRED)
    .max(100, 'Must be at most 100 characters'),
  description: optionalText(1000, 'multiLine'),
  color: z.string().regex(HEX_COLOR_PATTERN, ValidationMessage.COLOR_INVALID).optional(),
  reminderDays: reminderDays.optional(),
  /** Off: its members without an interval of their own are never overdue (absent on create: on). */
  keepInTouch: z.boolean({ error: 'keepInTouch must be true or false' }).optional(),
});
export type ListInput = z.input<typeof listInputSchema>;
export const listUpdateSchema = listInputSchema.partial();
export type ListUpdateInput = z.input<typeof listUpdateSchema>;

/** `GET /lists`: every list in full (the spec's shape), or with `withContactIds=false` as summaries. */
export const listsQuerySchema = z.object({
  withContactIds: z
    .enum(['true', 'false'], { error: 'withContactIds must be true or false' })
    .optional()
    .transform((value) => value !== 'false')
    .meta({ description: "`false` leaves out each list's `contactIds` (what the screens ask for)" }),
});
export type ListsQuery = z.output<typeof listsQuerySchema>;

export const contactQuerySchema = z.object({
  page: z.coerce.number().int().min(1, 'page must be at least 1').default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1, 'limit must be between 1 and 1000')
    .max(1000, 'limit must be between 1 and 1000')
    .default(20),
  search: singleLineText()
    .max(200, 'search must be at most 200 characters')
    .optional()
    .transform((value) => value?.trim() || undefined),
  /** A list id, or NO_LIST_ID for the contacts without a list. */
  listId: z
    .string()
    .optional()
    .transform((value) => value || undefined)
    .refine((value) => value === undefined || value === NO_LIST_ID || isId(value), 'listId must be an id')
    .transform((value) => value?.toLowerCase())
    .meta({ description: `A list id, or \`${NO_LIST_ID}\` for the contacts without a list` }),
  filter: z
    .enum(['overdue'], { error: "filter must be 'overdue'" })
    .optional()
    .or(z.literal('').transform(() => undefined))
    .meta({ description: '`overdue` for the overdue contacts only' }),
  sortBy: z.enum(ContactSortBy, { error: `sortBy must be one of ${ContactSortBy.join(', ')}` }).default('name'),
  sortOrder: z.enum(SortOrder, { error: 'sortOrder must be asc or desc' }).default('asc'),
});
export type ContactQuery = z.output<typeof contactQuerySchema>;

/** GET /contacts/sections: the same scope and search as the page it groups. */
export const contactSectionsQuerySchema = contactQuerySchema.pick({ search: true, filter: true });
export type ContactSectionsQuery = z.output<typeof contactSectionsQuerySchema>;

export const pageQuerySchema = contactQuerySchema.pick({ page: true, limit: true });
export type PageQuery = z.output<typeof pageQuerySchema>;

export const birthdaysQuerySchema = z.object({
  withinDays: z.coerce
    .number()
    .int('withinDays must be a whole number')
    .min(0, 'withinDays must be between 0 and 60')
    .max(60, 'withinDays must be between 0 and 60')
    .default(BIRTHDAY_PANEL_DAYS),
});
export type BirthdaysQuery = z.output<typeof birthdaysQuerySchema>;

const importedNamePart = singleLineText()
  .trim()
  .max(100, 'Must be at most 100 characters')
  .nullish()
  .transform((value) => value ?? '');

/** Names, primary e-mail and phone, and notes: what every card from outside carries. */
const cardShape = {
  firstName: importedNamePart,
  lastName: importedNamePart,
  email: optionalText(254),
  phoneNumber: optionalText(50),
  notes: optionalText(5000, 'multiLine'),
};

/**
 * A card from outside needs a usable name, not both parts: many address books (Japanese phones,
 * WhatsApp, Yahoo) keep only a family or only a given name, and refusing those would lose people.
 * A company's card is called by its company, and a card with only a number is kept with no name
 * ('(no name)', its number never taken for one); an e-mail alone is not enough to keep a card.
 */
const hasUsableName = (card: {
  firstName: string;
  lastName: string;
  company: string | null;
  phoneNumber: string | null;
}) => card.firstName !== '' || card.lastName !== '' || Boolean(card.company || card.phoneNumber);
const usableNameIssue = { path: ['firstName'], message: ValidationMessage.IMPORT_NAME_REQUIRED };

/** The list a card names (its CATEGORIES), by name; lists are at most 100 characters. */
const cardListName = z
  .string({ error: 'listName must be text' })
  .max(100, 'listName must be at most 100 characters')
  .nullish()
  .transform((value) => value?.trim() || null);

/**
 * An imported card: the card's fields, every detail, and the list it goes to — `listId` when the
 * person chose one, else the list called `listName` (the card's category), created when missing.
 */
export const importedContactSchema = z
  .object({
    ...cardShape,
    ...contactDetailsShape,
    listId: optionalListId,
    listName: cardListName,
  })
  .refine(hasUsableName, usableNameIssue);
/**
 * A card a CardDAV client writes: the import's rules and fields (the same mapping reads both),
 * the note included (it syncs both ways). Its list comes from CATEGORIES, resolved by the server.
 */
export const syncedCardSchema = z
  .object({ ...cardShape, ...contactDetailsShape })
  .refine(hasUsableName, usableNameIssue);
export type SyncedCard = z.output<typeof syncedCardSchema>;

export const importConfirmSchema = z.object({
  contacts: z.array(importedContactSchema).min(1, ValidationMessage.SELECT_AT_LEAST_ONE).max(50_000),
  listId: optionalListId,
  /** Sets the imported contacts' last contact to the import time, so they are not all overdue at once. */
  startTimersToday: z.boolean({ error: 'startTimersToday must be true or false' }).optional().default(false),
  /**
   * How to treat the imported people: 'later' (keepInTouch false), 'from-today' (the same as
   * startTimersToday) or 'from-history' (the spec's rule). Absent: startTimersToday decides.
   */
  remind: z.enum(ImportRemind, { error: `remind must be one of ${ImportRemind.join(', ')}` }).optional(),
});
export type ImportConfirmRequest = z.input<typeof importConfirmSchema>;

export const snoozeSchema = z.object({
  until: singleLineText('until is required')
    .min(1, 'until is required')
    .refine((value) => !Number.isNaN(Date.parse(value)), 'until must be a valid ISO 8601 date')
    .refine((value) => Date.parse(value) > Date.now(), 'until must be in the future')
    .refine(
      (value) => Date.parse(value) <= Date.now() + MAX_SNOOZE_DAYS * MS_PER_DAY,
      `until must be within ${MAX_SNOOZE_DAYS} days`,
    ),
});
export type SnoozeRequest = z.input<typeof snoozeSchema>;

export const notificationSettingsUpdateSchema = z
  .object({
    remindersPaused: z.boolean({ error: 'remindersPaused must be true or false' }).optional(),
    contactsPerEmail: z
      .number({ error: 'contactsPerEmail must be a number' })
      .int('contactsPerEmail must be a whole number')
      .min(
        MIN_CONTACTS_PER_EMAIL,
        `contactsPerEmail must be between ${MIN_CONTACTS_PER_EMAIL} and ${MAX_CONTACTS_PER_EMAIL}`,
      )
      .max(
        MAX_CONTACTS_PER_EMAIL,
        `contactsPerEmail must be between ${MIN_CONTACTS_PER_EMAIL} and ${MAX_CONTACTS_PER_EMAIL}`,
      )
      .optional(),
  })
  .refine((value) => value.remindersPaused !== undefined || value.contactsPerEmail !== undefined, {
    message: 'remindersPaused or contactsPerEmail is required',
    path: ['remindersPaused'],
  });
export type NotificationSettingsUpdate = z.input<typeof notificationSettingsUpdateSchema>;

export const webhookSettingsSchema = z.object({
  url: singleLineText('url must be a string or null')
    .trim()
    .max(2000, 'url must be at most 2000 characters')
    .refine((value) => {
      try {
        return ['http:', 'https:'].includes(new URL(value).protocol);
      } catch {
        return false;
      }
    }, 'url must be an http(s) URL')
    .nullable(),
  format: z.enum(['json', 'ntfy'], { error: "format must be 'json' or 'ntfy'" }).default('json'),
});
export type WebhookSettingsRequest = z.input<typeof webhookSettingsSchema>;
/** POST /auth/app-passwords: a name that says which device holds it. */
/** Needs step-up: the X-Step-Up header, or `currentPassword` (and a second factor when it is on) here. */
export const appPasswordCreateSchema = withOptionalSecondFactor({
  name: singleLineText('Device name is required')
    .trim()
    .min(1, 'Device name is required')
    .max(APP_PASSWORD_NAME_MAX_LENGTH, `Device name must be at most ${APP_PASSWORD_NAME_MAX_LENGTH} characters`),
  currentPassword: currentPasswordSchema.optional(),
});
export type AppPasswordCreateRequest = z.input<typeof appPasswordCreateSchema>;
