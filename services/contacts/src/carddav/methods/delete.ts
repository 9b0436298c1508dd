import type { DavExchange } from '../dav-exchange.js';
import { DavError } from '../dav-error.js';

/** DELETE of one card (If-Match honoured); the deletion is remembered for sync-collection. */
export async function remove(x: DavExchange): Promise<void> {
  if (x.resource.kind !== 'card') throw new DavError(403, 'Only cards can be deleted; the address book itself stays');
  await x.book.delete(x.userId, x.resource.href, { ifMatch: x.req.headers['if-match'] });
  x.res.status(204).end();
}
