import type { DavExchange } from '../dav-exchange.js';
import { DavError } from '../dav-error.js';

/** GET/HEAD of one card (with If-None-Match → 304); collections answer with a short note. */
export async function get(x: DavExchange): Promise<void> {
  const { resource, res } = x;
  if (resource.kind === 'none') throw DavError.notFound();
  if (resource.kind !== 'card') {
    res
      .status(200)
      .type('text/plain; charset=utf-8')
      .send('Kith CardDAV: add this address to your phone or contacts app as a CardDAV account.\n');
    return;
  }
  const card = await x.book.card(x.userId, resource.href);
  res.setHeader('etag', card.etag);
  const ifNoneMatch = x.req.headers['if-none-match'];
  if (
    ifNoneMatch &&
    ifNoneMatch
      .split(',')
      .map((tag) => tag.trim())
      .some((tag) => tag === '*' || tag === card.etag)
  ) {
    res.status(304).end();
    return;
  }
  res.status(200).type('text/vcard; charset=utf-8').send(card.vcard);
}
