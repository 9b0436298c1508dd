import { davPaths } from '@kith/contracts';
import { cardPath } from '../dav-resource.js';
import { cardProps, collectionProps, wantsCardBody } from '../dav-props.js';
import { type DavExchange, MultistatusWriter, propRequestOf } from '../dav-exchange.js';
import { DavError } from '../dav-error.js';
import { etagOf } from '../address-book.service.js';
import { NS, parseXmlBody, propResponse } from '../dav-xml.js';

/** Cards per database page while listing an address book. */
const PAGE = 500;

/** PROPFIND (RFC 4918 §9.1) at depth 0 or 1. */
export async function propfind(x: DavExchange): Promise<void> {
  const root = parseXmlBody(x.body);
  if (root && !(root.namespaceURI === NS.DAV && root.localName === 'propfind'))
    throw DavError.badRequest('PROPFIND body must be a DAV:propfind element');
  const request = propRequestOf(root ?? undefined);
  const { resource, userId } = x;
  if (resource.kind === 'none') throw DavError.notFound();
  const out = new MultistatusWriter(x.res);

  if (resource.kind === 'card') {
    const card = wantsCardBody(request) ? await x.book.card(userId, resource.href) : await cardEtag(x, resource.href);
    const { found, missing } = cardProps(card, userId, request);
    out.write(propResponse(resource.path, found, missing));
    return out.end();
  }

  const revision = await x.book.cards.revision(userId);
  const self = collectionProps(resource, userId, revision, request);
  out.write(propResponse(resource.path, self.found, self.missing));
  if (x.depth === 1 && resource.kind === 'home') {
    const book = collectionProps(
      { kind: 'addressBook', path: davPaths.addressBook(userId) },
      userId,
      revision,
      request,
    );
    out.write(propResponse(davPaths.addressBook(userId), book.found, book.missing));
  }
  if (x.depth === 1 && resource.kind === 'addressBook') await listCards(x, request, out);
  out.end();
}

async function cardEtag(x: DavExchange, href: string): Promise<{ etag: string }> {
  const card = await x.book.card(x.userId, href);
  return { etag: card.etag };
}

async function listCards(
  x: DavExchange,
  request: ReturnType<typeof propRequestOf>,
  out: MultistatusWriter,
): Promise<void> {
  const withBody = wantsCardBody(request);
  const lists = withBody ? await x.book.listsView(x.userId) : null;
  let after: string | null = null;
  for (;;) {
    if (lists) {
      const rows = await x.book.cards.cards(x.userId, after, PAGE);
      for (const row of rows) {
        const card = lists.render(row);
        const { found, missing } = cardProps(card, x.userId, request);
        out.write(propResponse(cardPath(x.userId, row.href), found, missing));
      }
      if (rows.length < PAGE) return;
      after = rows[rows.length - 1]!.id;
    } else {
      const rows = await x.book.cards.listing(x.userId, after, PAGE);
      out.write(
        rows
          .map((row) => {
            const { found, missing } = cardProps({ etag: etagOf(row.revision) }, x.userId, request);
            return propResponse(cardPath(x.userId, row.href), found, missing);
          })
          .join(''),
      );
      if (rows.length < PAGE) return;
      after = rows[rows.length - 1]!.id;
    }
  }
}
