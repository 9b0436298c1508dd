import type { DavExchange } from '../dav-exchange.js';
import { DavError } from '../dav-error.js';
import { MAX_CARD_BYTES } from '../dav-props.js';

/** PUT of one card: create (201) or replace (204), guarded by If-Match / If-None-Match. */
export async function put(x: DavExchange): Promise<void> {
  const { resource, req, res } = x;
  if (resource.kind !== 'card')
    throw new DavError(405, 'Only cards inside the address book can be written', undefined, {
      allow: 'OPTIONS, PROPFIND, REPORT',
    });
  if (Buffer.byteLength(x.body, 'utf8') > MAX_CARD_BYTES)
    throw new DavError(413, `A card may be at most ${MAX_CARD_BYTES} bytes`);
  const contentType = req.headers['content-type'] ?? 'text/vcard';
  if (!/^(text\/(x-)?vcard|text\/directory|application\/octet-stream|text\/plain)/i.test(contentType)) {
    throw new DavError(415, `Cards are text/vcard, not ${contentType}`, {
      ns: 'urn:ietf:params:xml:ns:carddav',
      name: 'supported-address-data',
    });
  }
  const { created, etag } = await x.book.put(x.userId, resource.href, x.body, {
    ifMatch: req.headers['if-match'],
    ifNoneMatch: req.headers['if-none-match'],
  });
  if (etag) res.setHeader('etag', etag);
  res.status(created ? 201 : 204).end();
}
