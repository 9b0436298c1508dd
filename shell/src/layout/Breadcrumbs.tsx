import { ChevronRight, Home } from 'lucide-react';
import { Link, useLocation } from 'react-router-dom';
import { breadcrumbsFor, contactIdOf, listIdOf } from './breadcrumb-trail.js';
import { useContactName, useListName } from './useNames.js';

/** Hidden when there is a single crumb; long labels are truncated. */
export function Breadcrumbs() {
  const { pathname, search } = useLocation();
  const listName = useListName(listIdOf(pathname));
  const contactName = useContactName(contactIdOf(pathname));
  const crumbs = breadcrumbsFor(pathname, search, listName, contactName);
  if (crumbs.length < 2) return null;
  return (
    <nav aria-label="Breadcrumb" className="mb-4">
      <ol className="flex min-w-0 items-center gap-1.5 text-sm text-slate-500">
        {crumbs.map((crumb, index) => (
          <li key={crumb.label + index} className="flex min-w-0 items-center gap-1.5">
            {index > 0 && <ChevronRight className="size-4 shrink-0 text-slate-400" aria-hidden="true" />}
            {crumb.to ? (
              <Link to={crumb.to} className="flex max-w-48 items-center gap-1.5 truncate hover:text-slate-900">
                {index === 0 && <Home className="size-4 shrink-0" aria-hidden="true" />}
                <span className="truncate">{crumb.label}</span>
              </Link>
            ) : (
              <span
                aria-current="page"
                title={crumb.label}
                className="max-w-48 truncate font-medium text-slate-900 sm:max-w-xs"
              >
                {crumb.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
