import { routesOf } from './route.js';

/** Contacts: the pages of the contacts screen, one contact, snooze, and vCard import and export. */
export const contactRoutes = routesOf('contacts', {
  listContacts: { method: 'get', path: '/contacts', auth: 'bearer' },
  listOverdueContacts: { method: 'get', path: '/contacts/overdue', auth: 'bearer' },
  listUpcomingBirthdays: { method: 'get', path: '/contacts/birthdays', auth: 'bearer' },
  listContactSections: { method: 'get', path: '/contacts/sections', auth: 'bearer' },
  createContact: { method: 'post', path: '/contacts', auth: 'bearer' },
  getContact: { method: 'get', path: '/contacts/{id}', auth: 'bearer' },
  updateContact: { method: 'put', path: '/contacts/{id}', auth: 'bearer' },
  deleteContact: { method: 'delete', path: '/contacts/{id}', auth: 'bearer' },
  scheduleReminder: { method: 'post', path: '/contacts/{id}/schedule-reminder', auth: 'bearer' },
  snoozeContact: { method: 'post', path: '/contacts/{id}/snooze', auth: 'bearer' },
  unsnoozeContact: { method: 'delete', path: '/contacts/{id}/snooze', auth: 'bearer' },
  exportContactsVcf: { method: 'get', path: '/contacts/export.vcf', auth: 'bearer' },
  parseImport: { method: 'post', path: '/contacts/import/parse', auth: 'bearer' },
  confirmImport: {
    method: 'post',
    path: '/contacts/import/confirm',
    auth: 'bearer',
    longRunning: true,
    largeBody: true,
  },
});
