import type { QueryClient } from '@tanstack/react-query';

/**
 * The cache's keys, shared by every remote so that what one changes the others see. Each key is
 * a prefix of the narrower ones below it (invalidating `contacts` reaches every contact query).
 */
export const queryKeys = {
  /** Everything that holds contacts: the screens' views and pages, and each contact's own. */
  contacts: ['contacts'] as const,
  /** The contacts screen's views (a scope, a search, a sort) and their pages. */
  contactViews: ['contacts', 'view'] as const,
  contact: (id: string) => ['contacts', 'detail', id] as const,
  /** A contact's logged interactions, newest first, a page at a time. */
  interactions: (contactId: string) => ['interactions', contactId] as const,
  /** The user's lists with their counts (GET /lists without member ids). */
  lists: ['lists'] as const,
  /** Every panel of the dashboard. */
  dashboard: ['dashboard'] as const,
  /** The account's doors: sessions and app passwords (a password change closes them). */
  account: ['account'] as const,
  /** Where the account is signed in (Settings → Sessions). */
  sessions: ['account', 'sessions'] as const,
  /** The account's app passwords for phone sync (Settings → Phone sync). */
  appPasswords: ['account', 'app-passwords'] as const,
};

/**
 * After a contact was saved, logged or deleted: the screens listing contacts and the dashboard
 * reload (the one on screen now, the others when next shown); the lists too when their counts
 * moved. A contact's own query is left alone: the caller puts the server's answer there.
 */
export function contactsChanged(client: QueryClient, { lists = false }: { lists?: boolean } = {}): void {
  void client.invalidateQueries({ queryKey: queryKeys.contactViews });
  void client.invalidateQueries({ queryKey: queryKeys.dashboard });
  if (lists) void client.invalidateQueries({ queryKey: queryKeys.lists });
}

/** After a list was created, changed or deleted: lists, contacts (their list's name and colour) and the dashboard reload. */
export function listsChanged(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: queryKeys.lists });
  void client.invalidateQueries({ queryKey: queryKeys.contacts });
  void client.invalidateQueries({ queryKey: queryKeys.dashboard });
}
