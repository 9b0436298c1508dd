import { DEMO_ACCOUNT } from '@kith/contracts';
import { startTestStack, type TestStack } from '../../../scripts/stack/testing.mjs';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({ services: ['auth', 'contacts', 'gateway'], env: { SEED_DEMO: 'true' } });
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

async function demoGet(path: string) {
  const login = await fetch(`${stack.gatewayUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password }),
  });
  const { data } = (await login.json()) as { data: { tokens: { accessToken: string } } };
  const response = await fetch(`${stack.gatewayUrl}/api${path}`, {
    headers: { authorization: `Bearer ${data.tokens.accessToken}` },
  });
  return ((await response.json()) as { data: any }).data;
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

  it('seeds only once: a restart keeps the same data', async () => {
    const before = await demoGet('/contacts?limit=100');
    await stack.stopService('contacts');
    await stack.startService('contacts');
    const after = await demoGet('/contacts?limit=100');
    expect(after.totalItems).toBe(before.totalItems);
    expect((await demoGet('/lists')).length).toBe(4);
  });
});
