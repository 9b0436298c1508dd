// Issue 12, finding 9: "A crashed service stays down under `npm start`". With supervision on (as
// `npm start` runs it), a process that dies is started again and answers again, while the
// harness can still stop and start services on purpose.
//
// "Answers again within 5 s" is the restart delay (0.5 s) plus one boot of the service. The
// tests hold the supervisor to its part — a new process within the delay — and print the whole
// downtime: on a machine shared by several test runs one boot alone can take longer than 5 s.
import { RESTART_BACKOFF } from '../src/supervisor.mjs';
import { call, type RegisteredUser, sleep, startTestStack, type TestStack } from '../src/testing.mjs';

/** Jitter is ±10%; a loaded machine may notice the exit and fire the timer a little late. */
const SLACK_MS = 500;
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

/**
 * SIGKILLs the process of `name` and measures, from the moment it is gone, when a new process
 * was started and when `probe` answers 200 again.
 */
async function killAndTimeRecovery(name: string, probe: () => Promise<{ status: number }>) {
  const handle = stack.running.get(name)![0]!;
  const oldPid = handle.child.pid;
  const gone = handle.exited;
  handle.child.kill('SIGKILL');
  await gone;
  const goneAt = Date.now();
  const respawned = (async () => {
    while (handle.child.pid === oldPid) {
      if (Date.now() - goneAt > 60_000) throw new Error(`${name} was not restarted`);
      await sleep(10);
    }
    return Date.now() - goneAt;
  })();
  const statuses: number[] = [];
  for (;;) {
    const status = await statusOf(probe);
    statuses.push(status);
    if (status === 200) break;
    if (Date.now() - goneAt > 60_000) throw new Error(`${name} not back after 60 s: ${statuses.join(', ')}`);
    await sleep(100);
  }
  const recovery = { respawnMs: await respawned, downtimeMs: Date.now() - goneAt, statuses, oldPid };
  process.stdout.write(
    `${name}: new process ${recovery.respawnMs} ms after SIGKILL, answering after ${recovery.downtimeMs} ms\n`,
  );
  return { ...recovery, newPid: handle.child.pid };
}

describe('a service killed under supervision', () => {
  it('is started again after 0.5 s and answers through the gateway again', async () => {
    const recovery = await killAndTimeRecovery('contacts', listContacts);
    expect(recovery.statuses[0]).toBe(503); // the gateway saw it down...
    expect(recovery.newPid).not.toBe(recovery.oldPid); // ...and a new process serves
    expect(recovery.respawnMs).toBeGreaterThanOrEqual(delayBefore(1) * 0.9);
    expect(recovery.respawnMs).toBeLessThan(delayBefore(1) * 1.1 + SLACK_MS);
  });

  it('the gateway too', async () => {
    const recovery = await killAndTimeRecovery('gateway', liveness);
    expect(recovery.statuses[0]).toBe(0); // nothing listened...
    expect(recovery.newPid).not.toBe(recovery.oldPid);
    expect(recovery.respawnMs).toBeLessThan(delayBefore(1) * 1.1 + SLACK_MS);
    expect((await listContacts()).status).toBe(200);
  });

  it('waits twice as long after a second crash within a minute', async () => {
    const recovery = await killAndTimeRecovery('contacts', listContacts);
    expect(recovery.respawnMs).toBeGreaterThanOrEqual(delayBefore(2) * 0.9);
    expect(recovery.respawnMs).toBeLessThan(delayBefore(2) * 1.1 + SLACK_MS);
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
  });
});
