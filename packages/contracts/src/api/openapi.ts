import { z } from 'zod';
import { accountExportSchema } from '../account.js';
import { STEP_UP_HEADER } from '../step-up.js';
import * as entities from '../entities.js';
import { apiFailureSchema, apiSuccessSchema, fieldErrorSchema } from './envelope.schemas.js';
import {
  type ApiRoute,
  apiRoutes,
  ERROR_STATUS_DESCRIPTIONS,
  errorStatusesOf,
  internalRoutes,
} from './routes/catalogue.js';
import { type ApiService, pathParamsOf } from './routes/route.js';
import type { ApiAnswer } from './routes/route.schemas.js';

/**
 * Generates the OpenAPI 3.1 document from the route catalogue and the zod schemas (zod's own
 * JSON Schema 2020-12 output, which is OpenAPI 3.1's dialect). Nothing here is written by hand
 * twice: a schema change in @kith/contracts is a document change.
 */

type JsonSchema = Record<string, unknown>;
export type OpenApiDocument = {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: { url: string; description?: string }[];
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, unknown>>;
  components: {
    schemas: Record<string, JsonSchema>;
    securitySchemes: Record<string, JsonSchema>;
  };
};

/** Response shapes that get a name in components.schemas (and a `$ref` wherever they appear). */
const NAMED_SCHEMAS: Record<string, z.ZodType> = {
  ErrorEnvelope: apiFailureSchema,
  FieldError: fieldErrorSchema,
  User: entities.userSchema,
  AuthTokens: entities.authTokensSchema,
  AuthResponse: entities.authResponseSchema,
  ResetPasswordResponse: entities.resetPasswordResponseSchema,
  Message: entities.messageResponseSchema,
  Contact: entities.contactSchema,
  ListSummary: entities.listSummarySchema,
  LabeledValue: entities.labeledValueSchema,
  ContactResponse: entities.contactResponseSchema,
  ContactList: entities.contactListSchema,
  ListMembership: entities.listMembershipResponseSchema,
  ContactSection: entities.contactSectionSchema,
  ContactSections: entities.contactSectionsResponseSchema,
  Communication: entities.communicationSchema,
  LogContactResponse: entities.logContactResponseSchema,
  CommunicationDeleted: entities.communicationDeletedSchema,
  ParsedImportContact: entities.parsedImportContactSchema,
  ImportParseResult: entities.importParseResultSchema,
  ImportConfirmResult: entities.importConfirmResultSchema,
  UpcomingBirthday: entities.upcomingBirthdaySchema,
  UpcomingContact: entities.upcomingContactSchema,
  NotificationSettings: entities.notificationSettingsSchema,
  NotificationStats: entities.notificationStatsSchema,
  TriggerDailyResult: entities.triggerDailyResultSchema,
  WebhookSettings: entities.webhookSettingsResponseSchema,
  WebhookDelivery: entities.webhookDeliverySchema,
  EmailActionPreview: entities.emailActionPreviewSchema,
  EmailActionResult: entities.emailActionResultSchema,
  CalendarFeedStatus: entities.calendarFeedStatusSchema,
  CalendarFeedUrl: entities.calendarFeedUrlSchema,
  AppPassword: entities.appPasswordSchema,
  CreatedAppPassword: entities.createdAppPasswordSchema,
  Session: entities.sessionSchema,
  Invitation: entities.invitationSchema,
  RevokedCredentials: entities.revokedCredentialsSchema,
  AccountExport: accountExportSchema,
  HealthReport: entities.healthReportSchema,
};

const TAGS: Record<ApiService, string> = {
  gateway: 'The public entry: health, this document, the web app configuration',
  auth: 'Accounts, sessions, password reset, app passwords, account export and erasure',
  contacts: 'Contacts, interactions, lists, import and export, calendar feed, CardDAV',
  notifications: 'Reminder e-mails, their settings, webhooks, one-click e-mail links',
};

