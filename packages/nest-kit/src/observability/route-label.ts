/**
 * The route a request is labelled with in logs and metrics: the matched route template when the
 * framework knows it, otherwise the path with every id or token replaced. Paths carry secrets
 * (calendar feed and e-mail action tokens) and unbounded values (ids), so a raw path is never used.
 */
export interface RoutedRequest {
  method?: string;
  originalUrl?: string;
  url?: string;
  baseUrl?: string;
  route?: { path?: unknown };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Anything long or mixing digits into letters is an id or a token, not a word of a route. */
const TOKEN_LIKE = /^(?=.*\d)[\w.~-]{6,}$|^[\w.~-]{24,}$/;

export const UNMATCHED_ROUTE = '(unmatched)';

export function routeTemplate(path: string): string {
  const segments = path.split('?')[0].split('/');
  return segments
    .map((segment) => {
      if (UUID.test(segment)) return ':id';
      if (TOKEN_LIKE.test(segment)) return ':token';
      return segment;
    })
    .join('/');
}

/**
 * Label for a finished request. `status` decides what an unmatched path becomes: a 404 with no
 * route is a guess at a URL (unbounded), so all of them share one label.
 */
export function routeLabel(request: RoutedRequest, status: number): string {
  const matched = request.route?.path;
  if (typeof matched === 'string') return `${request.baseUrl ?? ''}${matched}`;
  const path = (request.originalUrl ?? request.url ?? '/').split('?')[0];
  if (path.startsWith('/dav/') || path === '/dav') return '/dav/*';
  if (!path.startsWith('/api/')) return status === 404 ? UNMATCHED_ROUTE : '(static)';
  return status === 404 ? UNMATCHED_ROUTE : routeTemplate(path);
}
