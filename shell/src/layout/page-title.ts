import { breadcrumbsFor } from './breadcrumb-trail.js';

const APP_NAME = 'Kith';

const PUBLIC_PAGES: Record<string, string> = {
  '/login': 'Sign In',
  '/register': 'Create Account',
  '/forgot-password': 'Forgot Password',
  '/reset-password': 'Reset Password',
};

/** The browser tab's title for a route: the page's name, then the app's ('Contacts · Kith'). */
export function pageTitleFor(pathname: string, search: string, listName?: string, contactName?: string): string {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/') return `${APP_NAME} · Stay in touch with the people who matter`;
  const publicPage = PUBLIC_PAGES[path];
  if (publicPage) return `${publicPage} · ${APP_NAME}`;
  if (path.startsWith('/email-action/')) return `Reminder · ${APP_NAME}`;
  const crumbs = breadcrumbsFor(path, search, listName, contactName);
  const current = crumbs.at(-1)!.label;
  // Every signed-in page has a trail past Dashboard; any other path is the 404 page.
  if (crumbs.length === 1 && path !== '/dashboard') return `Page not found · ${APP_NAME}`;
  return `${current} · ${APP_NAME}`;
}
