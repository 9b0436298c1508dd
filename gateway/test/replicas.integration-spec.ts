import { REPLICA_DRAINING_HEADER } from '@kith/contracts';
import { eventually, startTestStack, type TestStack } from '@kith/stack/testing';

type Headers = Record<string, string>;

/** Requests to a contacts replica by route, from its own /metrics (kith_http_request_duration_seconds_count). */
async function contactListRequests(replicaUrl: string): Promise<number> {
  const text = await (await fetch(`${replicaUrl}/metrics`)).text();
  return text
    .split('\n')
    .filter((line) => line.startsWith('kith_http_request_duration_seconds_count') && line.includes('method="GET"'))
    .filter((line) => line.includes('route="/api/contacts"'))
    .reduce((sum, line) => sum + Number(line.split(' ').pop()), 0);
}

/**
 * Runs `workers` loops of `step` until `until` settles (bounded by `maxSteps` each), and returns
 * every failed answer (any status but the one the step expects, or no answer at all).
 */
async function steadyLoad(
  workers: number,
  step: (worker: number, index: number) => Promise<{ ok: boolean; what: string }>,
  until: Promise<unknown>,
  maxSteps = 5_000,
): Promise<{ done: number; failures: string[] }> {
  let finished = false;
  void until.finally(() => (finished = true));
  const failures: string[] = [];
  let done = 0;
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      for (let index = 0; !finished && index < maxSteps; index += 1) {
        const result = await step(worker, index).catch((error: Error) => ({ ok: false, what: error.message }));
        done += 1;
        if (!result.ok) failures.push(result.what);
      }
    }),
  );
  await until;
  return { done, failures };
}

