import { z } from 'zod';
import type { davRoutes } from './dav.routes.js';
import type { ApiAnswer, RouteSchemasOf } from './route.schemas.js';

const cardName = z.string().meta({ description: 'The card resource name, e.g. `<uid>.vcf`' });
/** WebDAV failures: a text/plain reason, or an XML `DAV:error` naming the failed precondition. */
const davFailure = (status: number, description: string): ApiAnswer => ({
  status,
  description,
  media: ['text/plain', 'application/xml'],
});
const davSignIn: ApiAnswer[] = [
  { ...davFailure(401, 'No valid app password'), headers: { 'www-authenticate': 'Basic realm="Kith phone sync"' } },
  { status: 429, description: 'Too many failed sign-ins from this address', media: ['text/plain'] },
];
const card = {
  description: 'If-Match / If-None-Match are honoured: a stale ETag is a 412, never an overwrite.',
  pathParams: { userId: z.guid(), card: cardName },
};

export const davRouteSchemas = {
  davOptions: {
    summary: 'CardDAV server (RFC 6352): its capabilities',
    description:
      'Phones sync contacts here with an app password (HTTP Basic, the e-mail as user name). Besides ' +
      'GET, PUT and DELETE of cards, the server answers PROPFIND and REPORT (addressbook-query, ' +
      'addressbook-multiget, sync-collection) on `/dav/`, `/dav/principals/{userId}/` and ' +
      '`/dav/addressbooks/{userId}/contacts/` with WebDAV XML; OpenAPI 3.1 cannot list those methods.',
    answers: [{ status: 200, description: 'DAV and Allow headers', headers: { dav: '1, 3, addressbook' } }],
  },
  davGetCard: {
    summary: 'Read a card (vCard)',
    ...card,
    answers: [
      { status: 200, description: 'The card', media: ['text/vcard'] },
      { status: 304, description: 'Unchanged since the ETag in If-None-Match' },
      ...davSignIn,
      davFailure(404, 'No such card'),
    ],
  },
  davPutCard: {
    summary: 'Create or replace a card',
    ...card,
    answers: [
      { status: 201, description: 'Created' },
      { status: 204, description: 'Replaced' },
      ...davSignIn,
      davFailure(400, 'Not a vCard'),
      davFailure(403, 'The card breaks a CardDAV precondition (valid-address-data)'),
      davFailure(409, 'Another card already has this UID'),
      davFailure(412, 'If-Match / If-None-Match does not hold'),
      davFailure(413, 'The card is too large'),
      davFailure(415, 'Not text/vcard'),
    ],
  },
  davDeleteCard: {
    summary: 'Delete a card',
    ...card,
    answers: [
      { status: 204, description: 'Deleted' },
      ...davSignIn,
      davFailure(404, 'No such card'),
      davFailure(412, 'If-Match does not hold'),
    ],
  },
} satisfies RouteSchemasOf<typeof davRoutes>;
