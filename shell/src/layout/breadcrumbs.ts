export interface Crumb {
  label: string;
  /** Where the crumb links to; the last crumb (the current page) has none. */
  to?: string;
}

/**
 * Spec §2: Dashboard, then one of Overdue Contacts (filter=overdue), Contacts, Lists, the list's
 * name on /lists/{id}, or Settings.
 */
export function breadcrumbsFor(pathname: string, search: string, listName?: string): Crumb[] {
  const dashboard: Crumb = { label: 'Dashboard', to: '/dashboard' };
  const path = pathname.replace(/\/+$/, '') || '/';
  let current: Crumb | null = null;
  if (path === '/contacts') {
    current =
      new URLSearchParams(search).get('filter') === 'overdue' ? { label: 'Overdue Contacts' } : { label: 'Contacts' };
  } else if (path === '/lists') {
    current = { label: 'Lists' };
  } else if (path.startsWith('/lists/')) {
    current = { label: listName ?? 'List' };
  } else if (path === '/settings') {
    current = { label: 'Settings' };
  }
  return current ? [dashboard, current] : [{ label: 'Dashboard' }];
}

/** The list id of a /lists/{id} path, if any. */
export function listIdOf(pathname: string): string | null {
  const match = /^\/lists\/([^/]+)\/?$/.exec(pathname);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}