const DESCRIPTION = `The HTTP API of Kith, as the gateway serves it.

- **Success**: \`{"success": true, "data": …}\`, except where an answer says it is bare JSON or another medium.
- **Errors**: \`{"success": false, "error": "<message for people>", "code": "<MACHINE_CODE>", "details"?: [{field, message}]}\` (schema \`ErrorEnvelope\`), with the HTTP status of its code.
- **Auth**: an access token from \`/auth/login\` or \`/auth/register\` as \`Authorization: Bearer …\` (15 minutes; renew with \`/auth/refresh\`). CardDAV takes an app password over HTTP Basic.
- Ids are uuids, exposed as \`_id\`; dates are ISO 8601 strings in UTC.`;

/** The routes the gateway does not expose, by method and path, with the processes that answer them. */
function internalRoutesLine(): string {
  const byRoute = new Map<string, string[]>();
  for (const { service, method, path } of internalRoutes) {
    const key = `${method.toUpperCase()} ${path}`;
    byRoute.set(key, [...(byRoute.get(key) ?? []), service]);
  }
  const list = [...byRoute].map(([route, services]) => `\`${route}\` (${services.join(', ')})`).join(', ');
  return `\n- Not exposed by the gateway, each on the process's own port: ${list}.`;
}

const STATUS_TEXT: Record<number, string> = { 200: 'OK', 201: 'Created', 204: 'No content' };
const pascal = (name: string) => name[0]!.toUpperCase() + name.slice(1);
const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });

/** Formats say what the long patterns zod adds say (uuids, dates); integer bounds of ±2^53 say nothing. */
function tidy({ jsonSchema }: { jsonSchema: JsonSchema }): void {
  if (['uuid', 'date-time', 'date'].includes(jsonSchema.format as string)) delete jsonSchema.pattern;
  if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
  if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
}

/** Named schemas of one direction (`input` for requests, `output` for answers), converted together. */
class SchemaSet {
  private readonly registry = z.registry<{ id: string }>();
  private readonly ids = new Map<z.ZodType, string>();
  private readonly names = new Set<string>();

  constructor(private readonly io: 'input' | 'output') {}

  /** The `$ref` of `schema`, named `id` unless it already has a name. */
  ref(schema: z.ZodType, id: string) {
    let name = this.ids.get(schema);
    if (!name) {
      if (this.names.has(id)) throw new Error(`Two schemas named ${id}`);
      name = id;
      this.names.add(name);
      this.ids.set(schema, name);
      this.registry.add(schema, { id: name });
    }
    return ref(name);
  }

  toJsonSchemas(): Record<string, JsonSchema> {
    const { schemas } = z.toJSONSchema(this.registry, {
      target: 'draft-2020-12',
      io: this.io,
      uri: (id) => `#/components/schemas/${id}`,
      override: tidy,
    });
    for (const schema of Object.values(schemas)) {
      delete schema.$schema;
      delete schema.$id;
    }
    return schemas as Record<string, JsonSchema>;
  }
}

/** One query parameter per property of the query schema, as the controller reads it. */
function queryParameters(query: z.ZodObject) {
  const schema = z.toJSONSchema(query, { target: 'draft-2020-12', io: 'input', override: tidy }) as JsonSchema & {
    properties: Record<string, JsonSchema>;
    required?: string[];
  };
  return Object.entries(schema.properties).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: 'query',
      required: schema.required?.includes(name) ?? false,
      ...(description ? { description } : {}),
      schema: rest,
    };
  });
}

function pathParameters(route: ApiRoute) {
  return pathParamsOf(route.path).map((name) => {
    const given = route.pathParams?.[name];
    const { description, ...schema } = given
      ? (z.toJSONSchema(given, { target: 'draft-2020-12', io: 'input', override: tidy }) as JsonSchema)
      : { type: 'string', format: 'uuid', description: 'An id (anything else is a 404)' };
    delete schema.$schema;
    return { name, in: 'path', required: true, ...(description ? { description } : {}), schema };
  });
}

/** The X-Step-Up header of a route that needs step-up. */
function stepUpParameters(route: ApiRoute) {
  if (!route.stepUp) return [];
  return [
    {
      name: STEP_UP_HEADER,
      in: 'header',
      required: false,
      description:
        'A step-up grant from `POST /auth/step-up` (or give the proof in the body where the body documents `currentPassword`)',
      schema: { type: 'string' },
    },
  ];
}

