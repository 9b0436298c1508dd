/**
 * Phone sync (CardDAV, RFC 6352) and the app passwords its clients sign in with. Zod-free so
 * the browser entry can export it: Settings shows the server address built from these paths.
 */

/** Where the CardDAV server lives on the public origin (the gateway routes it to contacts). */
export const DAV_ROOT_PATH = '/dav/';
/** RFC 6764 bootstrap: clients given only a host name look here first. */
export const CARDDAV_WELL_KNOWN_PATH = '/.well-known/carddav';

/** The paths of a user's principal, address-book home and single address book. */
export const davPaths = {
  principal: (userId: string) => `/dav/principals/${userId}/`,
  home: (userId: string) => `/dav/addressbooks/${userId}/`,
  addressBook: (userId: string) => `/dav/addressbooks/${userId}/contacts/`,
} as const;

// The app-password answers are schemas in entities.ts (AppPassword, CreatedAppPassword).

export const APP_PASSWORD_NAME_MAX_LENGTH = 60;
/** A person with more devices than this can revoke old ones first. */
export const MAX_APP_PASSWORDS_PER_USER = 25;
/**
 * Last-used is written at most this often per password: a sync of a thousand cards is a
 * thousand requests, and one write per sync is enough to tell a person which device is live.
 */
export const APP_PASSWORD_LAST_USED_RESOLUTION_MS = 60_000;
