import { davPaths } from '@kith/contracts';
import { type Card, syncTokenOf } from './address-book.service.js';
import type { DavResource } from './dav-resource.js';
import { el, escapeXml, NS, type PropName, type PropValue } from './dav-xml.js';

/** Largest card a client may store (photos included), advertised as max-resource-size. */
export const MAX_CARD_BYTES = 2 * 1024 * 1024;

const key = (prop: PropName) => `${prop.ns}|${prop.name}`;
const href = (path: string) => el(NS.DAV, 'href', escapeXml(path));

/** What a request wants: named properties, or all the "live" ones a client can expect. */
export type PropRequest = { all: true } | { all: false; props: PropName[] };

const COLLECTION_ALLPROP: PropName[] = [
  { ns: NS.DAV, name: 'resourcetype' },
  { ns: NS.DAV, name: 'displayname' },
  { ns: NS.DAV, name: 'current-user-principal' },
];
const CARD_ALLPROP: PropName[] = [
  { ns: NS.DAV, name: 'resourcetype' },
  { ns: NS.DAV, name: 'getetag' },
  { ns: NS.DAV, name: 'getcontenttype' },
];

export const ADDRESS_DATA: PropName = { ns: NS.CARDDAV, name: 'address-data' };
export const wantsCardBody = (request: PropRequest) =>
  !request.all &&
  request.props.some((prop) => key(prop) === key(ADDRESS_DATA) || key(prop) === `${NS.DAV}|getcontentlength`);

const PRIVILEGES = [
  'read',
  'write',
  'write-content',
  'write-properties',
  'bind',
  'unbind',
  'read-current-user-privilege-set',
]
  .map((name) => el(NS.DAV, 'privilege', el(NS.DAV, name)))
  .join('');

/** Splits the requested properties into values this resource has and names it lacks. */
function answer(
  request: PropRequest,
  allprop: PropName[],
  values: Map<string, () => string>,
): { found: PropValue[]; missing: PropName[] } {
  const props = request.all ? allprop : request.props;
  const found: PropValue[] = [];
  const missing: PropName[] = [];
  for (const prop of props) {
    const value = values.get(key(prop));
    if (value !== undefined) found.push({ prop, xml: value() });
    else missing.push(prop);
  }
  return { found, missing };
}

type ValueList = [PropName['ns'], string, () => string][];
const toMap = (list: ValueList) => new Map(list.map(([ns, name, value]) => [`${ns}|${name}`, value]));

/** Properties of the root, the principal, the home and the address book. */
export function collectionProps(
  resource: Exclude<DavResource, { kind: 'card' } | { kind: 'none' }>,
  userId: string,
  revision: string,
  request: PropRequest,
): { found: PropValue[]; missing: PropName[] } {
  const principal = davPaths.principal(userId);
  const common: ValueList = [
    [NS.DAV, 'current-user-principal', () => href(principal)],
    [NS.DAV, 'principal-URL', () => href(principal)],
    [NS.DAV, 'owner', () => href(principal)],
    [NS.CARDDAV, 'addressbook-home-set', () => href(davPaths.home(userId))],
    [NS.DAV, 'principal-collection-set', () => href('/dav/principals/')],
    [NS.DAV, 'current-user-privilege-set', () => PRIVILEGES],
  ];
  const byKind: Record<typeof resource.kind, ValueList> = {
    root: [
      [NS.DAV, 'resourcetype', () => el(NS.DAV, 'collection')],
      [NS.DAV, 'displayname', () => 'Kith'],
    ],
    principal: [
      [NS.DAV, 'resourcetype', () => el(NS.DAV, 'collection') + el(NS.DAV, 'principal')],
      [NS.DAV, 'displayname', () => 'Kith user'],
      [NS.CARDDAV, 'principal-address', () => ''],
    ],
    home: [
      [NS.DAV, 'resourcetype', () => el(NS.DAV, 'collection')],
      [NS.DAV, 'displayname', () => 'Address books'],
    ],
    addressBook: [
      [NS.DAV, 'resourcetype', () => el(NS.DAV, 'collection') + el(NS.CARDDAV, 'addressbook')],
      [NS.DAV, 'displayname', () => 'Kith'],
      [NS.CARDDAV, 'addressbook-description', () => 'All your Kith contacts; lists are categories'],
      [NS.DAV, 'sync-token', () => escapeXml(syncTokenOf(revision))],
      [NS.CALENDARSERVER, 'getctag', () => escapeXml(`"${revision}"`)],
      [
        NS.CARDDAV,
        'supported-address-data',
        () =>
          ['3.0', '4.0']
            .map((version) => `<card:address-data-type content-type="text/vcard" version="${version}"/>`)
            .join(''),
      ],
      [NS.CARDDAV, 'max-resource-size', () => String(MAX_CARD_BYTES)],
      [
        NS.DAV,
        'supported-report-set',
        () =>
          ['addressbook-multiget', 'addressbook-query']
            .map((name) => el(NS.DAV, 'supported-report', el(NS.DAV, 'report', el(NS.CARDDAV, name))))
            .join('') + el(NS.DAV, 'supported-report', el(NS.DAV, 'report', el(NS.DAV, 'sync-collection'))),
      ],
    ],
  };
  return answer(request, COLLECTION_ALLPROP, toMap([...common, ...byKind[resource.kind]]));
}

/** Properties of one card; its body only when it was rendered (address-data asked for). */
export function cardProps(
  card: { etag: string; vcard?: string },
  userId: string,
  request: PropRequest,
): { found: PropValue[]; missing: PropName[] } {
  const values: ValueList = [
    [NS.DAV, 'resourcetype', () => ''],
    [NS.DAV, 'getetag', () => escapeXml(card.etag)],
    [NS.DAV, 'getcontenttype', () => 'text/vcard; charset=utf-8'],
    [NS.DAV, 'current-user-principal', () => href(davPaths.principal(userId))],
    [NS.DAV, 'current-user-privilege-set', () => PRIVILEGES],
  ];
  if (card.vcard !== undefined) {
    const body = card.vcard;
    values.push([NS.CARDDAV, 'address-data', () => escapeXml(body)]);
    values.push([NS.DAV, 'getcontentlength', () => String(Buffer.byteLength(body, 'utf8'))]);
  }
  return answer(request, CARD_ALLPROP, toMap(values));
}

export type { Card };
