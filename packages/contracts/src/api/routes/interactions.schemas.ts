import {
  communicationDeletedSchema,
  communicationSchema,
  contactResponseSchema,
  logContactResponseSchema,
  pagedSchema,
} from '../../entities.js';
import {
  communicationUpdateSchema,
  logCommunicationSchema,
  logContactSchema,
  pageQuerySchema,
} from '../../validation.js';
import type { interactionRoutes } from './interactions.routes.js';
import { type RouteSchemasOf } from './route.schemas.js';

export const interactionRouteSchemas = {
  logCommunication: {
    summary: 'Log an interaction with a contact at a given time',
    description: 'Moves the last contact date forward only, never back. A time in the future is a 400.',
    body: logCommunicationSchema,
    answers: [{ status: 201, data: logContactResponseSchema }],
    errors: [[404, 'The contact does not exist (NOT_FOUND)']],
  },
  updateCommunication: {
    summary: 'Change a logged interaction',
    body: communicationUpdateSchema,
    answers: [{ status: 200, data: logContactResponseSchema }],
  },
  deleteCommunication: {
    summary: 'Delete a logged interaction',
    answers: [{ status: 200, data: communicationDeletedSchema }],
  },
  listCommunications: {
    summary: "A page of a contact's interactions, newest first",
    query: pageQuerySchema,
    answers: [{ status: 200, data: pagedSchema(communicationSchema) }],
  },
  logContact: {
    summary: 'Log an interaction now',
    body: logContactSchema,
    answers: [{ status: 201, data: logContactResponseSchema }],
  },
  markContacted: {
    summary: 'Set the last contact date to now without logging an interaction',
    answers: [{ status: 200, data: contactResponseSchema }],
  },
} satisfies RouteSchemasOf<typeof interactionRoutes>;
