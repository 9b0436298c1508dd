// Keeps one of the stack's processes running: when it dies unexpectedly it is started again on
// the same port, with a growing delay so a process that cannot start does not spin the machine.

/** 0.5 s after the first crash, doubling up to 30 s (±10% jitter). */
export const RESTART_BACKOFF = { maxAttempts: Number.POSITIVE_INFINITY, baseDelayMs: 500, maxDelayMs: 30_000 };
/** A process that stayed up this long starts over at the shortest delay when it dies. */
export const STABLE_AFTER_MS = 60_000;

/**
 * Signals and exit codes of a stop someone asked for: Ctrl-C in the terminal reaches every
 * process of the group, an operator's `kill` sends SIGTERM. Like systemd's Restart=on-failure,
 * such a process stays stopped; a crash (non-zero exit, SIGKILL, SIGSEGV...) is restarted.
 */
const CLEAN_SIGNALS = new Set(['SIGINT', 'SIGTERM', 'SIGHUP']);
export const isCleanExit = ({ code, signal }) => code === 0 || CLEAN_SIGNALS.has(signal);

const describeExit = ({ code, signal }) => (signal ? `killed by ${signal}` : `exit code ${code}`);
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Starts a process (`spawn()` returns a startProcess handle, `ready(proc)` resolves once it
 * serves) and, when `restart` is on, restarts it after an unexpected exit. The first start's
 * failure is thrown to the caller; later ones are retried with backoff. `stop()` is a deliberate
 * stop: no restart follows, and a pending one is cancelled. `halted()` lets the owner veto
 * restarts while it shuts everything down.
 */
export async function supervise({
  label,
  spawn,
  ready,
  restart = true,
  halted = () => false,
  log = (line) => process.stdout.write(`${line}\n`),
  backoff = RESTART_BACKOFF,
  stableAfterMs = STABLE_AFTER_MS,
}) {
  // Loaded here, not at the top: @kith/stack is imported before the build that makes @kith/contracts' dist.
  const { retryDelayMs } = await import('@kith/contracts');
  let current = spawn();
  let stopped = false;
  let failures = 0;
  let timer = null;
  const wanted = () => !stopped && !halted();

  function watch(proc) {
    const startedAt = Date.now();
    proc.exited.then((exit) => {
      if (!restart || !wanted() || proc !== current) return;
      if (isCleanExit(exit)) {
        // Ctrl-C reaches this process before the launcher has said it is stopping: wait a moment
        // so a whole-stack shutdown does not print a line per process.
        setTimeout(() => {
          if (wanted()) log(`[supervisor] ${label} stopped (${describeExit(exit)}); not restarting it`);
        }, 1000).unref();
        return;
      }
      if (Date.now() - startedAt >= stableAfterMs) failures = 0;
      failures += 1;
      const delayMs = retryDelayMs(failures, backoff);
      log(
        `[supervisor] ${label} exited unexpectedly (${describeExit(exit)}); restarting it in ${seconds(delayMs)}` +
          (failures > 1 ? ` (crash ${failures} in a row, each within ${seconds(stableAfterMs)} of starting)` : ''),
      );
      timer = setTimeout(relaunch, delayMs);
    });
  }

  async function relaunch() {
    timer = null;
    if (!wanted()) return;
    const proc = spawn();
    current = proc;
    watch(proc);
    try {
      await ready(proc);
      if (wanted() && proc === current) log(`[supervisor] ${label} is back (pid ${proc.child.pid})`);
    } catch {
      // Alive but not serving: kill it, and the exit schedules the next attempt. One that
      // already died was scheduled by its exit.
      if (proc.child.exitCode === null && proc.child.signalCode === null) proc.child.kill('SIGKILL');
    }
  }

  try {
    await ready(current);
  } catch (error) {
    await current.stop();
    throw error;
  }
  watch(current);

  return {
    label,
    get child() {
      return current.child;
    },
    get exited() {
      return current.exited;
    },
    recentOutput: () => current.recentOutput(),
    /** Kills the current process on purpose, without its output dumped; a supervisor restarts it as after a crash. */
    kill: (signal) => current.kill(signal),
    async stop(timeoutMs) {
      stopped = true;
      clearTimeout(timer);
      await current.stop(timeoutMs);
    },
  };
}
