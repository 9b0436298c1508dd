import { routesOf } from './route.js';

/** CardDAV (phone sync), outside `/api`, signed in with app passwords; WebDAV's own methods are not listed. */
export const davRoutes = routesOf('contacts', {
  davOptions: { method: 'options', path: '/dav/', root: true, auth: 'none' },
  davGetCard: { method: 'get', path: '/dav/addressbooks/{userId}/contacts/{card}', root: true, auth: 'basic' },
  davPutCard: { method: 'put', path: '/dav/addressbooks/{userId}/contacts/{card}', root: true, auth: 'basic' },
  davDeleteCard: { method: 'delete', path: '/dav/addressbooks/{userId}/contacts/{card}', root: true, auth: 'basic' },
});
