// A crashed service must not stay down under `npm start`. With supervision on (as
// `npm start` runs it), a process that dies is started again and "a killed service answers again
// within 5 s": after SIGKILL, its own /health answers ok within HEALTHY_WITHIN_MS, the restart
// delay (0.5 s, 1 s after a second crash) plus one boot (about 0.5-1 s with the machine's load
// average near 20). The harness can still stop and start services on purpose.
import { RESTART_BACKOFF } from '../src/supervisor.mjs';
import { call, type RegisteredUser, sleep, startTestStack, type TestStack } from '../src/testing.mjs';

/** Jitter is ±10%; a loaded machine may notice the exit and fire the timer a little late. */
const SLACK_MS = 500;
/** From SIGKILL to the service's /health answering ok again. */
const HEALTHY_WITHIN_MS = 5000;
const delayBefore = (crashInARow: number) => RESTART_BACKOFF.baseDelayMs * 2 ** (crashInARow - 1);

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
const liveness = () => call(stack.gatewayUrl, 'GET', '/api/health/live');
const statusOf = (probe: () => Promise<{ status: number }>) =>
  probe().then(
    (answer) => answer.status,
    () => 0, // connection refused: nothing listens
  );
const isHealthy = (url: string) =>
  fetch(url, { signal: AbortSignal.timeout(2000) }).then(
    (response) => response.ok,
    () => false,
  );

/**
 * SIGKILLs the process of `name` and measures, from the moment it is gone, when a new process
 * was started, when its own /health answers ok, and when `probe` answers 200 again.
 */
async function killAndTimeRecovery(name: string, probe: () => Promise<{ status: number }>) {
  const handle = stack.running.get(name)![0]!;
  const oldPid = handle.child.pid;
  const gone = handle.exited;
  handle.child.kill('SIGKILL');
  await gone;
  const goneAt = Date.now();
  const until = async (what: string, done: () => boolean | Promise<boolean>, intervalMs: number) => {
    while (!(await done())) {
      if (Date.now() - goneAt > 60_000) throw new Error(`${name}: ${what} not within 60 s`);
      await sleep(intervalMs);
    }
    return Date.now() - goneAt;
  };
  const respawned = until('a new process', () => handle.child.pid !== oldPid, 10);
  const healthy = until('/health ok', () => isHealthy(handle.healthUrl), 25);
  const statuses: number[] = [];
  const answering = until(
    'an answer through the gateway',
    async () => {
      statuses.push(await statusOf(probe));
      return statuses.at(-1) === 200;
    },
    100,
  );
  const recovery = { respawnMs: await respawned, healthyMs: await healthy, downtimeMs: await answering };
  process.stdout.write(
    `${name}: new process ${recovery.respawnMs} ms after SIGKILL, /health ok after ${recovery.healthyMs} ms, ` +
      `answering after ${recovery.downtimeMs} ms\n`,
  );
  return { ...recovery, statuses, oldPid, newPid: handle.child.pid };
}

describe('a service killed under supervision', () => {
  it('is started again after 0.5 s and answers through the gateway again', async () => {
    const recovery = await killAndTimeRecovery('contacts', listContacts);
    expect(recovery.statuses[0]).toBe(503); // the gateway saw it down...
    expect(recovery.newPid).not.toBe(recovery.oldPid); // ...and a new process serves
    expect(recovery.respawnMs).toBeGreaterThanOrEqual(delayBefore(1) * 0.9);
    expect(recovery.respawnMs).toBeLessThan(delayBefore(1) * 1.1 + SLACK_MS);
    expect(recovery.healthyMs).toBeLessThan(HEALTHY_WITHIN_MS);
  });

  it('the gateway too', async () => {
    const recovery = await killAndTimeRecovery('gateway', liveness);
    expect(recovery.statuses[0]).toBe(0); // nothing listened...
    expect(recovery.newPid).not.toBe(recovery.oldPid);
    expect(recovery.respawnMs).toBeLessThan(delayBefore(1) * 1.1 + SLACK_MS);
    expect(recovery.healthyMs).toBeLessThan(HEALTHY_WITHIN_MS);
    expect((await listContacts()).status).toBe(200);
  });

  it('waits twice as long after a second crash within a minute', async () => {
    // Its own two crashes, whatever the tests before did: a stop and start on purpose gives a new
    // supervisor (its count starts again, as the last test shows), then a first crash.
    await stack.stopService('contacts');
    await stack.startService('contacts');
    const first = await killAndTimeRecovery('contacts', listContacts);
    expect(first.respawnMs).toBeLessThan(delayBefore(1) * 1.1 + SLACK_MS);
    const recovery = await killAndTimeRecovery('contacts', listContacts);
    expect(recovery.respawnMs).toBeGreaterThanOrEqual(delayBefore(2) * 0.9);
    expect(recovery.respawnMs).toBeLessThan(delayBefore(2) * 1.1 + SLACK_MS);
    expect(recovery.healthyMs).toBeLessThan(HEALTHY_WITHIN_MS);
  });

  it('stays down when stopped on purpose, and is supervised again once started', async () => {
    await stack.stopService('contacts');
    await sleep(3 * delayBefore(3)); // a supervisor fighting the stop would have restarted it by now
    expect(await statusOf(listContacts)).toBe(503);
    await stack.startService('contacts');
    expect((await listContacts()).status).toBe(200);

    // A new supervisor: its first restart comes after the shortest delay again.
    const recovery = await killAndTimeRecovery('contacts', listContacts);
    expect(recovery.respawnMs).toBeLessThan(delayBefore(1) * 1.1 + SLACK_MS);
    expect(recovery.healthyMs).toBeLessThan(HEALTHY_WITHIN_MS);
  });
});
