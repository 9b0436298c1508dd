import { buildOpenApiDocument } from './openapi.js';
import { apiRoutes, errorStatusesOf } from './routes/catalogue.js';
import { authRoutes } from './routes/auth.routes.js';
import { calendarRoutes } from './routes/calendar.routes.js';
import { contactRoutes } from './routes/contacts.routes.js';
import { davRoutes } from './routes/dav.routes.js';
import { gatewayRoutes } from './routes/gateway.routes.js';
import { interactionRoutes } from './routes/interactions.routes.js';
import { listRoutes } from './routes/lists.routes.js';
import { notificationRoutes } from './routes/notifications.routes.js';
import { pathParamsOf, publicPathOf } from './routes/route.js';

const document = buildOpenApiDocument();
const operations = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([key]) => key !== 'servers')
    .map(([method, operation]) => ({ path, method, operation: operation as Record<string, any> })),
);

/** Every `$ref` anywhere below `value`. */
function refsIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refsIn);
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    key === '$ref' && typeof inner === 'string' ? [inner] : refsIn(inner),
  );
}

describe('the route catalogue', () => {
  it('gives each operationId to one feature table (a second one would silently replace the first)', () => {
    const features = [
      gatewayRoutes,
      authRoutes,
      contactRoutes,
      interactionRoutes,
      listRoutes,
      calendarRoutes,
      davRoutes,
      notificationRoutes,
    ];
    const ids = features.flatMap((table) => Object.keys(table));
    expect(new Set(ids).size).toBe(ids.length);
    expect(apiRoutes).toHaveLength(ids.length);
  });

  it('names each operation once, and has one route per method and path', () => {
    const ids = apiRoutes.map((route) => route.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const keys = apiRoutes.map((route) => `${route.method} ${publicPathOf(route)}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('describes only parameters its paths have', () => {
    for (const route of apiRoutes) {
      for (const name of Object.keys(route.pathParams ?? {})) expect(pathParamsOf(route.path)).toContain(name);
    }
  });

  it('answers with success statuses, and errors with error statuses', () => {
    for (const route of apiRoutes) {
      expect(route.answers.length).toBeGreaterThan(0);
      for (const status of errorStatusesOf(route)) expect(status).toBeGreaterThanOrEqual(400);
    }
  });
});

describe('the OpenAPI document', () => {
  it('has one operation per catalogued route, with its id, tag and security', () => {
    expect(operations).toHaveLength(apiRoutes.length);
    for (const route of apiRoutes) {
      const operation = document.paths[route.path]?.[route.method] as Record<string, any>;
      expect(operation).toMatchObject({ operationId: route.operationId, tags: [route.service] });
      expect(operation.security).toEqual(
        { bearer: [{ bearerAuth: [] }], basic: [{ appPassword: [] }], none: [] }[route.auth],
      );
    }
  });

  it('serves /api routes from /api and the others from the site root', () => {
    expect(document.servers).toEqual([expect.objectContaining({ url: '/api' })]);
    for (const route of apiRoutes.filter((candidate) => candidate.root)) {
      expect(document.paths[route.path]!.servers).toEqual([{ url: '/' }]);
    }
  });

  it('declares every path parameter of every operation', () => {
    for (const { path, operation } of operations) {
      const declared = (operation.parameters ?? [])
        .filter((parameter: { in: string }) => parameter.in === 'path')
        .map((parameter: { name: string }) => parameter.name);
      expect(declared).toEqual(pathParamsOf(path));
    }
  });

  it('gives every error the error envelope, and every bearer route a 401 and proxied route a 503 and 504', () => {
    for (const route of apiRoutes) {
      const { responses } = document.paths[route.path]![route.method] as Record<string, any>;
      for (const status of errorStatusesOf(route)) {
        expect(responses[status].content['application/json'].schema).toEqual({
          $ref: '#/components/schemas/ErrorEnvelope',
        });
      }
      if (route.auth === 'bearer') expect(responses).toHaveProperty('401');
      if (route.service !== 'gateway') expect(Object.keys(responses)).toEqual(expect.arrayContaining(['503', '504']));
    }
  });

  it('takes request bodies and queries from the schemas the controllers validate with', () => {
    const register = document.paths['/auth/register']!.post as Record<string, any>;
    expect(register.requestBody.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/RegisterRequest',
    });
    expect(document.components.schemas.RegisterRequest).toMatchObject({
      required: ['firstName', 'lastName', 'email', 'password'],
      properties: { password: { type: 'string', minLength: 6 } },
    });
    const contacts = document.paths['/contacts']!.get as Record<string, any>;
    expect(contacts.parameters).toContainEqual(
      expect.objectContaining({ name: 'limit', in: 'query', schema: expect.objectContaining({ maximum: 1000 }) }),
    );
  });

  it('resolves every $ref, and keeps no JSON Schema ids that OpenAPI would misread', () => {
    for (const ref of refsIn(document)) {
      expect(ref).toMatch(/^#\/components\/schemas\//);
      expect(document.components.schemas).toHaveProperty([ref.slice('#/components/schemas/'.length)]);
    }
    for (const schema of Object.values(document.components.schemas)) {
      expect(schema).not.toHaveProperty('$id');
      expect(schema).not.toHaveProperty('$schema');
    }
  });
});
