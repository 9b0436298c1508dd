import type { z } from 'zod';
import { deleteAccountSchema } from './account.js';
import { CONTROL_CHARACTERS_MESSAGE, type TextKind } from './rules/control-characters.js';
import {
  appPasswordCreateSchema,
  communicationUpdateSchema,
  contactInputSchema,
  contactQuerySchema,
  contactUpdateSchema,
  forgotPasswordSchema,
  importConfirmSchema,
  listInputSchema,
  logCommunicationSchema,
  logContactSchema,
  loginSchema,
  refreshTokenSchema,
  registerSchema,
  resetPasswordSchema,
  scheduleReminderSchema,
  snoozeSchema,
  webhookSettingsSchema,
} from './validation.js';

const today = new Date().toISOString();
const tomorrow = new Date(Date.now() + 86_400_000).toISOString();

/** Each request schema with a valid body, and every text field in it (a path into the body) with its kind. */
const schemas: [string, z.ZodType, Record<string, unknown>, Record<string, TextKind>][] = [
  [
    'register',
    registerSchema,
    { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.test', password: 'secret-1' },
    { firstName: 'singleLine', lastName: 'singleLine', email: 'singleLine', password: 'singleLine' },
  ],
  [
    'login',
    loginSchema,
    { email: 'ann@example.test', password: 'secret-1' },
    { email: 'singleLine', password: 'singleLine' },
  ],
  ['refresh', refreshTokenSchema, { refreshToken: 'token' }, { refreshToken: 'singleLine' }],
  ['forgot password', forgotPasswordSchema, { email: 'ann@example.test' }, { email: 'singleLine' }],
  [
    'reset password',
    resetPasswordSchema,
    { token: 'token', password: 'secret-1' },
    { token: 'singleLine', password: 'singleLine' },
  ],
  ['delete account', deleteAccountSchema, { password: 'secret-1' }, { password: 'singleLine' }],
  ['app password', appPasswordCreateSchema, { name: 'Phone' }, { name: 'singleLine' }],
  ...[contactInputSchema, contactUpdateSchema].map(
    (schema): [string, z.ZodType, Record<string, unknown>, Record<string, TextKind>] => [
      'contact',
      schema,
      {
        firstName: 'Ann',
        lastName: 'Lee',
        email: 'ann@example.test',
        phoneNumber: '123',
        notes: 'n',
        company: 'c',
        jobTitle: 'j',
        address: 'a',
        website: 'https://example.test',
        birthday: '1985-03-12',
        lastContactDate: today,
        phones: [{ label: 'work', value: '456' }],
        emails: [{ label: 'home', value: 'b@example.test' }],
      },
      {
        firstName: 'singleLine',
        lastName: 'singleLine',
        email: 'singleLine',
        phoneNumber: 'singleLine',
        notes: 'multiLine',
        company: 'singleLine',
        jobTitle: 'singleLine',
        address: 'multiLine',
        website: 'singleLine',
        birthday: 'singleLine',
        lastContactDate: 'singleLine',
        'phones.0.label': 'singleLine',
        'phones.0.value': 'singleLine',
        'emails.0.label': 'singleLine',
        'emails.0.value': 'singleLine',
      },
    ],
  ),
  ['log contact', logContactSchema, { notes: 'n' }, { notes: 'multiLine' }],
  [
    'log communication',
    logCommunicationSchema,
    { contactId: 'c', type: 'EMAIL', timestamp: today, notes: 'n' },
    { contactId: 'singleLine', timestamp: 'singleLine', notes: 'multiLine' },
  ],
  [
    'edit communication',
    communicationUpdateSchema,
    { timestamp: today, notes: 'n' },
    { timestamp: 'singleLine', notes: 'multiLine' },
  ],
  [
    'schedule reminder',
    scheduleReminderSchema,
    { reminderDate: tomorrow, notes: 'n' },
    { reminderDate: 'singleLine', notes: 'multiLine' },
  ],
  ['snooze', snoozeSchema, { until: tomorrow }, { until: 'singleLine' }],
  ['list', listInputSchema, { name: 'Friends', description: 'd' }, { name: 'singleLine', description: 'multiLine' }],
  ['contacts query', contactQuerySchema, { search: 'ann' }, { search: 'singleLine' }],
  [
    'import confirm',
    importConfirmSchema,
    {
      contacts: [
        { firstName: 'Ann', lastName: 'Lee', email: 'a@example.test', phoneNumber: '1', notes: 'n', address: 'a' },
      ],
    },
    {
      'contacts.0.firstName': 'singleLine',
      'contacts.0.lastName': 'singleLine',
      'contacts.0.email': 'singleLine',
      'contacts.0.phoneNumber': 'singleLine',
      'contacts.0.notes': 'multiLine',
      'contacts.0.address': 'multiLine',
    },
  ],
  ['webhook', webhookSettingsSchema, { url: 'https://example.test/hook' }, { url: 'singleLine' }],
];

/** The body with `suffix` appended to the text at `path`. */
function withSuffix(body: Record<string, unknown>, path: string, suffix: string): Record<string, unknown> {
  const copy = structuredClone(body);
  const keys = path.split('.');
  let holder = copy as Record<string, unknown>;
  for (const key of keys.slice(0, -1)) holder = holder[key] as Record<string, unknown>;
  const last = keys.at(-1)!;
  holder[last] = `${String(holder[last])}x${suffix}y`;
  return copy;
}

describe('every text field refuses control characters (one rule, named field)', () => {
  const refusedEverywhere = ['\u0000', '\u0001', '\u0008', '\u000b', '\u000c', '\u001b', '\u001f', '\u007f'];
  const lineBreaks = ['\t', '\n', '\r'];

  it.each(schemas)('%s: the valid body passes', (_name, schema, body) => {
    expect(schema.safeParse(body).error?.issues ?? []).toEqual([]);
  });

  it.each(schemas)('%s: refuses control characters and names the field', (_name, schema, body, fields) => {
    for (const [path, kind] of Object.entries(fields)) {
      const refused = kind === 'singleLine' ? [...refusedEverywhere, ...lineBreaks] : refusedEverywhere;
      for (const character of refused) {
        const issues = schema.safeParse(withSuffix(body, path, character)).error?.issues ?? [];
        expect({ path, character, issues: issues.map((issue) => [issue.path.join('.'), issue.message]) }).toEqual({
          path,
          character,
          issues: [[path, CONTROL_CHARACTERS_MESSAGE]],
        });
      }
    }
  });

  it.each(schemas)('%s: multi-line text keeps tab and line breaks', (_name, schema, body, fields) => {
    for (const [path, kind] of Object.entries(fields)) {
      if (kind !== 'multiLine') continue;
      for (const character of lineBreaks)
        expect(schema.safeParse(withSuffix(body, path, character)).success).toBe(true);
    }
  });
});