function answerResponse(answer: ApiAnswer, route: ApiRoute, responses: SchemaSet) {
  const description = answer.description ?? STATUS_TEXT[answer.status] ?? 'OK';
  const name = `${pascal(route.operationId)}${route.answers.length > 1 ? answer.status : ''}`;
  if ('data' in answer) {
    const envelope = apiSuccessSchema(answer.data);
    return { description, content: { 'application/json': { schema: responses.ref(envelope, `${name}Success`) } } };
  }
  if ('json' in answer) {
    return { description, content: { 'application/json': { schema: responses.ref(answer.json, `${name}Body`) } } };
  }
  return {
    description,
    ...(answer.headers
      ? {
          headers: Object.fromEntries(
            Object.entries(answer.headers).map(([header, example]) => [
              header,
              { schema: { type: 'string' }, example },
            ]),
          ),
        }
      : {}),
    ...(answer.media
      ? { content: Object.fromEntries(answer.media.map((media) => [media, { schema: { type: 'string' } }])) }
      : {}),
  };
}

function requestBody(route: ApiRoute, requests: SchemaSet) {
  if (route.body) {
    return {
      // A body whose every field may be left out may be left out altogether.
      required: !route.body.safeParse({}).success,
      content: { 'application/json': { schema: requests.ref(route.body, `${pascal(route.operationId)}Request`) } },
    };
  }
  if (route.upload) {
    return {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: {
              [route.upload.field]: {
                type: 'string',
                format: 'binary',
                contentMediaType: 'text/vcard',
                description: route.upload.description,
              },
            },
            required: [route.upload.field],
          },
        },
      },
    };
  }
  return undefined;
}

const SECURITY = { bearer: [{ bearerAuth: [] }], basic: [{ appPassword: [] }], none: [] };

function operation(route: ApiRoute, requests: SchemaSet, responses: SchemaSet) {
  const ownErrors = new Map(route.errors ?? []);
  const parameters = [
    ...pathParameters(route),
    ...(route.query ? queryParameters(route.query) : []),
    ...stepUpParameters(route),
  ];
  const body = requestBody(route, requests);
  const answered = new Set(route.answers.map((answer) => answer.status));
  return {
    operationId: route.operationId,
    tags: [route.service],
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    security: SECURITY[route.auth],
    ...(parameters.length ? { parameters } : {}),
    ...(body ? { requestBody: body } : {}),
    responses: Object.fromEntries([
      ...route.answers.map((answer) => [String(answer.status), answerResponse(answer, route, responses)]),
      ...errorStatusesOf(route)
        .filter((status) => !answered.has(status))
        .map((status) => [
          String(status),
          {
            description: ownErrors.get(status) ?? ERROR_STATUS_DESCRIPTIONS[status] ?? 'Error',
            content: { 'application/json': { schema: ref('ErrorEnvelope') } },
          },
        ]),
    ]),
  };
}

/** The whole document, for `routes` (every route by default). */
export function buildOpenApiDocument(routes: ApiRoute[] = apiRoutes): OpenApiDocument {
  const requests = new SchemaSet('input');
  const responses = new SchemaSet('output');
  for (const [name, schema] of Object.entries(NAMED_SCHEMAS)) responses.ref(schema, name);

  const paths: OpenApiDocument['paths'] = {};
  for (const route of routes) {
    const item = (paths[route.path] ??= route.root ? { servers: [{ url: '/' }] } : {});
    if (item[route.method]) throw new Error(`Two routes for ${route.method.toUpperCase()} ${route.path}`);
    item[route.method] = operation(route, requests, responses);
  }

  const inputSchemas = requests.toJsonSchemas();
  const outputSchemas = responses.toJsonSchemas();
  const clash = Object.keys(inputSchemas).find((name) => name in outputSchemas);
  if (clash) throw new Error(`Schema name ${clash} is both a request and a response`);

  return {
    openapi: '3.1.0',
    info: { title: 'Kith API', version: '0.1.0', description: DESCRIPTION + internalRoutesLine() },
    servers: [{ url: '/api', description: 'The gateway (paths outside /api say so)' }],
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
    paths,
    components: {
      schemas: { ...outputSchemas, ...inputSchemas },
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'The access token from /auth/login, /auth/register or /auth/refresh',
        },
        appPassword: {
          type: 'http',
          scheme: 'basic',
          description: 'CardDAV: the account e-mail and an app password from POST /auth/app-passwords',
        },
      },
    },
  };
}
