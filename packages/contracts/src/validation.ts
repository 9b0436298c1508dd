import { z } from 'zod';
import { MAX_REMINDER_DAYS, MIN_PASSWORD_LENGTH, MIN_REMINDER_DAYS } from './constants.js';
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
export {
  COMMUNICATION_TYPE_LABELS,
  CommunicationType,
  ContactSortBy,
  DEFAULT_COMMUNICATION_TYPE,
  LOOSE_EMAIL_PATTERN,
  HEX_COLOR_PATTERN,
  SortOrder,
  ValidationMessage,
} from './vocabulary.js';

const requiredEmail = (invalidMessage: string) =>
  z
    .string({ error: ValidationMessage.EMAIL_REQUIRED })
    .trim()
    .min(1, ValidationMessage.EMAIL_REQUIRED)
    .max(254, 'Email must be at most 254 characters')
    .regex(LOOSE_EMAIL_PATTERN, invalidMessage)
    .transform((email) => email.toLowerCase());

const password = z
  .string({ error: ValidationMessage.PASSWORD_REQUIRED })
  .min(1, ValidationMessage.PASSWORD_REQUIRED)
  .min(MIN_PASSWORD_LENGTH, ValidationMessage.PASSWORD_TOO_SHORT)
  .max(1024, 'Password must be at most 1024 characters');

const name = (requiredMessage: string) =>
  z.string({ error: requiredMessage }).trim().min(1, requiredMessage).max(100, 'Must be at most 100 characters');

export const loginSchema = z.object({
  email: requiredEmail(ValidationMessage.EMAIL_INVALID),
  password,
});
export type LoginRequest = z.input<typeof loginSchema>;

export const registerSchema = z.object({
  firstName: name(ValidationMessage.FIRST_NAME_REQUIRED),
  lastName: name(ValidationMessage.LAST_NAME_REQUIRED),
  email: requiredEmail(ValidationMessage.EMAIL_INVALID),
  password,
});
export type RegisterRequest = z.input<typeof registerSchema>;

export const refreshTokenSchema = z.object({
  refreshToken: z.string({ error: 'refreshToken is required' }).min(1, 'refreshToken is required').max(512),
});
export type RefreshTokenRequest = z.input<typeof refreshTokenSchema>;

export const forgotPasswordSchema = z.object({
  email: requiredEmail(ValidationMessage.EMAIL_INVALID_FORGOT),
});
export type ForgotPasswordRequest = z.input<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z.object({
  token: z
    .string({ error: ValidationMessage.RESET_TOKEN_MISSING })
    .min(1, ValidationMessage.RESET_TOKEN_MISSING)
    .max(512),
  password,
});
export type ResetPasswordRequest = z.input<typeof resetPasswordSchema>;

const reminderDays = z
  .number({ error: 'Must be a number of days' })
  .int('Must be a whole number of days')
  .min(MIN_REMINDER_DAYS, ValidationMessage.REMINDER_DAYS_MIN)
  .max(MAX_REMINDER_DAYS, ValidationMessage.REMINDER_DAYS_MAX);

/** Optional free text: empty or blank becomes null so "cleared" and "absent" mean the same. */
const optionalText = (max: number) =>
  z
    .string()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value == null || value.trim() === '' ? null : value.trim()));

const isoDateTime = z
  .string({ error: ValidationMessage.DATE_INVALID })
  .refine((value) => !Number.isNaN(Date.parse(value)), ValidationMessage.DATE_INVALID);

const notInFuture = (value: string) => Date.parse(value) <= Date.now() + 60_000;

export const contactInputSchema = z.object({
  firstName: name(ValidationMessage.FIRST_NAME_REQUIRED),
  lastName: name(ValidationMessage.LAST_NAME_REQUIRED),
  email: optionalText(254).refine(
    (value) => value == null || LOOSE_EMAIL_PATTERN.test(value),
    ValidationMessage.EMAIL_INVALID,
  ),
  phoneNumber: optionalText(50),
  notes: optionalText(5000),
  listId: z
    .string()
    .max(64)
    .nullish()
    .transform((value) => (value ? value : null)),
  customReminderDays: reminderDays.nullish().transform((value) => value ?? null),
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
  notes: optionalText(5000),
});
export type LogContactRequest = z.input<typeof logContactSchema>;

