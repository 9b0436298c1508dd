import { z } from 'zod';
import { healthReportSchema } from '../../entities.js';
import { API_DOCS_ASSETS } from './api-docs.js';
import type { gatewayRoutes } from './gateway.routes.js';
import { type RouteSchemasOf } from './route.schemas.js';

export const gatewayRouteSchemas = {
  getHealth: {
    summary: 'Health of every part of the stack',
    description: "The gateway's NATS link and each service with its database and NATS link.",
    answers: [
      { status: 200, description: 'Everything is up', json: healthReportSchema },
      { status: 503, description: 'Something is down (the report says what)', json: healthReportSchema },
    ],
  },
  getLiveness: {
    summary: 'Liveness of the gateway process alone',
    answers: [{ status: 200, description: 'The process answers', json: z.object({ status: z.literal('ok') }) }],
  },
  getOpenApiDocument: {
    summary: 'This document (OpenAPI 3.1)',
    answers: [
      {
        status: 200,
        description: 'The OpenAPI document',
        json: z.looseObject({ openapi: z.string(), info: z.looseObject({}), paths: z.looseObject({}) }),
      },
    ],
  },
  getApiDocs: {
    summary: 'This document, browsable (Swagger UI)',
    answers: [{ status: 200, description: 'The docs page', media: ['text/html'] }],
  },
  getApiDocsAsset: {
    summary: "The docs page's scripts and styles, served by Kith itself",
    pathParams: { file: z.enum(API_DOCS_ASSETS) },
    answers: [{ status: 200, description: 'The file', media: ['text/javascript', 'text/css'] }],
    errors: [[404, 'Not one of the docs files (NOT_FOUND)']],
  },
  getAppConfig: {
    summary: "The web app's runtime configuration: where each front-end remote is published",
    answers: [
      {
        status: 200,
        description: 'The remotes’ manifest URLs',
        json: z.object({ remotes: z.object({ dashboard: z.string(), contacts: z.string(), lists: z.string() }) }),
      },
    ],
  },
  findCardDavServer: {
    summary: 'CardDAV bootstrap (RFC 6764): redirects to /dav/',
    description: 'Any method is redirected.',
    answers: [{ status: 301, description: 'Moved to /dav/', media: ['text/plain'], headers: { location: '/dav/' } }],
  },
} satisfies RouteSchemasOf<typeof gatewayRoutes>;
