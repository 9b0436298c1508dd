import { davPaths } from '@kith/contracts';
import { type RegisteredUser, startTestStack, type TestStack } from '@kith/stack/testing';

/**
 * The CI check for "no input reaches a 500": every text field of every route, through the
 * gateway, with NUL and the other control characters. A 5xx anywhere fails the run and names
 * the route, the field and the character. A new route is one more entry in `routes` below.
 */

/** The characters sent: C0 controls (NUL first), DEL, and the three that multi-line text keeps. */
const CONTROL_CHARACTERS = ['\u0000', '\u0001', '\u0007', '\u0008', '\u000b', '\u000c', '\u001b', '\u001f', '\u007f'];
const LINE_BREAKS = ['\t', '\n', '\r'];

/**
 * How a field treats control characters: `oneLine` refuses them all with a 400 naming the field,
 * `multiLine` (notes, address, description) keeps tab and line breaks, `path` is part of a URL
 * (nothing is named by it: 404), `vcard` is a value in an uploaded card (cleaned and reported).
 */
type FieldKind = 'oneLine' | 'multiLine' | 'path' | 'vcard' | 'davCard';

interface Context {
  user: RegisteredUser;
  contactId: string;
  listId: string;
  communicationId: string;
  appPasswordId: string;
  davAuthorization: string;
  unique: () => string;
}

interface Answer {
  status: number;
  text: string;
}

interface Route {
  name: string;
  fields: Record<string, FieldKind>;
  /** Sends the route's valid request with `value` put into `field`. */
  send: (context: Context, field: string, value: string) => Promise<Answer>;
}

let stack: TestStack;
let context: Context;

const answerOf = async (response: Response): Promise<Answer> => ({
  status: response.status,
  text: await response.text(),
});

/** `base` with `value` at the dotted `path` (through arrays too: `contacts.0.firstName`). */
function withValue(base: unknown, path: string, value: string): unknown {
  const copy = structuredClone(base) as Record<string, unknown>;
  const keys = path.split('.');
  let holder: Record<string, unknown> = copy;
  for (const key of keys.slice(0, -1)) holder = holder[key] as Record<string, unknown>;
  holder[keys.at(-1)!] = value;
  return copy;
}

const bearer = (c: Context) => ({ authorization: `Bearer ${c.user.tokens.accessToken}` });

/** A JSON route: body fields are `body.x`, query parameters `query.x`, path parameters `param.x`. */
function jsonRoute(
  method: string,
  path: string,
  options: {
    fields: Record<string, FieldKind>;
    params?: (c: Context) => Record<string, string>;
    query?: (c: Context) => Record<string, string>;
    body?: (c: Context) => unknown;
    anonymous?: boolean;
  },
): Route {
  return {
    name: `${method} ${path}`,
    fields: options.fields,
    send: async (c, field, value) => {
      const [where, ...rest] = field.split('.');
      const name = rest.join('.');
      const params = { ...options.params?.(c) };
      const query = { ...options.query?.(c) };
      let body = options.body?.(c);
      if (where === 'param') params[name] = value;
      if (where === 'query') query[name] = value;
      if (where === 'body') body = withValue(body, name, value);
      const url = new URL(
        path.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(params[key]!)),
        stack.gatewayUrl,
      );
      for (const [key, text] of Object.entries(query)) url.searchParams.set(key, text);
      const response = await fetch(url, {
        method,
        headers: {
          ...(options.anonymous ? {} : bearer(c)),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return answerOf(response);
    },
  };
}

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString();
const contactBody = () => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.test',
  phoneNumber: '+44 20 7946 0000',
  notes: 'Met at the Analytical Society',
  company: 'Analytical Engines',
  jobTitle: 'Programmer',
  address: '12 St James Square\nLondon',
  website: 'https://example.test/ada',
  birthday: '1815-12-10',
  phones: [{ label: 'work', value: '+44 20 7946 0001' }],
  emails: [{ label: 'home', value: 'ada.home@example.test' }],
});
const contactFields: Record<string, FieldKind> = {
  'body.firstName': 'oneLine',
  'body.lastName': 'oneLine',
  'body.email': 'oneLine',
  'body.phoneNumber': 'oneLine',
  'body.notes': 'multiLine',
  'body.company': 'oneLine',
  'body.jobTitle': 'oneLine',
  'body.address': 'multiLine',
  'body.website': 'oneLine',
  'body.birthday': 'oneLine',
  'body.phones.0.label': 'oneLine',
  'body.phones.0.value': 'oneLine',
  'body.emails.0.label': 'oneLine',
  'body.emails.0.value': 'oneLine',
  'param.id': 'path',
};
const contactQueryFields: Record<string, FieldKind> = {
  'query.search': 'oneLine',
  'query.listId': 'oneLine',
  'query.filter': 'oneLine',
  'query.sortBy': 'oneLine',
  'query.sortOrder': 'oneLine',
  'query.page': 'oneLine',
  'query.limit': 'oneLine',
};
const contactQuery = () => ({ search: 'ada', sortBy: 'name', sortOrder: 'asc', page: '1', limit: '20' });

