import { routesOf } from './route.js';

/** Interactions: logging one, changing or deleting it, and a contact's timeline. */
export const interactionRoutes = routesOf('contacts', {
  logCommunication: { method: 'post', path: '/communications/log', auth: 'bearer' },
  updateCommunication: { method: 'put', path: '/communications/{id}', auth: 'bearer' },
  deleteCommunication: { method: 'delete', path: '/communications/{id}', auth: 'bearer' },
  listCommunications: { method: 'get', path: '/contacts/{id}/communications', auth: 'bearer' },
  logContact: { method: 'post', path: '/contacts/{id}/log-contact', auth: 'bearer' },
  markContacted: { method: 'patch', path: '/contacts/{id}/mark-contacted', auth: 'bearer' },
});