describe('gateway over several replicas of a service', () => {
  let stack: TestStack;
  let auth: Headers;
  let replicaUrls: string[];

  const get = async (path: string) => {
    const response = await fetch(`${stack.gatewayUrl}${path}`, { headers: auth });
    const text = await response.text();
    // A signed-in read answers 200: a 4xx during failover (a lost session, a refused token) is a failure too.
    return { ok: response.status === 200, what: `GET ${path}: ${response.status} ${text}` };
  };

  const contactsHealth = async () => {
    const report = (await (await fetch(`${stack.gatewayUrl}/api/health`)).json()) as {
      checks: Record<string, { status: string; checks?: Record<string, { status: string }> }>;
    };
    return report.checks.contacts!;
  };

  beforeAll(async () => {
    // Three addresses for contacts: replicas 1 and 2 run, 3 is the spare a rolling restart starts first.
    stack = await startTestStack({ services: ['auth', 'contacts', 'notifications'] });
    await stack.startService('contacts', { replica: 2 });
    const spare = await stack.startService('contacts', { replica: 3 });
    await stack.stopService('contacts', { replica: 3 });
    replicaUrls = stack.replicaUrls('contacts');
    expect(replicaUrls).toHaveLength(3);
    expect(replicaUrls[2]).toBe(spare.url);
    await stack.startService('gateway', { env: { CONTACTS_URL: replicaUrls.join(','), REPLICA_DOWN_MS: '500' } });
    auth = (await stack.registerUser()).authHeader;
  }, 240_000);

  afterAll(async () => {
    await stack?.stop();
  }, 60_000);

  it('spreads requests over the replicas that run, and reports each replica', async () => {
    const before = await Promise.all(replicaUrls.slice(0, 2).map(contactListRequests));
    for (let index = 0; index < 20; index += 1) expect((await get('/api/contacts')).ok).toBe(true);
    const after = await Promise.all(replicaUrls.slice(0, 2).map(contactListRequests));
    const served = after.map((count, index) => count - before[index]!);
    expect(served[0]! + served[1]!).toBe(20);
    // Round-robin over two live replicas (the spare, down, gets none): close to half each.
    expect(Math.min(...served)).toBeGreaterThanOrEqual(8);

    const health = await contactsHealth();
    expect(health.status).toBe('up');
    expect(health.checks).toEqual({
      [`replica ${new URL(replicaUrls[0]!).host}`]: { status: 'up' },
      [`replica ${new URL(replicaUrls[1]!).host}`]: { status: 'up' },
      [`replica ${new URL(replicaUrls[2]!).host}`]: { status: 'down' },
    });
  }, 60_000);

  it('a replica killed (SIGKILL) under a steady stream of GETs fails none of them', async () => {
    const victim = stack.running.get('contacts')!.find((handle) => handle.replica === 2)!;
    const drill = (async () => {
      // Let the load settle on both replicas, kill one, and keep the load going on the other.
      await eventually(async () => (await contactListRequests(victim.url)) > 5, { what: 'load on replica 2' });
      victim.kill('SIGKILL');
      await victim.exited;
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    })();
    const { done, failures } = await steadyLoad(4, () => get('/api/contacts'), drill);
    expect(failures).toEqual([]);
    expect(done).toBeGreaterThan(20);

    // Back in the pool once it runs again: the probe finds it live.
    await stack.startService('contacts', { replica: 2 });
    await eventually(
      async () => {
        const before = await contactListRequests(victim.url);
        for (let index = 0; index < 4; index += 1) await get('/api/contacts');
        return (await contactListRequests(victim.url)) > before;
      },
      { what: 'replica 2 serving again', timeoutMs: 20_000 },
    );
  }, 120_000);

  it('a replica told to stop (SIGTERM) keeps serving until the gateway has taken it out, then exits', async () => {
    const victim = stack.running.get('contacts')!.find((handle) => handle.replica === 2)!;
    victim.kill('SIGTERM');
    // Readiness fails at once; the port stays open (a closing port resets what it has not read).
    await eventually(async () => (await fetch(`${victim.url}/health`)).status === 503, { what: 'replica 2 draining' });
    const direct = await fetch(`${victim.url}/api/contacts?limit=1`, { headers: auth });
    expect(direct.status).toBe(200);
    expect(direct.headers.get(REPLICA_DRAINING_HEADER)).toBe('1');

    // Through the gateway every request is served, and none tells the client about replicas.
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => fetch(`${stack.gatewayUrl}/api/contacts?limit=1`, { headers: auth })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(200));
    expect(answers.filter((answer) => answer.headers.has(REPLICA_DRAINING_HEADER))).toEqual([]);
    // Taken out of the pool: the next requests all go to replica 1, and replica 2 exits cleanly.
    const servedBefore = await contactListRequests(replicaUrls[0]!);
    for (let index = 0; index < 6; index += 1) expect((await get('/api/contacts')).ok).toBe(true);
    expect((await contactListRequests(replicaUrls[0]!)) - servedBefore).toBe(6);
    expect(await victim.exited).toEqual({ code: 0, signal: null });
    expect((await contactsHealth()).checks![`replica ${new URL(victim.url).host}`]).toEqual({ status: 'down' });

    await stack.startService('contacts', { replica: 2 });
    await eventually(async () => (await contactsHealth()).status === 'up' && (await get('/api/contacts')).ok, {
      what: 'replica 2 back',
    });
  }, 60_000);

  it('a rolling restart (start a new replica, stop an old one with SIGTERM, repeat) under mixed GETs and POSTs fails no request', async () => {
    const created: string[] = [];
    const drill = (async () => {
      // Surge one: the spare starts, then replica 1 stops; replica 1 starts again, then replica 2 stops.
      for (const [start, stop] of [
        [3, 1],
        [1, 2],
      ] as const) {
        await stack.startService('contacts', { replica: start });
        await stack.stopService('contacts', { replica: stop });
      }
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    })();
    const { done, failures } = await steadyLoad(
      4,
      async (worker, index) => {
        if (index % 2 === 0) return get('/api/contacts?limit=5');
        const lastName = `Rolling${worker}x${index}`;
        const response = await fetch(`${stack.gatewayUrl}/api/contacts`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ firstName: 'Roll', lastName }),
        });
        const text = await response.text();
        if (response.status === 201) created.push(lastName);
        return { ok: response.status === 201, what: `POST /api/contacts: ${response.status} ${text}` };
      },
      drill,
    );
    expect(failures).toEqual([]);
    expect(done).toBeGreaterThan(20);
    // Every acknowledged create is there, once.
    const listed = await fetch(`${stack.gatewayUrl}/api/contacts?limit=1000&search=Roll`, { headers: auth });
    const names = ((await listed.json()) as { data: { items: { lastName: string }[] } }).data.items.map(
      (contact) => contact.lastName,
    );
    expect(names.filter((name) => name.startsWith('Rolling')).sort()).toEqual([...created].sort());
  }, 180_000);
});
