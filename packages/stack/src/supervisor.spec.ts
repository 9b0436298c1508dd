import { startProcess } from './processes.mjs';
import { isCleanExit, supervise } from './supervisor.mjs';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A real child process that runs until it is killed (or, with `exitAfterMs`, exits with code 3). */
const spawnChild = (exitAfterMs?: number) => () =>
  startProcess(
    'child',
    process.execPath,
    ['-e', exitAfterMs ? `setTimeout(() => process.exit(3), ${exitAfterMs})` : 'setInterval(() => {}, 1000)'],
    // Not quiet: a quiet child's unexpected exit prints its output, noise here.
    { quiet: false },
  );

async function until(probe: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

function startSupervised(options: { spawn?: () => unknown; restart?: boolean; halted?: () => boolean } = {}) {
  const lines: string[] = [];
  const handle = supervise({
    label: 'child',
    spawn: options.spawn ?? spawnChild(),
    ready: async () => {},
    restart: options.restart ?? true,
    halted: options.halted,
    log: (line: string) => lines.push(line),
    backoff: { maxAttempts: Number.POSITIVE_INFINITY, baseDelayMs: 100, maxDelayMs: 400 },
  });
  return { lines, handle };
}

describe('supervise', () => {
  let stops: Array<() => Promise<void>> = [];
  afterEach(async () => {
    await Promise.all(stops.map((stop) => stop()));
    stops = [];
  });

  it('restarts a process that was killed, and says so', async () => {
    const { lines, handle: started } = startSupervised();
    const handle = await started;
    stops.push(() => handle.stop());
    const first = handle.child.pid;
    handle.child.kill('SIGKILL');
    await until(() => handle.child.pid !== first && lines.some((line) => line.includes('is back')), 'a restart');
    expect(lines[0]).toMatch(
      /^\[supervisor\] child exited unexpectedly \(killed by SIGKILL\); restarting it in 0\.1 s$/,
    );
    expect(lines[1]).toBe(`[supervisor] child is back (pid ${handle.child.pid})`);
    expect(handle.child.exitCode).toBeNull();
  });

  it('waits longer after each crash in a row, up to the cap', async () => {
    const { lines, handle: started } = startSupervised({ spawn: spawnChild(50) });
    const handle = await started;
    stops.push(() => handle.stop());
    await until(() => lines.filter((line) => line.includes('exited unexpectedly')).length >= 4, 'four crashes', 10_000);
    const delays = lines
      .filter((line) => line.includes('exited unexpectedly'))
      .slice(0, 4)
      .map((line) => Number(/in ([\d.]+) s/.exec(line)![1]));
    expect(delays).toEqual([0.1, 0.2, 0.4, 0.4]);
    expect(lines.find((line) => line.includes('exited unexpectedly'))).toContain('(exit code 3)');
    expect(lines).toContainEqual(expect.stringContaining('(crash 3 in a row, each within 60.0 s of starting)'));
  });

  it('does not restart after a deliberate stop, nor while the owner halts everything', async () => {
    const stopped = startSupervised();
    const stoppedHandle = await stopped.handle;
    await stoppedHandle.stop();

    let halting = false;
    const halted = startSupervised({ halted: () => halting });
    const haltedHandle = await halted.handle;
    stops.push(() => haltedHandle.stop());
    const pid = haltedHandle.child.pid;
    halting = true;
    haltedHandle.child.kill('SIGKILL');

    await sleep(600);
    expect([stopped.lines, halted.lines]).toEqual([[], []]);
    expect(haltedHandle.child.pid).toBe(pid);
  });

  it('leaves a process stopped by SIGINT or SIGTERM stopped (Ctrl-C, an operator), and says so', async () => {
    const { lines, handle: started } = startSupervised();
    const handle = await started;
    const pid = handle.child.pid;
    handle.child.kill('SIGTERM');
    await until(() => lines.length > 0, 'the log line', 3000);
    expect(lines).toEqual(['[supervisor] child stopped (killed by SIGTERM); not restarting it']);
    expect(handle.child.pid).toBe(pid);
  });

  it('without restart, only starts the process', async () => {
    const { lines, handle: started } = startSupervised({ restart: false });
    const handle = await started;
    handle.child.kill('SIGKILL');
    await sleep(400);
    expect(lines).toEqual([]);
  });
});

describe('isCleanExit', () => {
  it('counts exit code 0 and SIGINT/SIGTERM/SIGHUP as asked for, anything else as a crash', () => {
    expect([0, 1].map((code) => isCleanExit({ code, signal: null }))).toEqual([true, false]);
    expect(
      ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGKILL', 'SIGSEGV'].map((signal) => isCleanExit({ code: null, signal })),
    ).toEqual([true, true, true, false, false]);
  });
});
