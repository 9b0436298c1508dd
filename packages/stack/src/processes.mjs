// Child-process plumbing for the launcher: spawn with prefixed or captured output, wait for
// readiness, and stop everything (SIGTERM, then SIGKILL) so no process is left behind.
import { spawn } from 'node:child_process';
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { createServer } from 'node:net';

const children = new Set();

/** Ports this process has handed out: picked, but maybe not bound yet by the process they are for. */
const handedOut = new Set();

/**
 * A free TCP port for a process we are about to start. Chosen below Linux's ephemeral range
 * (32768+), because a port from that range can be taken by any outgoing connection on the machine
 * (a database client, a fetch) in the seconds before our process listens on it: that happened,
 * as EADDRINUSE, while several test stacks ran at once. Random, so parallel stacks rarely meet;
 * never the same one twice from this process, because a stack picks all its ports before any of
 * its services binds one (two services were once given one port, and the loser's readiness check
 * was answered by the winner).
 */
export async function freePort() {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const port = LOW_PORTS.from + Math.floor(Math.random() * (LOW_PORTS.to - LOW_PORTS.from));
    if (handedOut.has(port) || !(await isPortFree(port))) continue;
    handedOut.add(port);
    return port;
  }
  return osAssignedPort();
}
const LOW_PORTS = { from: 20_000, to: 32_000 };

function osAssignedPort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export function isPortFree(port, host = '0.0.0.0') {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

/** The port if nothing listens there yet, else a free one (so defaults stay stable when possible). */
export async function preferredPort(port) {
  return (await isPortFree(port, '127.0.0.1')) ? port : freePort();
}

/** The last lines of a file (its last 64 KB at most). */
function tailOf(file) {
  const fd = openSync(file, 'r');
  try {
    const size = fstatSync(fd).size;
    const buffer = Buffer.alloc(Math.min(size, 65_536));
    readSync(fd, buffer, 0, buffer.length, size - buffer.length);
    return buffer.toString().split('\n').filter(Boolean).slice(-200);
  } finally {
    closeSync(fd);
  }
}

/**
 * Spawns a long-running child. Output goes to the console with a `[name]` prefix, or, when
 * `quiet`, into a ring buffer that is printed only if the child dies unexpectedly. With `logFile`
 * it goes straight to that file (appended), as a log driver would take it: nothing passes
 * through this process, whose event loop may be busy (a benchmark generating load).
 */
export function startProcess(name, command, args, { env, cwd, quiet = false, logFile } = {}) {
  const logFd = logFile ? openSync(logFile, 'a') : undefined;
  const child = spawn(command, args, { env, cwd, stdio: ['ignore', logFd ?? 'pipe', logFd ?? 'pipe'] });
  if (logFd !== undefined) closeSync(logFd);
  const recent = [];
  const onData = (chunk) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line) continue;
      recent.push(line);
      if (recent.length > 200) recent.shift();
      if (!quiet) process.stdout.write(`[${name}] ${line}\n`);
    }
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const recentLines = () => (logFile ? tailOf(logFile) : recent);
  children.add(child);
  let stopping = false;
  const exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => {
      children.delete(child);
      if (!stopping && quiet)
        process.stderr.write(`[${name}] exited (${code ?? signal}):\n${recentLines().slice(-40).join('\n')}\n`);
      resolve({ code, signal });
    }),
  );
  return {
    name,
    child,
    exited,
    recentOutput: () => recentLines().join('\n'),
    /** Sends `signal` on purpose (a failure drill): its exit is not reported as unexpected. */
    kill(signal = 'SIGKILL') {
      stopping = true;
      child.kill(signal);
    },
    async stop(timeoutMs = 8000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      stopping = true;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Polls `probe` until it resolves truthy, failing early if the process exits. */
export async function waitUntil(probe, { timeoutMs = 60_000, intervalMs = 150, process: proc, what }) {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  proc?.exited.then(() => {
    exited = true;
  });
  while (Date.now() < deadline) {
    if (exited) throw new Error(`${what} exited before it was ready:\n${proc.recentOutput()}`);
    try {
      if (await probe()) return;
    } catch {
      // not ready yet
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new Error(`${what} was not ready within ${timeoutMs} ms${proc ? `:\n${proc.recentOutput()}` : ''}`);
}

export async function httpOk(url) {
  const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
  return response.ok;
}

/** Last-resort cleanup if the parent exits without stopping its children. */
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});
