import { z } from 'zod';
import { BIRTHDAY_PATTERN } from './rules/birthday.js';
import { HEALTH_NOT_CONFIGURED } from './constants.js';
import { CommunicationType } from './vocabulary.js';

/**
 * Response shapes of the API, as zod schemas: the types below are inferred from them,
 * and the OpenAPI document (api/openapi.ts) is generated from them, so there is one definition.
 * Ids are strings (uuids), dates ISO 8601 UTC strings. Browsers import only the types.
 */

const id = z.guid();
const dateTime = z.iso.datetime();
const count = z.int().nonnegative();
const birthday = z
  .string()
  .regex(BIRTHDAY_PATTERN)
  .meta({ description: '"YYYY-MM-DD", or "--MM-DD" when the year is unknown' });

export const userSchema = z.object({
  _id: id,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  createdAt: dateTime,
  /** Whether the address was proven (a confirmation link used, or an invitation to it). */
  emailVerified: z.boolean(),
  /** The instance's operator: its first account, or an address in KITH_OPERATORS. */
  isOperator: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

export const authTokensSchema = z.object({
  accessToken: z.string().meta({ description: 'JWT, valid 15 minutes; send as `Authorization: Bearer …`' }),
  refreshToken: z.string().meta({ description: 'Opaque, single use: every refresh returns a new one' }),
});
export type AuthTokens = z.infer<typeof authTokensSchema>;

export const authResponseSchema = z.object({ user: userSchema, tokens: authTokensSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const resetPasswordResponseSchema = authResponseSchema.extend({
  message: z.string(),
  /** What the reset also ended, so the page can say what to set up again. */
  revoked: z.object({ sessions: count, appPasswords: count, calendarFeed: z.boolean() }).optional(),
});
export type ResetPasswordResponse = z.infer<typeof resetPasswordResponseSchema>;

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** A signed-in session: one refresh-token family, from sign-in to its last refresh. */
export const sessionSchema = z.object({
  _id: id,
  createdAt: dateTime,
  lastUsedAt: dateTime,
  /** The browser or app that signed in, as it named itself (User-Agent). */
  userAgent: z.string().nullable(),
  /** The session of the request that asked. */
  current: z.boolean(),
});
export type Session = z.infer<typeof sessionSchema>;

export const revokedCredentialsSchema = z.object({
  sessions: count,
  appPasswords: count,
  calendarFeed: z.boolean(),
});

/** `POST /auth/change-password`: what else stopped working, and fresh tokens for this session. */
export const changePasswordResponseSchema = z.object({
  message: z.string(),
  revoked: revokedCredentialsSchema,
  tokens: authTokensSchema,
});
export type ChangePasswordResponse = z.infer<typeof changePasswordResponseSchema>;

/** An invitation the operator sent. */
export const invitationSchema = z.object({
  _id: id,
  email: z.string(),
  createdAt: dateTime,
  expiresAt: dateTime,
  acceptedAt: dateTime.nullable(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const listSummarySchema = z.object({
  _id: id,
  name: z.string(),
  color: z.string(),
  description: z.string().nullable(),
});
export type ListSummary = z.infer<typeof listSummarySchema>;

/** An additional phone number or e-mail address; the label is free text ('mobile', 'home', 'work', …). */
export const labeledValueSchema = z.object({ label: z.string(), value: z.string() });
export type LabeledValue = z.infer<typeof labeledValueSchema>;

/** Who a contact is, as the spec names it: the names, the primary e-mail and phone, and notes. */
export const contactBasicsSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  notes: z.string().nullable(),
});
export type ContactBasics = z.infer<typeof contactBasicsSchema>;

/** The person beyond names, e-mail and phone; every one may be empty. */
export const contactDetailsSchema = z.object({
  birthday: birthday.nullable(),
  company: z.string().nullable(),
  jobTitle: z.string().nullable(),
  /** Additional numbers besides the primary `phoneNumber`. */
  phones: z.array(labeledValueSchema),
  /** Additional addresses besides the primary `email`. */
  emails: z.array(labeledValueSchema),
  /** The postal address's street lines (post office box, extended and street address), multi-line. */
  address: z.string().nullable(),
  city: z.string().nullable(),
  /** State, province or county. */
  region: z.string().nullable(),
  postalCode: z.string().nullable(),
  country: z.string().nullable(),
  website: z.string().nullable(),
  /** An honorific before the name ("Dr.", "Mrs."), vCard N's prefix: never part of the first name. */
  namePrefix: z.string().nullable(),
});
export type ContactDetails = z.infer<typeof contactDetailsSchema>;
/** A contact's details when none are known (new contacts, fixtures). */
export const EMPTY_CONTACT_DETAILS: Readonly<ContactDetails> = Object.freeze({
  birthday: null,
  company: null,
  jobTitle: null,
  phones: [],
  emails: [],
  address: null,
  city: null,
  region: null,
  postalCode: null,
  country: null,
  website: null,
  namePrefix: null,
});

export const contactSchema = z.object({
  _id: id,
  userId: id,
  ...contactBasicsSchema.shape,
  ...contactDetailsSchema.shape,
  listId: id.nullable(),
  list: listSummarySchema.nullable(),
  customReminderDays: z.int().nullable(),
  reminderDays: z.int().meta({ description: "The effective interval: custom, else the list's, else 90" }),
  keepInTouch: z.boolean().meta({
    description: "The contact's own switch; off (or its list's off without an interval of its own): never overdue",
  }),
  keptInTouch: z.boolean().meta({
    description: 'Whether reminders apply: its own switch on, and its list’s too unless it has an interval of its own',
  }),
  lastContactDate: dateTime.nullable(),
  daysSinceLastContact: count.nullable(),
  isOverdue: z.boolean(),
  daysOverdue: count.nullable().meta({ description: 'Whole days past the interval; null when never contacted' }),
  reminderDate: dateTime.nullable(),
  reminderNotes: z.string().nullable(),
  snoozedUntil: dateTime
    .nullable()
    .meta({ description: 'Until then the contact is left out of reminder e-mails; it still counts as overdue' }),
  createdAt: dateTime,
  updatedAt: dateTime,
});
export type Contact = z.infer<typeof contactSchema>;

export const contactListSchema = z.object({
  _id: id,
  userId: id,
  name: z.string(),
  description: z.string().nullable(),
  color: z.string(),
  reminderDays: z.int(),
  keepInTouch: z.boolean().meta({ description: 'Off: members without an interval of their own are never overdue' }),
  contactCount: count,
  overdueCount: count,
  contactIds: z.array(id),
  createdAt: dateTime,
  updatedAt: dateTime,
});
export type ContactList = z.infer<typeof contactListSchema>;
/**
 * A list as the screens show it: its counts without every member's id. A list can hold 100 000
 * contacts; the screens page through them with `GET /lists/{id}/contacts` instead.
 */
export const contactListSummarySchema = contactListSchema.omit({ contactIds: true });
export type ContactListSummary = z.infer<typeof contactListSummarySchema>;

export const communicationSchema = z.object({
  _id: id,
  contactId: id,
  type: z.enum(CommunicationType),
  timestamp: dateTime,
  notes: z.string().nullable(),
  duration: z.int().nullable().meta({ description: 'Seconds' }),
  createdAt: dateTime,
});
export type Communication = z.infer<typeof communicationSchema>;

const pageMetaSchema = z.object({
  totalItems: count,
  page: z.int().positive(),
  limit: z.int().positive(),
  totalPages: count,
});
/** One page of a listing: `pagedSchema(contactSchema)` describes `Paged<Contact>`. */
export const pagedSchema = <Item extends z.ZodType>(item: Item) =>
  z.object({ items: z.array(item), ...pageMetaSchema.shape });
export type Paged<T> = { items: T[] } & z.infer<typeof pageMetaSchema>;

/** A whole (short) listing with its count: `itemsSchema(x)` describes `ItemsResponse<X>`. */
export const itemsSchema = <Item extends z.ZodType>(item: Item) =>
  z.object({ items: z.array(item), totalItems: count });
export type ItemsResponse<T> = { items: T[]; totalItems: number };

/**
 * One section of the contacts screen grouped by list (GET /contacts/sections): its full count
 * and overdue count within the screen's scope and search. `listId` null is 'No List'.
 */
export const contactSectionSchema = z.object({
  listId: id.nullable(),
  name: z.string(),
  color: z.string().nullable(),
  totalItems: count,
  overdueCount: count,
});
export type ContactSection = z.infer<typeof contactSectionSchema>;

/** Sections sorted by list name, 'No List' last; only sections with contacts in scope. */
export const contactSectionsResponseSchema = z.object({
  sections: z.array(contactSectionSchema),
  totalItems: count,
});
export type ContactSectionsResponse = z.infer<typeof contactSectionsResponseSchema>;

export const logContactResponseSchema = z.object({ contact: contactSchema, communication: communicationSchema });
export type LogContactResponse = z.infer<typeof logContactResponseSchema>;

export const contactResponseSchema = z.object({ contact: contactSchema });
export type ContactResponse = z.infer<typeof contactResponseSchema>;

/** DELETE /communications/:id: the contact's timer falls back to the next newest entry. */
export const communicationDeletedSchema = z.object({ message: z.string(), contact: contactSchema });
export type CommunicationDeleted = z.infer<typeof communicationDeletedSchema>;

/** POST|DELETE /lists/:listId/contacts/:contactId: both sides after the move. */
export const listMembershipResponseSchema = z.object({ list: contactListSchema, contact: contactSchema });
export type ListMembershipResponse = z.infer<typeof listMembershipResponseSchema>;

export const parsedImportContactSchema = z.object({
  ...contactBasicsSchema.shape,
  ...contactDetailsSchema.shape,
  /**
   * The card's list, from its CATEGORIES (the first one that is not a Google system group): the
   * import puts the contact in the list of that name, creating it when there is none.
   */
  listName: z.string().nullable(),
  isValid: z.boolean(),
  isDuplicate: z.boolean(),
  /** Why a card is invalid or a duplicate, for the preview. */
  reason: z.string().optional(),
});
export type ParsedImportContact = z.infer<typeof parsedImportContactSchema>;

export const importParseResultSchema = z.object({
  contacts: z.array(parsedImportContactSchema),
  totalParsed: count,
  validContacts: count,
  duplicatesFound: count,
  invalidContacts: count,
  errors: z.array(z.string()),
});
export type ImportParseResult = z.infer<typeof importParseResultSchema>;

export const importConfirmResultSchema = z.object({ imported: count, skipped: count });
export type ImportConfirmResult = z.infer<typeof importConfirmResultSchema>;

export const notificationSettingsSchema = z.object({
  bestFriendDays: z.int(),
  friendDays: z.int(),
  acquaintanceDays: z.int(),
  enablePushNotifications: z.boolean(),
  /** No daily reminder e-mail while paused (test reminders still go out). */
  remindersPaused: z.boolean(),
  /** The daily e-mail lists at most this many people, most important first. */
  contactsPerEmail: z.int(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** Why a contact is coming up: it becomes overdue, or a reminder was scheduled for it. */
export const upcomingReasonSchema = z.enum(['due', 'scheduled']);

/** A contact whose birthday comes within the asked window. */
export const upcomingBirthdaySchema = z.object({
  _id: id,
  firstName: z.string(),
  lastName: z.string(),
  birthday,
  /** The celebration day, "YYYY-MM-DD" (UTC). */
  date: z.iso.date(),
  daysUntil: count,
  /** Age reached that day; null when the year is unknown. */
  age: z.int().nullable(),
});
export type UpcomingBirthday = z.infer<typeof upcomingBirthdaySchema>;

export const upcomingContactSchema = z.object({
  _id: id,
  firstName: z.string(),
  lastName: z.string(),
  listName: z.string().nullable(),
  lastContactDate: dateTime.nullable(),
  reminderDays: z.int(),
  reason: upcomingReasonSchema,
  /** When the contact becomes overdue, or the scheduled reminder's date. */
  dueDate: dateTime,
  daysUntilDue: z.int(),
  /** The scheduled reminder's note (reason 'scheduled'). */
  reminderNotes: z.string().nullable(),
});
export type UpcomingContact = z.infer<typeof upcomingContactSchema>;

export const notificationStatsSchema = z.object({
  overdueCount: count,
  upcomingCount: count,
  remindersSent: count,
  lastSentAt: dateTime.nullable(),
});
export type NotificationStats = z.infer<typeof notificationStatsSchema>;

export const triggerDailyResultSchema = z.object({
  message: z.string(),
  usersProcessed: count,
  emailsQueued: count,
  alreadySentToday: count,
});
export type TriggerDailyResult = z.infer<typeof triggerDailyResultSchema>;

const probeSchema = z.object({
  status: z.enum(['up', 'down', HEALTH_NOT_CONFIGURED]),
  detail: z.string().optional(),
});
/** `GET /health` of a process (bare, not enveloped): 200 when no check is down, else 503. */
export const healthReportSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  checks: z.record(z.string(), probeSchema.extend({ checks: z.record(z.string(), probeSchema).optional() })),
});
export type HealthReport = z.infer<typeof healthReportSchema>;

/** What a one-click link from a reminder e-mail does. */
export const emailActionKindSchema = z.enum(['mark-contacted', 'snooze', 'pause-reminders']);
export type EmailActionKind = z.infer<typeof emailActionKindSchema>;

/** What the confirm page shows before its one button is pressed (GET changes nothing). */
export const emailActionPreviewSchema = z.object({
  action: emailActionKindSchema,
  /** 'ready' until used; 'used' and 'expired' links do nothing. */
  state: z.enum(['ready', 'used', 'expired']),
  /** The person the link is about (not for pause links); null when the contact no longer exists. */
  contact: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
  expiresAt: dateTime,
});
export type EmailActionPreview = z.infer<typeof emailActionPreviewSchema>;

export const emailActionResultSchema = z.object({ action: emailActionKindSchema, message: z.string() });
export type EmailActionResult = z.infer<typeof emailActionResultSchema>;

export const webhookFormatSchema = z.enum(['json', 'ntfy']);
export type WebhookFormat = z.infer<typeof webhookFormatSchema>;

export const webhookSettingsResponseSchema = z.object({ url: z.string().nullable(), format: webhookFormatSchema });
export type WebhookSettings = z.infer<typeof webhookSettingsResponseSchema>;

export const webhookDeliverySchema = z.object({
  _id: id,
  kind: z.string(),
  url: z.string(),
  /** DELIVERED, RETRYING (a later attempt follows) or FAILED. */
  status: z.enum(['DELIVERED', 'RETRYING', 'FAILED']),
  attempt: z.int().positive(),
  httpStatus: z.int().nullable(),
  error: z.string().nullable(),
  createdAt: dateTime,
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** `GET /api/calendar/feed`: whether a feed exists (its URL cannot be shown again: only its hash is kept). */
/** `url`: the feed's address, shown again (kept encrypted at rest); null when off, or not kept (older feeds). */
export const calendarFeedStatusSchema = z.object({
  active: z.boolean(),
  createdAt: dateTime.nullable(),
  url: z.string().nullable(),
});
export type CalendarFeedStatus = z.infer<typeof calendarFeedStatusSchema>;

/** `POST /api/calendar/feed`: the new feed's URL; any earlier URL stops working. */
export const calendarFeedUrlSchema = z.object({ url: z.string() });
export type CalendarFeedUrl = z.infer<typeof calendarFeedUrlSchema>;

/** What Settings and the API call an app password (one per device). */
export const appPasswordSchema = z.object({
  _id: id,
  name: z.string(),
  createdAt: dateTime,
  /** null until a client has signed in with it. */
  lastUsedAt: dateTime.nullable(),
});
export type AppPassword = z.infer<typeof appPasswordSchema>;

/** The answer to creating one: the password in clear, shown this once and never again. */
export const createdAppPasswordSchema = z.object({
  _id: id,
  name: z.string(),
  password: z.string().meta({ description: 'Shown this once; only its hash is kept' }),
});
export type CreatedAppPassword = z.infer<typeof createdAppPasswordSchema>;
