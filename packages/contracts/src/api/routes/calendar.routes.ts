import { routesOf } from './route.js';

/** The private calendar feed: turning it on and off, and the feed itself (its token is the credential). */
export const calendarRoutes = routesOf('contacts', {
  getCalendarFeed: { method: 'get', path: '/calendar/feed', auth: 'bearer' },
  createCalendarFeed: { method: 'post', path: '/calendar/feed', auth: 'bearer', stepUp: true },
  deleteCalendarFeed: { method: 'delete', path: '/calendar/feed', auth: 'bearer' },
  getCalendarFeedFile: { method: 'get', path: '/calendar/{file}', auth: 'none' },
});