/** Every character as quoted-printable `=XX`. */
const quotedPrintable = (text: string) =>
  [...Buffer.from(text, 'utf8')].map((byte) => `=${byte.toString(16).padStart(2, '0').toUpperCase()}`).join('');
const card = (fn: string) => `BEGIN:VCARD\r\nVERSION:3.0\r\nFN:${fn}\r\nN:Lovelace;${fn};;;\r\nEND:VCARD\r\n`;

const routes: Route[] = [
  // auth
  jsonRoute('POST', '/api/auth/register', {
    anonymous: true,
    body: (c) => ({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: `${c.unique()}@example.test`,
      password: 'secret-1',
    }),
    fields: {
      'body.firstName': 'oneLine',
      'body.lastName': 'oneLine',
      'body.email': 'oneLine',
      'body.password': 'oneLine',
    },
  }),
  jsonRoute('POST', '/api/auth/login', {
    anonymous: true,
    body: (c) => ({ email: c.user.user.email, password: 'not-the-password' }),
    fields: { 'body.email': 'oneLine', 'body.password': 'oneLine' },
  }),
  jsonRoute('POST', '/api/auth/forgot-password', {
    anonymous: true,
    body: () => ({ email: 'nobody@example.test' }),
    fields: { 'body.email': 'oneLine' },
  }),
  jsonRoute('POST', '/api/auth/reset-password', {
    anonymous: true,
    body: () => ({ token: 'not-a-token', password: 'secret-2', code: '123456' }),
    fields: { 'body.token': 'oneLine', 'body.password': 'oneLine', 'body.code': 'oneLine' },
  }),
  jsonRoute('POST', '/api/auth/reset-password/check', {
    anonymous: true,
    body: () => ({ token: 'not-a-token' }),
    fields: { 'body.token': 'oneLine' },
  }),
  jsonRoute('POST', '/api/auth/refresh', {
    anonymous: true,
    body: () => ({ refreshToken: 'not-a-token' }),
    fields: { 'body.refreshToken': 'oneLine' },
  }),
  jsonRoute('POST', '/api/auth/logout', {
    anonymous: true,
    body: () => ({ refreshToken: 'not-a-token' }),
    fields: { 'body.refreshToken': 'oneLine' },
  }),
  jsonRoute('POST', '/api/auth/login/2fa', {
    anonymous: true,
    body: () => ({ challenge: 'not-a-challenge', code: '123456' }),
    fields: { 'body.challenge': 'oneLine', 'body.code': 'oneLine' },
  }),
  jsonRoute('POST', '/api/auth/login/2fa', {
    anonymous: true,
    body: () => ({ challenge: 'not-a-challenge', recoveryCode: 'abcde-fghij' }),
    fields: { 'body.recoveryCode': 'oneLine' },
  }),
  jsonRoute('POST', '/api/auth/2fa/enable', {
    body: () => ({ code: '123456' }),
    fields: { 'body.code': 'oneLine' },
  }),
  jsonRoute('POST', '/api/auth/2fa/disable', {
    body: () => ({ password: 'not-the-password', code: '123456' }),
    fields: { 'body.password': 'oneLine', 'body.code': 'oneLine' },
  }),
  jsonRoute('POST', '/api/auth/2fa/recovery-codes', {
    body: () => ({ recoveryCode: 'abcde-fghij' }),
    fields: { 'body.recoveryCode': 'oneLine' },
  }),
  jsonRoute('DELETE', '/api/auth/me', {
    body: () => ({ password: 'not-the-password' }),
    fields: { 'body.password': 'oneLine' },
  }),
  jsonRoute('POST', '/api/auth/app-passwords', {
    body: () => ({ name: 'Phone' }),
    fields: { 'body.name': 'oneLine' },
  }),
  jsonRoute('DELETE', '/api/auth/app-passwords/:id', {
    params: (c) => ({ id: c.appPasswordId }),
    fields: { 'param.id': 'path' },
  }),
  // contacts
  jsonRoute('GET', '/api/contacts', { query: contactQuery, fields: contactQueryFields }),
  jsonRoute('GET', '/api/contacts/sections', {
    query: () => ({ search: 'ada' }),
    fields: { 'query.search': 'oneLine', 'query.filter': 'oneLine' },
  }),
  jsonRoute('GET', '/api/contacts/overdue', {
    query: () => ({ page: '1', limit: '10' }),
    fields: { 'query.page': 'oneLine', 'query.limit': 'oneLine' },
  }),
  jsonRoute('GET', '/api/contacts/birthdays', {
    query: () => ({ withinDays: '14' }),
    fields: { 'query.withinDays': 'oneLine' },
  }),
  jsonRoute('GET', '/api/contacts/export.vcf', {
    query: (c) => ({ listId: c.listId, version: '3.0' }),
    fields: { 'query.listId': 'oneLine', 'query.version': 'oneLine' },
  }),
  jsonRoute('POST', '/api/contacts', {
    body: contactBody,
    fields: Object.fromEntries(Object.entries(contactFields).filter(([field]) => field !== 'param.id')),
  }),
  jsonRoute('PUT', '/api/contacts/:id', {
    params: (c) => ({ id: c.contactId }),
    body: contactBody,
    fields: contactFields,
  }),
  jsonRoute('GET', '/api/contacts/:id', { params: (c) => ({ id: c.contactId }), fields: { 'param.id': 'path' } }),
  jsonRoute('POST', '/api/contacts/:id/log-contact', {
    params: (c) => ({ id: c.contactId }),
    body: () => ({ type: 'EMAIL', notes: 'Wrote about the engine' }),
    fields: { 'param.id': 'path', 'body.type': 'oneLine', 'body.notes': 'multiLine' },
  }),
  jsonRoute('POST', '/api/contacts/:id/schedule-reminder', {
    params: (c) => ({ id: c.contactId }),
    body: () => ({ reminderDate: tomorrow(), notes: 'Ask about the notes' }),
    fields: { 'param.id': 'path', 'body.reminderDate': 'oneLine', 'body.notes': 'multiLine' },
  }),
  jsonRoute('POST', '/api/contacts/:id/snooze', {
    params: (c) => ({ id: c.contactId }),
    body: () => ({ until: tomorrow() }),
    fields: { 'param.id': 'path', 'body.until': 'oneLine' },
  }),
  jsonRoute('GET', '/api/contacts/:id/communications', {
    params: (c) => ({ id: c.contactId }),
    query: () => ({ page: '1', limit: '10' }),
    fields: { 'param.id': 'path', 'query.page': 'oneLine', 'query.limit': 'oneLine' },
  }),
  jsonRoute('POST', '/api/communications/log', {
    body: (c) => ({ contactId: c.contactId, type: 'PHONE_CALL', timestamp: new Date().toISOString(), notes: 'Call' }),
    fields: {
      'body.contactId': 'oneLine',
      'body.type': 'oneLine',
      'body.timestamp': 'oneLine',
      'body.notes': 'multiLine',
    },
  }),
  jsonRoute('PUT', '/api/communications/:id', {
    params: (c) => ({ id: c.communicationId }),
    body: () => ({ notes: 'Long call' }),
    fields: { 'param.id': 'path', 'body.notes': 'multiLine' },
  }),
  jsonRoute('POST', '/api/lists', {
    body: () => ({ name: 'Friends', description: 'People I grew up with', color: '#3B82F6' }),
    fields: { 'body.name': 'oneLine', 'body.description': 'multiLine', 'body.color': 'oneLine' },
  }),
  jsonRoute('PUT', '/api/lists/:id', {
    params: (c) => ({ id: c.listId }),
    body: () => ({ name: 'Close friends', description: 'Weekly' }),
    fields: { 'param.id': 'path', 'body.name': 'oneLine', 'body.description': 'multiLine' },
  }),
  jsonRoute('GET', '/api/lists/:id/contacts', {
    params: (c) => ({ id: c.listId }),
    query: contactQuery,
    fields: { 'param.id': 'path', ...contactQueryFields },
  }),
  jsonRoute('POST', '/api/lists/:listId/contacts/:contactId', {
    params: (c) => ({ listId: c.listId, contactId: c.contactId }),
    fields: { 'param.listId': 'path', 'param.contactId': 'path' },
  }),
  jsonRoute('POST', '/api/contacts/import/confirm', {
    body: (c) => ({
      contacts: [
        {
          firstName: 'Charles',
          lastName: c.unique(),
          email: 'charles@example.test',
          phoneNumber: '+44 20 7946 0002',
          notes: 'Imported',
          company: 'Difference Engines',
          jobTitle: 'Inventor',
          address: 'Dorset Street\nLondon',
          website: 'https://example.test/charles',
          birthday: '1791-12-26',
        },
      ],
    }),
    fields: {
      'body.contacts.0.firstName': 'oneLine',
      'body.contacts.0.lastName': 'oneLine',
      'body.contacts.0.email': 'oneLine',
      'body.contacts.0.phoneNumber': 'oneLine',
      'body.contacts.0.notes': 'multiLine',
      'body.contacts.0.company': 'oneLine',
      'body.contacts.0.jobTitle': 'oneLine',
      'body.contacts.0.address': 'multiLine',
      'body.contacts.0.website': 'oneLine',
      'body.contacts.0.birthday': 'oneLine',
    },
  }),
  {
    name: 'POST /api/contacts/import/parse (multipart)',
    fields: { 'file.FN': 'vcard', 'file.quoted-printable N': 'vcard', filename: 'oneLine' },
    send: async (c, field, value) => {
      const form = new FormData();
      const content =
        field === 'file.FN'
          ? card(`Ada${value}`)
          : field === 'file.quoted-printable N'
            ? `BEGIN:VCARD\r\nVERSION:2.1\r\nN;ENCODING=QUOTED-PRINTABLE:Love${quotedPrintable(value)}lace;Ada;;;\r\nEND:VCARD\r\n`
            : card('Ada');
      form.append('vcfFile', new Blob([content]), field === 'filename' ? `contacts${value}.vcf` : 'contacts.vcf');
      return answerOf(
        await fetch(`${stack.gatewayUrl}/api/contacts/import/parse`, {
          method: 'POST',
          headers: bearer(c),
          body: form,
        }),
      );
    },
  },
  // calendar feed and e-mail links: the path is the credential
  jsonRoute('GET', '/api/calendar/:file', {
    anonymous: true,
    params: () => ({ file: `${'a'.repeat(43)}.ics` }),
    fields: { 'param.file': 'path' },
  }),
  jsonRoute('GET', '/api/notifications/actions/:token', {
    anonymous: true,
    params: () => ({ token: 'not-a-token' }),
    fields: { 'param.token': 'path' },
  }),
  jsonRoute('POST', '/api/notifications/actions/:token', {
    anonymous: true,
    params: () => ({ token: 'not-a-token' }),
    fields: { 'param.token': 'path' },
  }),
  // notifications
  jsonRoute('PUT', '/api/notifications/webhook', {
    body: () => ({ url: 'https://example.test/hook', format: 'json' }),
    fields: { 'body.url': 'oneLine', 'body.format': 'oneLine' },
  }),
  // phone sync
  {
    name: 'PUT /dav/…/{card}.vcf',
    fields: { 'card.FN': 'davCard', 'resource name': 'path' },
    send: async (c, field, value) => {
      const name = field === 'resource name' ? `${c.unique()}${value}.vcf` : `${c.unique()}.vcf`;
      const response = await fetch(
        `${stack.gatewayUrl}${davPaths.addressBook(c.user.user._id)}${encodeURIComponent(name)}`,
        {
          method: 'PUT',
          headers: { authorization: c.davAuthorization, 'content-type': 'text/vcard; charset=utf-8' },
          body: card(field === 'card.FN' ? `Ada${value}` : 'Ada'),
        },
      );
      return answerOf(response);
    },
  },
];

