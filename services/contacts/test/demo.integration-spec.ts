import { DEMO_ACCOUNT } from '@kith/contracts';
import { startTestStack, type TestStack } from '@kith/stack/testing';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({ services: ['auth', 'contacts', 'gateway'], env: { SEED_DEMO: 'true' } });
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

/** The API as the demo account (signed in afresh). */
async function demoApi() {
  const login = await fetch(`${stack.gatewayUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password }),
  });
  const { data } = (await login.json()) as { data: { tokens: { accessToken: string } } };
  return async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${stack.gatewayUrl}/api${path}`, {
      method,
      headers: {
        authorization: `Bearer ${data.tokens.accessToken}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    expect(response.status).toBeLessThan(300);
    const text = await response.text();
    return text ? (JSON.parse(text) as { data: any }).data : null;
  };
}

async function demoGet(path: string) {
  return (await demoApi())('GET', path);
}

describe('demo data', () => {
  it('gives the demo account lists, contacts and interactions in every reminder state', async () => {
    const lists = await demoGet('/lists');
    expect(lists.map((list: { name: string; reminderDays: number }) => [list.name, list.reminderDays])).toEqual([
      ['Acquaintances', 180],
      ['Best Friends', 30],
      ['Family', 60],
      ['Work', 90],
    ]);
    const contacts = await demoGet('/contacts?limit=100');
    expect(contacts.totalItems).toBe(15);
    const overdue = contacts.items.filter((contact: { isOverdue: boolean }) => contact.isOverdue);
    const recent = contacts.items.filter(
      (contact: { daysSinceLastContact: number | null }) =>
        contact.daysSinceLastContact != null && contact.daysSinceLastContact <= 7,
    );
    expect(overdue.length).toBeGreaterThanOrEqual(3);
    expect(recent.length).toBeGreaterThanOrEqual(2);
    const maya = contacts.items.find((contact: { firstName: string }) => contact.firstName === 'Maya');
    const log = await demoGet(`/contacts/${maya._id}/communications`);
    expect(log.totalItems).toBe(2);
    expect(log.items[0].timestamp).toBe(maya.lastContactDate);
  });

  it("undoes visitors' edits when the service starts, and then every DEMO_RESET_INTERVAL_MS", async () => {
    const visitor = await demoApi();
    const before = await demoGet('/contacts?limit=100&sortBy=name');
    const names = (page: { items: { firstName: string; lastName: string }[] }) =>
      page.items.map((contact) => `${contact.firstName} ${contact.lastName}`).sort();

    // A visitor deletes a contact, adds one and renames a list.
    await visitor('DELETE', `/contacts/${before.items[0]._id}`);
    await visitor('POST', '/contacts', { firstName: 'Visitor', lastName: 'Was Here' });
    const [firstList] = await demoGet('/lists');
    await visitor('PUT', `/lists/${firstList._id}`, {
      name: 'Renamed by a visitor',
      reminderDays: 7,
      color: '#ef4444',
    });
    expect(names(await demoGet('/contacts?limit=100'))).toContain('Visitor Was Here');

    await stack.stopService('contacts');
    await stack.startService('contacts');
    const restored = await demoGet('/contacts?limit=100');
    expect(names(restored)).toEqual(names(before));
    expect((await demoGet('/lists')).map((list: { name: string }) => list.name).sort()).toEqual([
      'Acquaintances',
      'Best Friends',
      'Family',
      'Work',
    ]);

    // With a short interval the restore also happens while the service runs.
    await stack.stopService('contacts');
    await stack.startService('contacts', { env: { DEMO_RESET_INTERVAL_MS: '1500' } });
    await visitor('POST', '/contacts', { firstName: 'Second', lastName: 'Visitor' });
    expect(names(await demoGet('/contacts?limit=100'))).toContain('Second Visitor');
    const deadline = Date.now() + 15_000;
    while (names(await demoGet('/contacts?limit=100')).includes('Second Visitor')) {
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(names(await demoGet('/contacts?limit=100'))).toEqual(names(before));
  }, 60_000);
});
