import { useAuthStore } from '@kith/web-kit';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { contactIdOf, listIdOf } from './breadcrumb-trail.js';
import { pageTitleFor } from './page-title.js';
import { useContactName, useListName } from './useNames.js';

/** Keeps `document.title` naming the page on screen, so tabs, history and screen readers can tell pages apart. */
export function DocumentTitle() {
  const { pathname, search } = useLocation();
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  // Only a signed-in visitor may ask for a list (anyone else is on the way to the landing page).
  const listName = useListName(isAuthenticated ? listIdOf(pathname) : null);
  const contactName = useContactName(isAuthenticated ? contactIdOf(pathname) : null);
  const title = pageTitleFor(pathname, search, listName, contactName);
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}