beforeAll(async () => {
  stack = await startTestStack();
  const user = await stack.registerUser();
  const headers = { authorization: `Bearer ${user.tokens.accessToken}`, 'content-type': 'application/json' };
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${stack.gatewayUrl}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    // One shape covers what the set-up reads of a list, a contact, a logged call and an app password.
    return ((await response.json()) as { data: { _id: string; password: string; communication: { _id: string } } })
      .data;
  };
  const list = await post('/api/lists', { name: 'Walk' });
  const contact = await post('/api/contacts', { firstName: 'Ada', lastName: 'Lovelace', listId: list._id });
  const logged = await post('/api/communications/log', {
    contactId: contact._id,
    type: 'EMAIL',
    timestamp: new Date().toISOString(),
  });
  const appPassword = await post('/api/auth/app-passwords', { name: 'Walk phone', currentPassword: user.password });
  let counter = 0;
  context = {
    user,
    contactId: contact._id,
    listId: list._id,
    communicationId: logged.communication._id,
    appPasswordId: appPassword._id,
    davAuthorization: `Basic ${Buffer.from(`${user.user.email}:${appPassword.password}`).toString('base64')}`,
    unique: () => `walk${Date.now()}x${(counter += 1)}`,
  };
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

const codePoint = (character: string) => `U+${character.charCodeAt(0).toString(16).padStart(4, '0').toUpperCase()}`;

/** What a field must answer for a character, or null when any answer below 500 will do. */
function expectation(kind: FieldKind, field: string, character: string, answer: Answer): string | null {
  const lineBreak = LINE_BREAKS.includes(character);
  const fieldName = field.split('.').at(-1)!;
  switch (kind) {
    case 'oneLine':
      if (field === 'filename') return null;
      return answer.status === 400 && answer.text.includes(fieldName)
        ? null
        : `expected a 400 naming ${fieldName}, got ${answer.status} ${answer.text.slice(0, 200)}`;
    case 'multiLine':
      if (lineBreak) return null;
      return answer.status === 400 && answer.text.includes(fieldName)
        ? null
        : `expected a 400 naming ${fieldName}, got ${answer.status} ${answer.text.slice(0, 200)}`;
    case 'path':
      return answer.status >= 400 && answer.status < 500 ? null : `expected a 4xx, got ${answer.status}`;
    case 'vcard':
      return answer.status === 200 && answer.text.includes('control characters removed')
        ? null
        : `expected the card cleaned and reported, got ${answer.status} ${answer.text.slice(0, 200)}`;
    case 'davCard':
      return answer.status === 400 ? null : `expected a 400, got ${answer.status} ${answer.text.slice(0, 200)}`;
  }
}

describe('every text field of every route, with control characters (through the gateway)', () => {
  it('never answers 500, and refuses or cleans each character as its field says', async () => {
    const serverErrors: string[] = [];
    const wrongAnswers: string[] = [];
    const probes = routes.flatMap((route) =>
      Object.entries(route.fields).flatMap(([field, kind]) =>
        // Line breaks would split a vCard line: they are not characters *inside* a card's value.
        (kind === 'vcard' || kind === 'davCard' ? CONTROL_CHARACTERS : [...CONTROL_CHARACTERS, ...LINE_BREAKS]).map(
          (character) => ({ route, field, kind, character }),
        ),
      ),
    );
    // A few at a time: the walk is long, and the machine is shared.
    for (let start = 0; start < probes.length; start += 6) {
      await Promise.all(
        probes.slice(start, start + 6).map(async ({ route, field, kind, character }) => {
          const where = `${route.name} ${field} ${codePoint(character)}`;
          const answer = await route.send(context, field, `x${character}y`);
          if (answer.status >= 500) serverErrors.push(`${where} → ${answer.status} ${answer.text.slice(0, 300)}`);
          const wrong = expectation(kind, field, character, answer);
          if (wrong && answer.status < 500) wrongAnswers.push(`${where}: ${wrong}`);
        }),
      );
    }
    console.log(`control-character walk: ${probes.length} requests over ${routes.length} routes`);
    expect(serverErrors).toEqual([]);
    expect(wrongAnswers).toEqual([]);
  }, 600_000);
});
