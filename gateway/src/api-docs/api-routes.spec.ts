import { generateKeyPairSync } from 'node:crypto';
import {
  API_BASE_PATH,
  type ApiRoute,
  apiRoutes,
  buildOpenApiDocument,
  contactSchema,
  publicPathOf,
} from '@kith/contracts';
import { cataloguedNestRoutesOf, httpRoutesOf } from '@kith/nest-kit';
import { apiConformance } from '@kith/stack/testing';
import { AppModule } from '../app.module.js';
import { gatewayEnvSchema } from '../config/gateway.config.js';
import {
  DAV_PREFIX,
  isPublicApiPath,
  LARGE_JSON_PATHS,
  longRunningTimeouts,
  RATE_LIMITED_PATHS,
  upstreamRoutes,
} from '../proxy/routes.js';

const { publicKey } = generateKeyPairSync('ed25519', {
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});
const config = gatewayEnvSchema.parse({
  NATS_URL: 'nats://127.0.0.1:1',
  JWT_PUBLIC_KEY: publicKey,
  AUTH_URL: 'http://auth.test',
  CONTACTS_URL: 'http://contacts.test',
  NOTIFICATIONS_URL: 'http://notifications.test',
});

/** A concrete path for a route template: a uuid, or an example, for each parameter. */
const examplePath = (route: ApiRoute) =>
  publicPathOf(route).replace(/\{([^}]+)\}/g, (_, name: string) =>
    name === 'file' && route.service === 'contacts'
      ? `${'a'.repeat(43)}.ics`
      : name === 'file'
        ? 'api-docs.js'
        : '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
  );

describe('the API route catalogue, held to the gateway', () => {
  it("lists exactly the gateway's own Nest routes", () => {
    const prefix = { prefix: API_BASE_PATH.slice(1) };
    expect(httpRoutesOf(AppModule.forRoot(config), prefix)).toEqual(cataloguedNestRoutesOf('gateway'));
  });

  it('routes every service route to the service that owns it', () => {
    const upstreams = upstreamRoutes(config);
    for (const route of apiRoutes.filter((candidate) => candidate.service !== 'gateway')) {
      const path = examplePath(route);
      const owner = upstreams.find(({ prefix }) => path === prefix || path.startsWith(`${prefix}/`));
      expect({ route: route.operationId, upstream: owner?.upstream }).toEqual({
        route: route.operationId,
        upstream: route.service,
      });
    }
  });

  it('lets through without an access token exactly the routes documented as public', () => {
    for (const route of apiRoutes.filter((candidate) => candidate.service !== 'gateway')) {
      const path = examplePath(route);
      // CardDAV checks its own Basic credentials; the bearer check never applies there.
      if (path.startsWith(DAV_PREFIX)) continue;
      expect({ route: route.operationId, public: isPublicApiPath(path) }).toEqual({
        route: route.operationId,
        public: route.auth === 'none',
      });
    }
  });
});

describe("the gateway's tables, derived from the catalogue", () => {
  const forwarded = apiRoutes.filter((route) => route.service !== 'gateway');
  // Express mounts middleware by path prefix: a limiter at a path also covers the paths below it.
  const limiterCovers = (path: string) =>
    RATE_LIMITED_PATHS.some((limited) => path === limited || path.startsWith(`${limited}/`));

  it('rate-limits exactly the routes documented as rate-limited, each by one limiter', () => {
    for (const route of forwarded) {
      expect({ route: route.operationId, limited: limiterCovers(publicPathOf(route)) }).toEqual({
        route: route.operationId,
        limited: route.rateLimited === true,
      });
    }
    for (const path of RATE_LIMITED_PATHS) {
      expect(RATE_LIMITED_PATHS.filter((other) => path === other || path.startsWith(`${other}/`))).toEqual([path]);
    }
  });

  it('gives the long timeout and the large JSON limit to exactly the routes flagged for them', () => {
    const timeouts = longRunningTimeouts(config);
    for (const route of forwarded) {
      const path = publicPathOf(route);
      expect({ route: route.operationId, timeout: timeouts[path], large: LARGE_JSON_PATHS.has(path) }).toEqual({
        route: route.operationId,
        timeout: route.longRunning ? config.IMPORT_CONFIRM_TIMEOUT_MS : undefined,
        large: route.largeBody === true,
      });
    }
  });

  it('keeps the tokenless paths to the shapes of the public routes', () => {
    expect(isPublicApiPath('/api/auth/login')).toBe(true);
    expect(isPublicApiPath(`/api/calendar/${'a'.repeat(43)}.ics`)).toBe(true);
    expect(isPublicApiPath('/api/notifications/actions/some.signed-token')).toBe(true);
    // Same prefixes, other shapes: the bearer check applies.
    expect(isPublicApiPath('/api/calendar/feed')).toBe(false);
    expect(isPublicApiPath(`/api/calendar/${'a'.repeat(42)}.ics`)).toBe(false);
    expect(isPublicApiPath('/api/auth/login/')).toBe(false);
    expect(isPublicApiPath('/api/auth/me')).toBe(false);
  });
});

