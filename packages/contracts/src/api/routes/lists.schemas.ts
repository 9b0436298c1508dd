import { z } from 'zod';
import {
  contactListSchema,
  contactListSummarySchema,
  contactSchema,
  listMembershipResponseSchema,
  pagedSchema,
} from '../../entities.js';
import { contactQuerySchema, listInputSchema, listsQuerySchema, listUpdateSchema } from '../../validation.js';
import type { listRoutes } from './lists.routes.js';
import { type RouteSchemasOf, message } from './route.schemas.js';

export const listRouteSchemas = {
  listLists: {
    summary: "Every list, with its counts (and its members' ids unless `withContactIds=false`)",
    query: listsQuerySchema,
    answers: [
      {
        status: 200,
        data: z.array(
          contactListSummarySchema.extend({
            contactIds: contactListSchema.shape.contactIds
              .optional()
              .meta({ description: "Every member's id, in name order; left out with `withContactIds=false`" }),
          }),
        ),
      },
    ],
  },
  createList: {
    summary: 'Create a list',
    body: listInputSchema,
    answers: [{ status: 201, data: contactListSchema }],
  },
  getList: {
    summary: 'A list',
    answers: [{ status: 200, data: contactListSchema }],
  },
  updateList: {
    summary: 'Change a list (only the given fields)',
    body: listUpdateSchema,
    answers: [{ status: 200, data: contactListSchema }],
  },
  deleteList: {
    summary: 'Delete a list; its contacts stay, without a list',
    answers: [message()],
  },
  listContactsOfList: {
    summary: "A page of a list's contacts",
    query: contactQuerySchema,
    answers: [{ status: 200, data: pagedSchema(contactSchema) }],
  },
  addContactToList: {
    summary: 'Move a contact into a list',
    answers: [{ status: 201, data: listMembershipResponseSchema }],
  },
  removeContactFromList: {
    summary: 'Take a contact out of its list',
    answers: [{ status: 200, data: listMembershipResponseSchema }],
  },
} satisfies RouteSchemasOf<typeof listRoutes>;