export const logCommunicationSchema = z.object({
  contactId: z.string({ error: 'contactId is required' }).min(1, 'contactId is required').max(64),
  type: communicationType,
  timestamp: isoDateTime.refine(notInFuture, ValidationMessage.DATE_IN_FUTURE),
  notes: optionalText(5000),
  duration: z
    .number()
    .int()
    .min(0)
    .max(24 * 60 * 60)
    .nullish()
    .transform((value) => value ?? null),
});
export type LogCommunicationRequest = z.input<typeof logCommunicationSchema>;

/** Start of the current UTC day: a reminder may be set for today but not before. */
const startOfTodayUtc = () => {
  const now = new Date();
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
};

export const scheduleReminderSchema = z.object({
  reminderDate: z
    .string({ error: ValidationMessage.REMINDER_DATE_REQUIRED })
    .min(1, ValidationMessage.REMINDER_DATE_REQUIRED)
    .refine((value) => !Number.isNaN(Date.parse(value)), ValidationMessage.DATE_INVALID)
    .refine((value) => Date.parse(value) >= startOfTodayUtc(), ValidationMessage.REMINDER_DATE_IN_PAST),
  notes: optionalText(2000),
});
export type ScheduleReminderRequest = z.input<typeof scheduleReminderSchema>;

export const listInputSchema = z.object({
  name: z
    .string({ error: ValidationMessage.LIST_NAME_REQUIRED })
    .trim()
    .min(1, ValidationMessage.LIST_NAME_REQUIRED)
    .max(100, 'Must be at most 100 characters'),
  description: optionalText(1000),
  color: z.string().regex(HEX_COLOR_PATTERN, ValidationMessage.COLOR_INVALID).optional(),
  reminderDays: reminderDays.optional(),
});
export type ListInput = z.input<typeof listInputSchema>;
export const listUpdateSchema = listInputSchema.partial();
export type ListUpdateInput = z.input<typeof listUpdateSchema>;

export const contactQuerySchema = z.object({
  page: z.coerce.number().int().min(1, 'page must be at least 1').default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1, 'limit must be between 1 and 1000')
    .max(1000, 'limit must be between 1 and 1000')
    .default(20),
  search: z
    .string()
    .max(200)
    .optional()
    .transform((value) => value?.trim() || undefined),
  listId: z
    .string()
    .max(64)
    .optional()
    .transform((value) => value || undefined),
  filter: z
    .enum(['overdue'], { error: "filter must be 'overdue'" })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  sortBy: z.enum(ContactSortBy, { error: `sortBy must be one of ${ContactSortBy.join(', ')}` }).default('name'),
  sortOrder: z.enum(SortOrder, { error: 'sortOrder must be asc or desc' }).default('asc'),
});
export type ContactQuery = z.output<typeof contactQuerySchema>;

export const pageQuerySchema = contactQuerySchema.pick({ page: true, limit: true });
export type PageQuery = z.output<typeof pageQuerySchema>;

const importedNamePart = z
  .string()
  .trim()
  .max(100, 'Must be at most 100 characters')
  .nullish()
  .transform((value) => value ?? '');

/**
 * An imported card needs a usable name, not both parts: many address books (Japanese phones,
 * WhatsApp, Yahoo) keep only a family or only a given name, and refusing those would lose people.
 */
export const importedContactSchema = z
  .object({
    firstName: importedNamePart,
    lastName: importedNamePart,
    email: optionalText(254),
    phoneNumber: optionalText(50),
    listId: z
      .string()
      .max(64)
      .nullish()
      .transform((value) => value || null),
  })
  .refine((contact) => contact.firstName !== '' || contact.lastName !== '', {
    path: ['firstName'],
    message: ValidationMessage.IMPORT_NAME_REQUIRED,
  });
export const importConfirmSchema = z.object({
  contacts: z.array(importedContactSchema).min(1, ValidationMessage.SELECT_AT_LEAST_ONE).max(50_000),
  listId: z
    .string()
    .max(64)
    .nullish()
    .transform((value) => value || null),
});
export type ImportConfirmRequest = z.input<typeof importConfirmSchema>;
