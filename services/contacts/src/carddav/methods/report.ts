import { davPaths } from '@kith/contracts';
import { type Card, etagOf, SYNC_TOKEN_PREFIX, syncTokenOf } from '../address-book.service.js';
import { type CardFilter, matchesFilter, parseCardFilter } from '../card-filter.js';
import { cardProps, wantsCardBody } from '../dav-props.js';
import { resolveResource } from '../dav-resource.js';
import { type DavExchange, hrefsOf, MultistatusWriter, propRequestOf } from '../dav-exchange.js';
import { DavError } from '../dav-error.js';
import { cardPath } from '../dav-resource.js';
import {
  child,
  el,
  escapeXml,
  is,
  NS,
  parseXmlBody,
  propResponse,
  statusResponse,
  textContent,
  type XmlElement,
} from '../dav-xml.js';

const PAGE = 500;

/** REPORT: addressbook-multiget and addressbook-query (RFC 6352 §8), sync-collection (RFC 6578). */
export async function report(x: DavExchange): Promise<void> {
  const root = parseXmlBody(x.body);
  if (!root) throw DavError.badRequest('REPORT needs a body');
  if (x.resource.kind !== 'addressBook' && x.resource.kind !== 'card') throw DavError.notFound();
  if (is(root, NS.CARDDAV, 'addressbook-multiget')) return multiget(x, root);
  if (is(root, NS.CARDDAV, 'addressbook-query')) return query(x, root);
  if (is(root, NS.DAV, 'sync-collection')) return syncCollection(x, root);
  throw new DavError(403, `Unsupported report ${root.localName}`, { ns: NS.DAV, name: 'supported-report' });
}

async function multiget(x: DavExchange, root: XmlElement): Promise<void> {
  const request = propRequestOf(root);
  const lists = await x.book.listsView(x.userId);
  const out = new MultistatusWriter(x.res);
  const wanted = new Map<string, string>(); // card name → href as the client wrote it
  for (const raw of hrefsOf(root)) {
    const path = raw.replace(/^https?:\/\/[^/]+/i, '');
    const resource = resolveResource(path, x.userId);
    if (resource.kind === 'card') wanted.set(resource.href, raw);
    else out.write(statusResponse(raw, 404));
  }
  const names = [...wanted.keys()];
  for (let start = 0; start < names.length; start += PAGE) {
    const rows = await x.book.cards.cardsByHref(x.userId, names.slice(start, start + PAGE));
    for (const row of rows) {
      const { found, missing } = cardProps(lists.render(row), x.userId, request);
      out.write(propResponse(cardPath(x.userId, row.href), found, missing));
      wanted.delete(row.href);
    }
  }
  for (const raw of wanted.values()) out.write(statusResponse(raw, 404));
  out.end();
}

async function query(x: DavExchange, root: XmlElement): Promise<void> {
  const request = propRequestOf(root);
  const filter: CardFilter = parseCardFilter(child(root, NS.CARDDAV, 'filter'));
  const limitText = textContent(child(child(root, NS.CARDDAV, 'limit') ?? root, NS.CARDDAV, 'nresults'));
  const limit = limitText ? Number.parseInt(limitText, 10) : Number.POSITIVE_INFINITY;
  const lists = await x.book.listsView(x.userId);
  const out = new MultistatusWriter(x.res);
  let after: string | null = null;
  let sent = 0;
  for (;;) {
    const rows = await x.book.cards.cards(x.userId, after, PAGE);
    for (const row of rows) {
      const card: Card = lists.render(row);
      if (!matchesFilter(card.vcard, filter)) continue;
      if (sent >= limit) {
        out.end(statusResponse(davPaths.addressBook(x.userId), 507));
        return;
      }
      const { found, missing } = cardProps(card, x.userId, request);
      out.write(propResponse(cardPath(x.userId, row.href), found, missing));
      sent++;
    }
    if (rows.length < PAGE) break;
    after = rows[rows.length - 1]!.id;
  }
  out.end();
}

/**
 * Changes since the client's token, oldest first: cards there now with their properties,
 * deleted ones as 404s (from tombstones). An empty token is the first sync: every card, no
 * deletions. With a client limit, the token returned is that of the last change sent, and
 * a 507 for the collection says there is more.
 */
async function syncCollection(x: DavExchange, root: XmlElement): Promise<void> {
  if (x.resource.kind !== 'addressBook')
    throw new DavError(403, 'sync-collection applies to the address book', { ns: NS.DAV, name: 'valid-sync-token' });
  const request = propRequestOf(root);
  const token = textContent(child(root, NS.DAV, 'sync-token'));
  const current = await x.book.cards.revision(x.userId);
  let since = '0';
  if (token) {
    const number = token.startsWith(SYNC_TOKEN_PREFIX) ? token.slice(SYNC_TOKEN_PREFIX.length) : '';
    if (
      !/^\d{1,18}$/.test(number) ||
      BigInt(number) > BigInt(current) ||
      (await x.book.cards.isForgotten(x.userId, number))
    ) {
      throw new DavError(403, 'Unknown sync token: sync again from the start', {
        ns: NS.DAV,
        name: 'valid-sync-token',
      });
    }
    since = number;
  }
  const limitText = textContent(child(child(root, NS.DAV, 'limit') ?? root, NS.DAV, 'nresults'));
  const limit = limitText ? Math.max(1, Number.parseInt(limitText, 10) || 1) : Number.POSITIVE_INFINITY;
  const withBody = wantsCardBody(request);
  const lists = withBody ? await x.book.listsView(x.userId) : null;
  const out = new MultistatusWriter(x.res);
  let cursor = since;
  let sent = 0;
  let truncated = false;
  for (;;) {
    const page = Math.min(PAGE, limit - sent + 1);
    const changes = await x.book.cards.changesSince(x.userId, cursor, page);
    const batch = changes.slice(0, Math.min(changes.length, limit - sent));
    const present = batch.filter((change) => !change.deleted);
    const rendered = lists
      ? new Map(
          (
            await x.book.cards.cardsByHref(
              x.userId,
              present.map((change) => change.href),
            )
          ).map((row) => [row.href, lists.render(row)]),
        )
      : null;
    for (const change of batch) {
      const path = cardPath(x.userId, change.href);
      if (change.deleted) {
        if (token) out.write(statusResponse(path, 404));
      } else {
        const card = rendered?.get(change.href) ?? { etag: etagOf(change.revision) };
        const { found, missing } = cardProps(card, x.userId, request);
        out.write(propResponse(path, found, missing));
      }
      cursor = change.revision;
      sent++;
    }
    if (changes.length > batch.length) {
      truncated = true;
      break;
    }
    if (changes.length < page) break;
  }
  const last = truncated ? cursor : current;
  out.end(
    (truncated ? statusResponse(davPaths.addressBook(x.userId), 507) : '') +
      el(NS.DAV, 'sync-token', escapeXml(syncTokenOf(last))),
  );
}
