import {
  contactInputSchema,
  contactQuerySchema,
  importConfirmSchema,
  listInputSchema,
  logCommunicationSchema,
  loginSchema,
  ValidationMessage,
} from './validation.js';

const firstIssue = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  result.error?.issues[0];

describe('loginSchema', () => {
  it('requires email and password with the spec messages', () => {
    const result = loginSchema.safeParse({ email: '', password: '' });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(
      expect.arrayContaining([ValidationMessage.EMAIL_REQUIRED, ValidationMessage.PASSWORD_REQUIRED]),
    );
  });
  it('accepts the loose email pattern and normalises case', () => {
    expect(loginSchema.parse({ email: 'Ann@Example', password: 'secret' }).email).toBe('ann@example');
    expect(firstIssue(loginSchema.safeParse({ email: 'ann example', password: 'secret' }))?.message).toBe(
      ValidationMessage.EMAIL_INVALID,
    );
  });
  it('needs 6 password characters', () => {
    expect(firstIssue(loginSchema.safeParse({ email: 'a@b', password: '12345' }))?.message).toBe(
      'Password must be at least 6 characters',
    );
  });
});

describe('contactInputSchema', () => {
  it('requires first and last names', () => {
    const issues = contactInputSchema.safeParse({ firstName: ' ', lastName: '' }).error?.issues ?? [];
    expect(issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['firstName', 'First name is required'],
      ['lastName', 'Last name is required'],
    ]);
  });
  it.each([
    [0, 'Must be at least 1 day'],
    [366, 'Must be less than 365 days'],
  ])('refuses customReminderDays %i', (days, message) => {
    const result = contactInputSchema.safeParse({ firstName: 'A', lastName: 'B', customReminderDays: days });
    expect(firstIssue(result)).toMatchObject({ path: ['customReminderDays'], message });
  });
  it('accepts 1 and 365 days and turns blank optional text into null', () => {
    expect(
      contactInputSchema.parse({ firstName: 'A', lastName: 'B', customReminderDays: 1, notes: '  ' }),
    ).toMatchObject({
      customReminderDays: 1,
      notes: null,
      email: null,
    });
    expect(
      contactInputSchema.parse({ firstName: 'A', lastName: 'B', customReminderDays: 365 }).customReminderDays,
    ).toBe(365);
  });
});

describe('listInputSchema', () => {
  it('requires a name and a hex colour', () => {
    expect(firstIssue(listInputSchema.safeParse({ name: '' }))?.path).toEqual(['name']);
    expect(firstIssue(listInputSchema.safeParse({ name: 'x', color: 'blue' }))?.path).toEqual(['color']);
  });
});

describe('logCommunicationSchema', () => {
  it('refuses a timestamp in the future and an unknown type', () => {
    const future = new Date(Date.now() + 2 * 86_400_000).toISOString();
    expect(
      firstIssue(logCommunicationSchema.safeParse({ contactId: 'c', type: 'EMAIL', timestamp: future }))?.path,
    ).toEqual(['timestamp']);
    expect(
      firstIssue(logCommunicationSchema.safeParse({ contactId: 'c', type: 'FAX', timestamp: new Date().toISOString() }))
        ?.path,
    ).toEqual(['type']);
  });
});

describe('contactQuerySchema', () => {
  it('applies defaults and bounds the limit', () => {
    expect(contactQuerySchema.parse({})).toMatchObject({ page: 1, limit: 20, sortBy: 'name', sortOrder: 'asc' });
    expect(contactQuerySchema.safeParse({ limit: '1001' }).success).toBe(false);
    expect(contactQuerySchema.safeParse({ limit: '0' }).success).toBe(false);
    expect(contactQuerySchema.parse({ limit: '1000', filter: 'overdue' })).toMatchObject({
      limit: 1000,
      filter: 'overdue',
    });
  });
});

describe('ids in bodies and queries (one rule, lower-cased by the schema)', () => {
  const upper = '3F2504E0-4F89-41D3-9A0C-0305E82C3301';
  const lower = upper.toLowerCase();

  it('hands services the lower-case id of a contact body, a query and an import', () => {
    expect(contactInputSchema.parse({ firstName: 'A', lastName: 'B', listId: upper }).listId).toBe(lower);
    expect(contactQuerySchema.parse({ listId: upper }).listId).toBe(lower);
    expect(importConfirmSchema.parse({ listId: upper, contacts: [{ firstName: 'A', listId: upper }] })).toMatchObject({
      listId: lower,
      contacts: [{ listId: lower }],
    });
  });

  it("treats '' and null as no list, and 'none' in a query as the contacts without a list", () => {
    expect(contactInputSchema.parse({ firstName: 'A', lastName: 'B', listId: '' }).listId).toBeNull();
    expect(contactInputSchema.parse({ firstName: 'A', lastName: 'B', listId: null }).listId).toBeNull();
    expect(contactQuerySchema.parse({ listId: 'none' }).listId).toBe('none');
  });

  it('refuses anything else with a 400 naming listId', () => {
    const body = contactInputSchema.safeParse({ firstName: 'A', lastName: 'B', listId: "1' OR '1'='1" });
    expect(body.error?.issues[0]).toMatchObject({ path: ['listId'], message: 'listId must be an id' });
    const query = contactQuerySchema.safeParse({ listId: 'abc' });
    expect(query.error?.issues[0]).toMatchObject({ path: ['listId'], message: 'listId must be an id' });
  });
});