describe('the OpenAPI document', () => {
  const document = buildOpenApiDocument();

  it('is OpenAPI 3.1 whose every schema compiles (JSON Schema 2020-12, strict) and every $ref resolves', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(() => apiConformance(document)).not.toThrow();
  });

  it('holds answers to their schemas', () => {
    const sut = apiConformance(document);
    const contact = contactSchema.parse({
      _id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
      userId: '3f2504e0-4f89-41d3-9a0c-0305e82c3302',
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: null,
      phoneNumber: null,
      notes: null,
      birthday: '--12-10',
      company: null,
      jobTitle: null,
      phones: [],
      emails: [{ label: 'work', value: 'ada@example.test' }],
      address: null,
      city: null,
      region: null,
      postalCode: null,
      country: null,
      namePrefix: null,
      website: null,
      listId: null,
      list: null,
      customReminderDays: null,
      keepInTouch: true,
      keptInTouch: true,
      reminderDays: 90,
      lastContactDate: null,
      daysSinceLastContact: null,
      isOverdue: true,
      daysOverdue: null,
      reminderDate: null,
      reminderNotes: null,
      snoozedUntil: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    });
    const answer = (status: number, body: unknown) => ({
      method: 'GET',
      url: '/api/contacts/3f2504e0-4f89-41d3-9a0c-0305e82c3301',
      status,
      contentType: 'application/json; charset=utf-8',
      body,
    });
    expect(sut.check(answer(200, { success: true, data: contact }))).toEqual([]);
    expect(sut.check(answer(404, { success: false, error: 'Contact not found', code: 'NOT_FOUND' }))).toEqual([]);

    expect(sut.check(answer(200, { success: true, data: { ...contact, createdAt: 'yesterday' } }))).toEqual([
      expect.stringContaining('createdAt must match format "date-time"'),
    ]);
    expect(sut.check(answer(200, { success: true, data: { ...contact, secret: 'x' } }))).toEqual([
      expect.stringContaining('must NOT have additional properties'),
    ]);
    expect(sut.check(answer(404, { success: false, error: 'Contact not found', code: 'GONE' }))).toHaveLength(1);
    expect(sut.check(answer(418, null))).toEqual([expect.stringContaining('does not list')]);
    expect(sut.check({ ...answer(200, 'x'), url: '/api/nowhere' })).toEqual([
      'GET /api/nowhere is not in the document (answered 200)',
    ]);
    // An unknown route's plain 404, and WebDAV's own methods, are not the document's to judge.
    expect(
      sut.check({ ...answer(404, { success: false, error: 'Not found', code: 'NOT_FOUND' }), url: '/api/nowhere' }),
    ).toEqual([]);
    expect(sut.check({ ...answer(207, '<multistatus/>'), method: 'PROPFIND', url: '/dav/' })).toEqual([]);
  });

  it('compiles schemas on first use when lazy, with the same verdicts', () => {
    const sut = apiConformance(document, { lazy: true });
    const answer = { method: 'GET', url: '/api/lists', status: 200, contentType: 'application/json' };
    expect(sut.check({ ...answer, body: { success: true, data: [] } })).toEqual([]);
    expect(sut.check({ ...answer, body: { success: true, data: [{ name: 'x' }] } })).toEqual([
      expect.stringContaining("must have required property '_id'"),
    ]);
  });
});
