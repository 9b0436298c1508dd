import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import pg from 'pg';

export interface ApiAnswer<T = any> {
  status: number;
  body: T;
}

/** Calls the API and reads the JSON answer. */
export async function call<T = any>(baseUrl: string, method: string, path: string, options: { body?: unknown; headers?: Record<string, string> } = {}): Promise<ApiAnswer<T>> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { ...(options.body === undefined ? {} : { 'content-type': 'application/json' }), ...options.headers },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

export async function sql<Row = Record<string, unknown>>(databaseUrl: string, text: string, values: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as Row[];
  } finally {
    await client.end();
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `probe` returns a truthy value. */
export async function eventually<T>(probe: () => Promise<T>, { timeoutMs = 10_000, what = 'condition' } = {}): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(100);
  }
}

export const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * A NATS server of this test file's own, so stacks that other test runs start on the shared NATS
 * cannot answer (or steal) this stack's requests and events: queue groups span every stack on a
 * server. Falls back to NATS_URL when no nats-server binary is installed.
 */
export async function startPrivateNats(): Promise<{ url: string; stop: () => Promise<void> }> {
  const binary = ['/usr/sbin/nats-server', '/usr/bin/nats-server', '/usr/local/bin/nats-server'].find(existsSync);
  if (!binary) return { url: process.env.NATS_URL!, stop: async () => {} };
  const port = await freePort();
  const child: ChildProcess = spawn(binary, ['-a', '127.0.0.1', '-p', String(port)], { stdio: 'ignore' });
  const url = `nats://127.0.0.1:${port}`;
  const accepts = () =>
    new Promise<boolean>((resolve) => {
      const socket = connect({ port, host: '127.0.0.1' });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
  await eventually(accepts, { timeoutMs: 10_000, what: 'nats-server' });
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
