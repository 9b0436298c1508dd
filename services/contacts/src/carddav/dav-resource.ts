import { davPaths, hasControlCharacters } from '@kith/contracts';

/** What a /dav/ path names, for the signed-in user. Other users' paths name nothing (404). */
export type DavResource =
  | { kind: 'root'; path: string }
  | { kind: 'principal'; path: string }
  | { kind: 'home'; path: string }
  | { kind: 'addressBook'; path: string }
  | { kind: 'card'; path: string; href: string }
  | { kind: 'none' };

/** Longest resource name accepted (clients use a UID plus `.vcf`). */
const MAX_HREF_LENGTH = 255;

export function resolveResource(pathname: string, userId: string): DavResource {
  let path: string;
  try {
    path = decodeURI(pathname).replace(/\/{2,}/g, '/');
  } catch {
    return { kind: 'none' };
  }
  const folder = path.endsWith('/') ? path : `${path}/`;
  if (folder === '/dav/' || folder === '/dav/principals/') return { kind: 'root', path: '/dav/' };
  if (folder === davPaths.principal(userId)) return { kind: 'principal', path: folder };
  if (folder === davPaths.home(userId)) return { kind: 'home', path: folder };
  const book = davPaths.addressBook(userId);
  if (folder === book) return { kind: 'addressBook', path: book };
  // The address book's path is plain ASCII, so the raw path can be split before decoding.
  const raw = pathname.startsWith(book) ? pathname.slice(book.length) : '';
  if (raw && !raw.includes('/')) {
    let href: string;
    try {
      href = decodeURIComponent(raw);
    } catch {
      return { kind: 'none' };
    }
    // A resource name is stored as text: one with a control character names nothing.
    if (href.length <= MAX_HREF_LENGTH && !href.includes('/') && !hasControlCharacters(href, 'singleLine'))
      return { kind: 'card', path: cardPath(userId, href), href };
  }
  return { kind: 'none' };
}

/** The URL path of a card; its name is percent-encoded as one path segment. */
export function cardPath(userId: string, href: string): string {
  return `${davPaths.addressBook(userId)}${encodeURIComponent(href).replace(/%40/g, '@')}`;
}
