import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters } from '@kith/contracts';
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
  const controlled = linesWithControlCharacters(x.body);
  if (controlled.length) {
    // Stored verbatim and served back to every client, so such a card is refused, not cleaned.
    throw new DavError(400, `${controlled.join(', ')}: ${CONTROL_CHARACTERS_MESSAGE}`, {
      ns: 'urn:ietf:params:xml:ns:carddav',
      name: 'valid-address-data',
    });
  }
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

/** The names of the properties whose lines hold a control character (tab and line breaks belong to vCard text). */
function linesWithControlCharacters(body: string): string[] {
  if (!hasControlCharacters(body, 'multiLine')) return [];
  const names = body
    .split(/\r\n|\n|\r/)
    .filter((line) => hasControlCharacters(line, 'multiLine'))
    .map((line) => /^[^:;]*/.exec(line)![0].replace(/[^A-Za-z0-9.-]/g, '') || 'card');
  return [...new Set(names)];
}
