import { IMPORT_ALLOWED_EXTENSIONS, IMPORT_FILE_FIELD, IMPORT_MAX_FILE_BYTES } from '../../constants.js';
import {
  contactResponseSchema,
  contactSchema,
  contactSectionsResponseSchema,
  importConfirmResultSchema,
  importParseResultSchema,
  itemsSchema,
  pagedSchema,
  upcomingBirthdaySchema,
} from '../../entities.js';
import {
  birthdaysQuerySchema,
  contactInputSchema,
  contactQuerySchema,
  contactSectionsQuerySchema,
  contactUpdateSchema,
  importConfirmSchema,
  pageQuerySchema,
  scheduleReminderSchema,
  snoozeSchema,
} from '../../validation.js';
import { vcardExportQuerySchema } from '../../vcard.js';
import type { contactRoutes } from './contacts.routes.js';
import { type RouteSchemasOf, message } from './route.schemas.js';

export const contactRouteSchemas = {
  listContacts: {
    summary: 'A page of contacts, searched, filtered and sorted',
    query: contactQuerySchema,
    answers: [{ status: 200, data: pagedSchema(contactSchema) }],
    errors: [[404, 'The list in `listId` does not exist (NOT_FOUND)']],
  },
  listOverdueContacts: {
    summary: 'A page of overdue contacts, most overdue first',
    query: pageQuerySchema,
    answers: [{ status: 200, data: pagedSchema(contactSchema) }],
  },
  listUpcomingBirthdays: {
    summary: 'Birthdays from today through `withinDays` days later, soonest first',
    query: birthdaysQuerySchema,
    answers: [{ status: 200, data: itemsSchema(upcomingBirthdaySchema) }],
  },
  listContactSections: {
    summary: 'Contact counts per list, for the contacts screen grouped by list',
    query: contactSectionsQuerySchema,
    answers: [{ status: 200, data: contactSectionsResponseSchema }],
  },
  createContact: {
    summary: 'Create a contact',
    body: contactInputSchema,
    answers: [{ status: 201, data: contactSchema }],
    errors: [[404, 'The list does not exist (NOT_FOUND)']],
  },
  getContact: {
    summary: 'A contact',
    answers: [{ status: 200, data: contactSchema }],
  },
  updateContact: {
    summary: 'Change a contact (only the given fields)',
    body: contactUpdateSchema,
    answers: [{ status: 200, data: contactSchema }],
  },
  deleteContact: {
    summary: 'Delete a contact and its interactions',
    answers: [message()],
  },
  scheduleReminder: {
    summary: 'Schedule a reminder about a contact',
    body: scheduleReminderSchema,
    answers: [{ status: 200, data: contactResponseSchema }],
  },
  snoozeContact: {
    summary: 'Leave a contact out of reminder e-mails until a date',
    body: snoozeSchema,
    answers: [{ status: 200, data: contactResponseSchema }],
  },
  unsnoozeContact: {
    summary: 'End a snooze',
    answers: [{ status: 200, data: contactResponseSchema }],
  },
  exportContactsVcf: {
    summary: 'Every contact (or one list) as a vCard file',
    query: vcardExportQuerySchema,
    answers: [{ status: 200, description: 'The vCard file, streamed', media: ['text/vcard'] }],
    errors: [[404, 'The list does not exist (NOT_FOUND)']],
  },
  parseImport: {
    summary: 'Read a vCard file and preview its contacts (nothing is stored)',
    upload: {
      field: IMPORT_FILE_FIELD,
      description: `One ${IMPORT_ALLOWED_EXTENSIONS.join(' or ')} file of at most ${IMPORT_MAX_FILE_BYTES} bytes`,
    },
    answers: [{ status: 200, data: importParseResultSchema }],
  },
  confirmImport: {
    summary: 'Store the chosen contacts of an import, skipping duplicates, in one transaction',
    body: importConfirmSchema,
    answers: [{ status: 200, data: importConfirmResultSchema }],
    errors: [[404, 'The list does not exist (NOT_FOUND)']],
  },
} satisfies RouteSchemasOf<typeof contactRoutes>;
