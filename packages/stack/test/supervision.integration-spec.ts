// Issue 12, finding 9: "A crashed service stays down under `npm start`". With supervision on (as
// `npm start` runs it), a process that dies is started again and answers within seconds, while
// the harness can still stop and start services on purpose.
import { call, type RegisteredUser, sleep, startTestStack, type TestStack } from '../src/testing.mjs';

/** Issue 12: "a killed service answers again within 5 s". */
const BACK_WITHIN_MS = 5000;
/** The first restart waits 0.5 s (+10% jitter); polling every 100 ms and the gateway's own retry add a little. */
const RESTART_OVERHEAD_MS = 550 + 1000;

let stack: TestStack;
let user: RegisteredUser;

beforeAll(async () => {
  stack = await startTestStack({ services: ['auth', 'contacts', 'gateway'], supervise: true });
  user = await stack.registerUser();
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

const listContacts = () => call(stack.gatewayUrl, 'GET', '/api/contacts', { headers: user.authHeader });

/** SIGKILLs the process of `name`, waits until it is gone, then polls `probe` until it answers 200. */
async function killAndTimeRecovery(name: string, probe: () => Promise<{ status: number }>) {
  const handle = stack.running.get(name)![0]!;
  const { pid } = handle.child;
  const gone = handle.exited;
  const killedAt = Date.now();
  handle.child.kill('SIGKILL');
  await gone;
  const statuses: number[] = [];
  for (;;) {
    const status = await probe().then(
      (answer) => answer.status,
      () => 0, // connection refused: the process itself is down
    );
    statuses.push(status);
    if (status === 200) break;
    if (Date.now() - killedAt > 30_000) throw new Error(`${name} not back after 30 s: ${statuses.join(', ')}`);
    await sleep(100);
  }
  return { downtimeMs: Date.now() - killedAt, statuses, oldPid: pid, newPid: handle.child.pid };
}

/**
 * How long starting `name` takes on this machine right now (stopped and started on purpose, which
 * must not be fought by the supervisor). A restart cannot be faster than that: on a machine
 * shared by several test runs a boot alone can take longer than 5 s.
 */
async function timeOneBoot(name: string, probe: () => Promise<{ status: number }>): Promise<number> {
  await stack.stopService(name);
  await sleep(1500); // three times the first restart delay: a supervisor fighting the stop would have restarted it
  expect(
    await probe().then(
      (answer) => answer.status,
      () => 0,
    ),
  ).not.toBe(200);
  const startedAt = Date.now();
  await stack.startService(name);
  return Date.now() - startedAt;
}

/** Within 5 s, unless one boot on this (loaded) machine already takes more than 5 s minus the restart delay. */
const budgetFor = (bootMs: number) => Math.max(BACK_WITHIN_MS, bootMs + RESTART_OVERHEAD_MS);

describe('a service killed under supervision', () => {
  it('answers again through the gateway within 5 s, and stays down when stopped on purpose', async () => {
    const bootMs = await timeOneBoot('contacts', listContacts);
    expect((await listContacts()).status).toBe(200);

    const recovery = await killAndTimeRecovery('contacts', listContacts);
    expect(recovery.statuses[0]).toBe(503); // the gateway saw it down...
    expect(recovery.newPid).not.toBe(recovery.oldPid); // ...and a new process serves
    process.stdout.write(`contacts: back ${recovery.downtimeMs} ms after SIGKILL (one boot: ${bootMs} ms)\n`);
    expect(recovery.downtimeMs).toBeLessThan(budgetFor(bootMs));
  });

  it('the gateway too', async () => {
    const live = () => call(stack.gatewayUrl, 'GET', '/api/health/live');
    const bootMs = await timeOneBoot('gateway', live);

    const recovery = await killAndTimeRecovery('gateway', live);
    expect(recovery.statuses[0]).toBe(0); // nothing listened...
    expect(recovery.newPid).not.toBe(recovery.oldPid);
    process.stdout.write(`gateway: back ${recovery.downtimeMs} ms after SIGKILL (one boot: ${bootMs} ms)\n`);
    expect(recovery.downtimeMs).toBeLessThan(budgetFor(bootMs));
    expect((await listContacts()).status).toBe(200);
  });

  it('a process that crashes again is restarted again', async () => {
    const first = await killAndTimeRecovery('contacts', listContacts);
    const second = await killAndTimeRecovery('contacts', listContacts);
    expect(new Set([first.oldPid, first.newPid, second.newPid]).size).toBe(3);
    expect((await listContacts()).status).toBe(200);
  });
});
