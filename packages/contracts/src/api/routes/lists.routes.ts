import { routesOf } from './route.js';

/** Lists and their members. */
export const listRoutes = routesOf('contacts', {
  listLists: { method: 'get', path: '/lists', auth: 'bearer' },
  createList: { method: 'post', path: '/lists', auth: 'bearer' },
  getList: { method: 'get', path: '/lists/{id}', auth: 'bearer' },
  updateList: { method: 'put', path: '/lists/{id}', auth: 'bearer' },
  deleteList: { method: 'delete', path: '/lists/{id}', auth: 'bearer' },
  listContactsOfList: { method: 'get', path: '/lists/{id}/contacts', auth: 'bearer' },
  addContactToList: { method: 'post', path: '/lists/{listId}/contacts/{contactId}', auth: 'bearer' },
  removeContactFromList: { method: 'delete', path: '/lists/{listId}/contacts/{contactId}', auth: 'bearer' },
});
