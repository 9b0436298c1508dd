/** The private calendar feed (RFC 5545): `GET /api/calendar/{token}.ics`, no bearer token. */

// The feed's status and URL answers are schemas in entities.ts (CalendarFeedStatus, CalendarFeedUrl).

/** Bytes of randomness in a feed token (256 bits), sent base64url-encoded. */
export const CALENDAR_FEED_TOKEN_BYTES = 32;
const CALENDAR_FEED_PATH_PREFIX = '/api/calendar/';
export const calendarFeedPath = (token: string) => `${CALENDAR_FEED_PATH_PREFIX}${token}.ics`;
/** `{token}.ics` where the token is 32 bytes base64url-encoded (43 characters). */
export const CALENDAR_FEED_FILE_PATTERN = /^([A-Za-z0-9_-]{43})\.ics$/;
/** Title of a contact's due-date event. */
export const getInTouchTitle = (contact: { firstName: string; lastName: string }) =>
  `Get in touch with ${`${contact.firstName} ${contact.lastName}`.trim()}`;
