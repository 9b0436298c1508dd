export interface Crumb {
  label: string;
  /** Where the crumb links to; the last crumb (the current page) has none. */
  to?: string;
}

/**
 * The trail: Dashboard, then one of Overdue Contacts (filter=overdue), Contacts, Lists, the list's
 * name on /lists/{id}, or Settings. A person's page (/contacts/{id}) is Dashboard › Contacts › {name},
 * and a list's page Dashboard › Lists › {list name}, so the way back to every list is one click.
 */
export function breadcrumbsFor(pathname: string, search: string, listName?: string, contactName?: string): Crumb[] {
  const dashboard: Crumb = { label: 'Dashboard', to: '/dashboard' };
  const path = pathname.replace(/\/+$/, '') || '/';
  if (contactIdOf(path))
    return [dashboard, { label: 'Contacts', to: '/contacts' }, { label: contactName ?? 'Contact' }];
  if (listIdOf(path)) return [dashboard, { label: 'Lists', to: '/lists' }, { label: listName ?? 'List' }];
  let current: Crumb | null = null;
  if (path === '/contacts') {
    current =
      new URLSearchParams(search).get('filter') === 'overdue' ? { label: 'Overdue Contacts' } : { label: 'Contacts' };
  } else if (path === '/lists') {
    current = { label: 'Lists' };
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

/** The contact id of a /contacts/{id} path, if any. */
export function contactIdOf(pathname: string): string | null {
  const match = /^\/contacts\/([^/]+)\/?$/.exec(pathname);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}
